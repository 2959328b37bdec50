import { i18n } from '@lingui/core';
import { intlLocale } from './locales';

/*
 * Numbers and dates in the active language's conventions (locales.ts says which digits). Amounts
 * come from the API as decimal strings and go to Intl.NumberFormat as strings: Intl formats a
 * decimal string exactly (ECMA-402 "Intl.NumberFormat v3"), so an amount never passes through a
 * float. Times are in the member's time zone, which is the browser's.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const locale = intlLocale(i18n.locale || 'en');
  const full = `${locale}|${key}`;
  let format = cache.get(full) as T | undefined;
  if (!format) {
    format = make(locale);
    cache.set(full, format);
  }
  return format;
}

/** A decimal string such as "1234.5" or "-0.000001"; anything else is refused, not guessed at. */
export type DecimalString = `${number}`;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "1,234.56" (en), "1.234,56" (es), "1 234,56" (fr), "1,234.56" (ar, Latin digits): two decimals by default. */
export function formatAmount(value: string, { decimals = 2 }: { decimals?: number } = {}): string {
  if (!DECIMAL.test(value)) return value;
  return cached(`amount${decimals}`, (locale) => {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'halfExpand',
    });
  }).format(value as DecimalString);
}

/** An amount in micro-units (the ledger's integers) as a decimal string, exactly. */
export function microToDecimal(micro: bigint): DecimalString {
  const negative = micro < 0n;
  const magnitude = negative ? -micro : micro;
  const whole = magnitude / 1_000_000n;
  const fraction = (magnitude % 1_000_000n).toString().padStart(6, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}` as DecimalString;
}

/** A percentage given as the API writes it ("12.5" is 12.5 %): "12.5 %" (fr), "12,5 %" (es), "12.5%" (en). */
export function formatPercent(value: string, { decimals = 2 }: { decimals?: number } = {}): string {
  if (!DECIMAL.test(value)) return value;
  // a percent style multiplies by 100: shift the decimal point in the string instead of in a float
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const digits = whole.padStart(3, '0');
  const shifted = `${value.startsWith('-') ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}${fraction}`;
  const ratio = shifted.replace(/^(-?)0+(?=\d)/, '$1') as DecimalString;
  return cached(`percent${decimals}`, (locale) => {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: decimals });
  }).format(ratio);
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 nov 2025, 14:03" in the active language and the browser's time zone, or a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '—';
  return cached(
    'datetime',
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '—';
  return cached('date', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(date);
}
