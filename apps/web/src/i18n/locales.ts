/**
 * The languages the web app ships (lingui.config.ts), by BCP 47 tag, with the name each one has in
 * its own language (the picker shows them so: a visitor finds their language without reading ours).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'ru', 'hi', 'id', 'ar'] as const;
export type ShippedLocale = (typeof LOCALES)[number];
/** Development only: accented and 35 % longer (lingui.config.ts); never offered in the picker. */
export const PSEUDO_LOCALE = 'pseudo';
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;
export const DEFAULT_LOCALE: ShippedLocale = 'en';

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

const RTL = new Set<string>(['ar']);
export const directionOf = (locale: string): 'rtl' | 'ltr' => (RTL.has(locale) ? 'rtl' : 'ltr');

/**
 * The locale Intl formats numbers and dates with. Arabic and Hindi keep Latin digits (0-9): money
 * apps in both markets write amounts that way, and an amount must read the same as the address,
 * hash or code beside it (which are Latin); the other conventions (separators, grouping such as
 * Hindi's 1,23,456, month names) stay the language's own. The pseudo-locale formats as English.
 */
export function intlLocale(locale: string): string {
  if (locale === 'ar' || locale === 'hi') return `${locale}-u-nu-latn`;
  if (locale === PSEUDO_LOCALE) return 'en';
  return locale;
}

export const isLocale = (value: unknown): value is Locale =>
  value === PSEUDO_LOCALE || (LOCALES as readonly unknown[]).includes(value);
