import { fromMicro, parseAmount, toMicro } from '@app/contracts/money';

/**
 * Exact money arithmetic for the previews of money actions: amounts from the API (JSON numbers with
 * at most 6 decimals) become integer micro-units, as on the server, so fee and net match to the unit.
 */
export function micro(value: number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (value < 0) return -(toMicro(-value) ?? 0n);
  return toMicro(value) ?? 0n;
}

/**
 * A typed amount for a live preview, read as the form's schema reads it (a decimal comma too):
 * micro-units, or null while it is not an amount yet (the schema's message says why on submit).
 */
export function typedMicro(text: string | undefined): bigint | null {
  if (!text?.trim()) return null;
  const parsed = parseAmount(text);
  return 'micro' in parsed ? parsed.micro : null;
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

/** "12.5 %" without trailing zeros: a rate as it was set (a plan's ROI, a fee). */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} %`;
}

/**
 * A computed share or change at one precision ("96.1 %", "97.6 %", "100.0 %"), so the figures of a
 * screen line up: rounded to their own lengths they read "96.06 %" beside "97.6 %" (issue 29.13).
 */
export function formatShare(value: number, decimals = 1): string {
  return `${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} %`;
}
