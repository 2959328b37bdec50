import { fromMicro, toMicro } from '@app/contracts/money';

/**
 * Exact money arithmetic for the previews of money actions: amounts from the API (JSON numbers with
 * at most 6 decimals) become integer micro-units, as on the server, so fee and net match to the unit.
 */
export function micro(value: number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (value < 0) return -(toMicro(-value) ?? 0n);
  return toMicro(value) ?? 0n;
}

/** Micro-units back to the JSON number the API takes. */
export function toWire(value: bigint): number {
  return fromMicro(value);
}

/** Whole days since an ISO date, counted as the server does (Infinity without a date). */
export function daysSince(iso: string | null | undefined, now = Date.now()): number {
  if (!iso) return Number.POSITIVE_INFINITY;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.floor((now - at) / 86_400_000) : Number.POSITIVE_INFINITY;
}

/** "12.5 %" without trailing zeros. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} %`;
}
