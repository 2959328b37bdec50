import { matchLocale } from '@app/contracts/locales';
import { DEFAULT_LOCALE, isLocale, type Locale, type ShippedLocale } from './locales';

/** Where the visitor's own choice of language is kept in this browser (before and after sign-in). */
export const LOCALE_STORAGE_KEY = 'earnhub.locale';

/**
 * The first of the browser's languages (navigator.languages, in the visitor's order) that we ship:
 * an exact tag first (pt-BR), then the language alone (pt-PT and pt go to pt-BR, es-MX to es);
 * the same rule as the server's for Accept-Language (contracts/locales.ts).
 */
export const matchBrowserLanguages = (languages: readonly string[]): ShippedLocale | null =>
  matchLocale(languages);

/** The language to show: the stored choice, else the browser's languages, else English. */
export function negotiateLocale(stored: string | null, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return matchBrowserLanguages(languages) ?? DEFAULT_LOCALE;
}

/** Storage can be blocked by the browser (it then throws): the choice then lasts for the page only. */
export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: string) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage blocked: the choice lasts until the page closes */
  }
}

export function initialLocale(): Locale {
  return negotiateLocale(readStoredLocale(), typeof navigator === 'undefined' ? [] : navigator.languages);
}
