/**
 * The server's words in the member's language (issue 38): the mail and notifications a member gets.
 * One library with the web app: Lingui 6 (@lingui/core renders, @lingui/message-utils compiles). The
 * catalogs are JSON files of ICU messages, one per shipped locale (locales/<locale>.json, the list in
 * packages/contracts/src/locales.ts), compiled once when this module loads: a few dozen messages
 * compile in a millisecond, and compiling here keeps the JSON the one source (no generated files to
 * keep in step). A message a catalog lacks falls back to English; a test keeps every catalog complete.
 *
 * Amounts never pass through a float: the exact decimal string of the micro-units goes to
 * Intl.NumberFormat (which formats a decimal string exactly). Arabic and Hindi keep Latin digits, as
 * the web app does (apps/web/src/i18n/locales.ts): an amount reads like the address or hash beside it.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, RTL_LOCALES } from '@app/contracts/locales';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import id from './locales/id.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };

export type MessageId = keyof typeof en;

/** The shipped catalogs as written (ICU MessageFormat), for the completeness test. */
export const CATALOGS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  ru,
  hi,
  id,
  ar,
};

function compile(catalog: Readonly<Record<string, string>>): Messages {
  const out: Messages = {};
  // a message that does not parse stops the server at start, never a mail at send time
  for (const [key, text] of Object.entries(catalog)) out[key] = compileMessageOrThrow(text);
  return out;
}

const english = compile(en);
/** One Lingui instance per locale, activated once: rendering never switches a shared one. */
const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const messages = locale === 'en' ? english : { ...english, ...compile(CATALOGS[locale]) };
    return [locale, setupI18n({ locale: intlLocale(locale), messages: { [intlLocale(locale)]: messages } })];
  }),
);

/** The locale Intl formats with: Latin digits for Arabic and Hindi (see above). */
export function intlLocale(locale: Locale): string {
  return locale === 'ar' || locale === 'hi' ? `${locale}-u-nu-latn` : locale;
}

/** A stored locale (users.locale), or English when the member never chose one. */
export function localeOrDefault(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * A value of a message: text as it is; `{ usdt }` an amount in micro-units, formatted in the locale
 * with `places` decimals (2 unless given; `exact` shows 6 when the amount has more than 2); `{ msg }`
 * another message of the catalog (a wallet's or an income's name), rendered in the same locale.
 */
export type Value =
  | string
  | number
  | { usdt: bigint; places?: number; exact?: boolean }
  | { msg: MessageId }
  | { date: Date };

export interface Text {
  id: MessageId;
  values?: Record<string, Value>;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function amountFormat(locale: Locale, places: number): Intl.NumberFormat {
  const key = `${locale}|${places}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      roundingMode: 'halfExpand',
      signDisplay: 'negative',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** The exact decimal string of micro-units ("1234.5", "-0.000001"): no float on the way. */
export function microDecimal(micro: bigint): `${number}` {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}` as `${number}`;
}

/** "1,234.50 USDT" (en), "1.234,50 USDT" (es), "1 234,50 USDT" (fr): the currency after, as on screen. */
export function usdtIn(locale: Locale, micro: bigint, places = 2): string {
  const amount = `${amountFormat(locale, places).format(microDecimal(micro))} USDT`;
  // in right-to-left text, digits then "USDT" would be reordered ("USDT 10.00"): isolated left to right
  return RTL_LOCALES.has(locale) ? `\u2066${amount}\u2069` : amount;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
/**
 * A moment in UTC to the minute, in the locale's words ("29 nov 2026, 08:15 UTC"); English keeps the
 * form its mail always had ("2026-11-29 08:15 UTC").
 */
export function utcIn(locale: Locale, at: Date): string {
  if (locale === 'en') return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return `${format.format(at)} UTC`;
}

const listFormats = new Map<Locale, Intl.ListFormat>();
/** "a, b y c" (es), "a, b et c" (fr): a list joined as the locale joins one. */
export function listIn(locale: Locale, items: string[]): string {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

function resolve(locale: Locale, value: Value): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('usdt' in value) {
    const places = value.places ?? (value.exact && value.usdt % 10_000n !== 0n ? 6 : 2);
    return usdtIn(locale, value.usdt, places);
  }
  if ('date' in value) return utcIn(locale, value.date);
  return t(locale, { id: value.msg });
}

/** A message of the catalog in `locale`. */
export function t(locale: Locale, text: Text): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(text.values ?? {})) values[key] = resolve(locale, value);
  return instances.get(locale)!._(text.id, values);
}
