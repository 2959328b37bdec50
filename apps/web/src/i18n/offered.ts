import { useSyncExternalStore } from 'react';
import { LOCALES, NATIVE_NAMES } from './locales';

/** A language the picker offers (GET /api/v1/i18n): shipped, or added by the operator. */
export interface OfferedLanguage {
  locale: string;
  native_name: string;
  dir: 'ltr' | 'rtl';
}

/** What the web app ships: the list while the server's answer is on its way, and if it fails. */
const SHIPPED: readonly OfferedLanguage[] = LOCALES.map((locale) => ({
  locale,
  native_name: NATIVE_NAMES[locale],
  dir: locale === 'ar' ? 'rtl' : 'ltr',
}));

let offered: readonly OfferedLanguage[] = SHIPPED;
let asked = false;
const listeners = new Set<() => void>();

/**
 * The server's list, asked once per page when the first picker mounts. Plain fetch, not the API
 * client or TanStack Query: the picker is on every public page's first visit (100 KB budget). The
 * answer is `no-cache` with an ETag, so a reload revalidates it for the cost of a 304.
 */
function ask() {
  if (asked) return;
  asked = true;
  fetch('/api/v1/i18n', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { languages?: OfferedLanguage[] } | null) => {
      if (!body?.languages?.length) return;
      offered = body.languages;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      /* the shipped list stays: every shipped language works without the server's list */
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

/** The languages the operator offers (shipped and added ones), or the shipped list until known. */
export function useOfferedLanguages(): readonly OfferedLanguage[] {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => offered,
  );
}

/** The writing direction of an offered language (an added one is not in RTL_LOCALES). */
export const offeredDirection = (locale: string): 'ltr' | 'rtl' | undefined =>
  offered.find((language) => language.locale === locale)?.dir;
