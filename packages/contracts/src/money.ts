/**
 * Money crosses the wire as a JSON number with at most 6 decimals and lives everywhere else as
 * integer micro-units (1 USDT = 1_000_000). Conversion goes through the decimal string, never
 * through float arithmetic, so 0.1 + 0.2 style drift cannot enter a balance.
 */
import { z } from 'zod';

export const MICRO = 1_000_000n;
/**
 * Largest amount accepted or sent: just under one billion USDT. Up to here an amount with 6
 * decimals has at most 15 significant digits, which a JSON (IEEE double) number holds exactly.
 */
export const MAX_AMOUNT_MICRO = 1_000_000_000n * MICRO - 1n;

/** Parses "12.5", 12.5 or "12" into micro-units; null when it is not a plain non-negative decimal of <= 6 places. */
export function toMicro(value: string | number): bigint | null {
  const text = typeof value === 'number' ? plainDecimal(value) : value.trim();
  if (text === null) return null;
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const frac = BigInt((match[2] ?? '').padEnd(6, '0'));
  return whole * MICRO + frac;
}

/**
 * A JSON number as the exact decimal text it was written as (no exponent): the shortest round-trip
 * form, with an exponent form (1e-7, 1.5e21) expanded by moving the point in the digits, never
 * through float arithmetic. Null for negative or non-finite numbers.
 */
export function plainDecimal(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const text = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!m) return text;
  const digits = `${m[1]}${m[2] ?? ''}`.replace(/^0+(?=\d)/, '');
  const point = m[1]!.length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '');
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Micro-units to the JSON number sent to clients (exact up to MAX_AMOUNT_MICRO). */
export function fromMicro(micro: bigint): number {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const text = `${abs / MICRO}.${(abs % MICRO).toString().padStart(6, '0')}`;
  return Number(negative ? `-${text}` : text);
}

/**
 * What is wrong with a typed amount, in words (issue 29.8: one catch-all message told nobody what to
 * fix). Shared by the server's 400 answers and every web form.
 */
export const AMOUNT_MSG = {
  empty: 'Enter an amount',
  notNumber: 'Enter a number, such as 12.50',
  negative: 'Enter an amount of 0 or more',
  decimals: 'Use at most 6 decimals',
  tooLarge: `Too large (at most ${formatUsdt(MAX_AMOUNT_MICRO, 6)})`,
  /** "1,000" or "1,000.50": one thousand, or one? Said, never guessed. */
  separators: 'Write the amount without thousands separators, with a point or a comma for decimals: 1000.50',
} as const;

/**
 * A typed or sent amount in micro-units, or what is wrong with it. Accepts what people type beside
 * the API's plain decimal: surrounding spaces, a decimal comma ("12,5", as many keyboards and locales
 * write it), and a bare point (".5", "5."). A comma followed by exactly three digits ("1,000") could
 * be a thousands separator as well: it is refused with the reason, never read either way.
 */
export function parseAmount(value: string | number): { micro: bigint } | { problem: string } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: AMOUNT_MSG.notNumber };
    if (value < 0) return { problem: AMOUNT_MSG.negative };
    text = plainDecimal(value) ?? '';
  } else {
    text = value.trim();
    if (text === '') return { problem: AMOUNT_MSG.empty };
    if (/^-\s*[\d.,]/.test(text)) return { problem: AMOUNT_MSG.negative };
    const comma = /^(\d*),(\d+)$/.exec(text);
    if (comma) {
      if (comma[2]!.length === 3 && comma[1] !== '' && comma[1] !== '0')
        return { problem: AMOUNT_MSG.separators };
      text = `${comma[1]}.${comma[2]}`;
    } else if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return { problem: AMOUNT_MSG.separators };
    text = text.replace(/^\./, '0.').replace(/\.$/, '');
  }
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!parts) return { problem: AMOUNT_MSG.notNumber };
  if ((parts[2] ?? '').length > 6) return { problem: AMOUNT_MSG.decimals };
  const whole = parts[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 9) return { problem: AMOUNT_MSG.tooLarge };
  const micro = toMicro(parts[2] ? `${whole}.${parts[2]}` : whole);
  if (micro === null) return { problem: AMOUNT_MSG.notNumber };
  return micro > MAX_AMOUNT_MICRO ? { problem: AMOUNT_MSG.tooLarge } : { micro };
}

/** A money input: number or numeric string, >= 0, <= 6 decimals, bounded; parsed to micro-units. */
export const moneyInput = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const parsed = parseAmount(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed.micro;
});

/**
 * Formats money for people: "1,234.50 USDT" (two decimals on screen, at most 6), rounded half away
 * from zero. Micro-units (bigint) are formatted in integer arithmetic, exact at any size; a number is
 * an amount in USDT (an API figure) and is taken to the micro-unit first. No Intl formatter is built
 * per call: the server formats every income's notification with it.
 */
export function formatUsdt(amount: bigint | number, decimals = 2): string {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return `${amount} USDT`;
  const micro = typeof amount === 'bigint' ? amount : BigInt(Math.round(amount * Number(MICRO)));
  const places = Math.min(Math.max(Math.trunc(decimals), 0), 6);
  const step = 10n ** BigInt(6 - places);
  const magnitude = micro < 0n ? -micro : micro;
  const rounded = (magnitude + step / 2n) / step;
  const scale = 10n ** BigInt(places);
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = places > 0 ? `.${(rounded % scale).toString().padStart(places, '0')}` : '';
  return `${micro < 0n && rounded > 0n ? '-' : ''}${whole}${fraction} USDT`;
}

/**
 * `percent` of an amount in micro-units, rounded down (a fee or an income never exceeds its
 * exact value). `percent` is a decimal with at most 6 places, as a number or a numeric string.
 */
export function percentOf(amount: bigint, percent: string | number): bigint {
  let microPercent = percentCache.get(percent);
  if (microPercent === undefined) {
    // "10.5000" as PostgreSQL writes a numeric; trailing zeros only after a decimal point ("10" is ten)
    const parsed = toMicro(
      typeof percent === 'string' && percent.includes('.')
        ? percent.replace(/0+$/, '').replace(/\.$/, '') || '0'
        : percent,
    );
    if (parsed === null) throw new Error(`Invalid percent: ${percent}`);
    microPercent = parsed;
    if (percentCache.size < 10_000) percentCache.set(percent, parsed);
  }
  return (amount * microPercent) / (100n * MICRO);
}

/** Percents as written in settings and plans are few: each is parsed once (claims pay ten or more a time). */
const percentCache = new Map<string | number, bigint>();
