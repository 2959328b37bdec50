import { i18n } from '@lingui/core';
import { formatAmount, microToDecimal } from '../i18n/format';
import { intlLocale } from '../i18n/locales';

/** Exactly as the ledger counts it: the JSON number of USDT (<= 6 decimals) in micro-units. */
function usdt(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return `${value} USDT`;
  const micro = BigInt(Math.round(value * 1_000_000));
  const magnitude = formatAmount(microToDecimal(micro < 0n ? -micro : micro), { decimals });
  // a minus only when something is left after rounding ("-0.00" reads as a debt)
  const sign = micro < 0n && /[1-9]/.test(magnitude) ? '-' : '';
  return `${sign}${magnitude} USDT`;
}

/**
 * Money from the API arrives as a JSON number of USDT (<= 6 decimals): shown with two, exact in the
 * title, in the active language's separators (issue 38; English reads as before: 1,234.56 USDT).
 */
export function money(value: number): { text: string; exact: string } {
  return { text: usdt(value, 2), exact: usdt(value, 6) };
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// numeric 'always' and the long style: 'auto' turned 13 days into "last wk." and 'short' into
// abbreviations nobody reads at a glance ("3 hr. ago")
const relatives = new Map<string, Intl.RelativeTimeFormat>();
function relative(): Intl.RelativeTimeFormat {
  const locale = intlLocale(i18n.locale || 'en');
  let format = relatives.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' });
    relatives.set(locale, format);
  }
  return format;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2025, 14:03" in the member's locale, or a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : '—';
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  // no weeks: "13 days ago" says what "1 week ago" rounds away
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago" / "in 2 days" / "13 days ago"; "just now" under a minute. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  const date = parse(iso);
  if (!date) return '—';
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.trunc(seconds / size), unit);
  }
  // "just now" in English as before; Intl's own word ("ahora", "الآن") in the member's language
  if (!i18n.locale || i18n.locale === 'en') return 'just now';
  return new Intl.RelativeTimeFormat(intlLocale(i18n.locale), { numeric: 'auto' }).format(0, 'second');
}

/** A moment that has passed, as "5 min ago": a server clock a little ahead of this browser's never reads "in 1 min". */
export function formatPast(iso: string | null | undefined): string {
  const at = parse(iso)?.getTime() ?? Number.NaN;
  return formatRelative(iso, Number.isNaN(at) ? Date.now() : Math.max(Date.now(), at));
}

export function formatCount(value: number): string {
  return value.toLocaleString(intlLocale(i18n.locale || 'en'));
}

/** A length of time from its seconds: "under 1 s", "42 s", "3 min 05 s", "1 h 02 min" (a run's duration). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 1) return 'under 1 s';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${two(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min`;
}
