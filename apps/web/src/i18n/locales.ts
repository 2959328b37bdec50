import {
  DEFAULT_LOCALE,
  isLocale as isShippedLocale,
  LOCALES,
  RTL_LOCALES,
  type Locale as ShippedLocale,
} from '@app/contracts/locales';

/**
 * The languages the web app ships: the product's one list (packages/contracts/src/locales.ts, which
 * the server's catalogs and the member's stored `locale` read too), plus lingui.config.ts's
 * development pseudo-locale. Each language is named in its own words in the picker: a visitor finds
 * their language without reading ours.
 */
export { DEFAULT_LOCALE, LOCALES, type ShippedLocale };
/** Development only: accented and 35 % longer (lingui.config.ts); never offered in the picker. */
export const PSEUDO_LOCALE = 'pseudo';
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

export const NATIVE_NAMES: Record<ShippedLocale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  ru: 'Русский',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  ar: 'العربية',
};

export const directionOf = (locale: string): 'rtl' | 'ltr' =>
  RTL_LOCALES.has(locale as ShippedLocale) ? 'rtl' : 'ltr';

/**
 * The locale Intl formats numbers and dates with. Arabic and Hindi keep Latin digits (0-9): money
 * apps in both markets write amounts that way, and an amount must read the same as the address,
 * hash or code beside it (which are Latin); the other conventions (separators, grouping such as
 * Hindi's 12,34,567, month names) stay the language's own. The pseudo-locale formats as English.
 */
export function intlLocale(locale: string): string {
  if (locale === 'ar' || locale === 'hi') return `${locale}-u-nu-latn`;
  if (locale === PSEUDO_LOCALE) return 'en';
  // an operator-added language (de-CH, zh-Hant): its language alone, which every Intl takes
  // (the server accepts only tags starting with 2-3 letters)
  return isShippedLocale(locale) ? locale : locale.split('-')[0]!;
}

export const isLocale = (value: unknown): value is Locale =>
  value === PSEUDO_LOCALE || isShippedLocale(value);
