import { useEffect, useState } from 'react';
import { chooseAdminLocale } from './admin-locale';
import { Picker } from './LanguagePicker';
import type { OfferedLanguage } from './offered';

/** Sent by the back-office's Languages page after a change (api/languages.ts). */
export const LANGUAGES_CHANGED = 'earnhub:languages-changed';

const ENGLISH_ONLY: readonly OfferedLanguage[] = [{ locale: 'en', native_name: 'English' }];

/**
 * The back-office's language switch: English and the languages the operator offers to admins
 * (complete for the back-office); the admin's pick is kept apart from the visitor's (admin-locale.ts).
 * Its own file, out of the public pages' first visit.
 */
export function AdminLanguagePicker() {
  const [languages, setLanguages] = useState(ENGLISH_ONLY);
  useEffect(() => {
    const load = (fresh: boolean) =>
      void import('./offered').then((m) => m.adminLanguages(fresh)).then(setLanguages, () => undefined);
    load(false);
    // the operator offered or withdrew a language on the Languages page: the list follows
    const changed = () => load(true);
    window.addEventListener(LANGUAGES_CHANGED, changed);
    return () => window.removeEventListener(LANGUAGES_CHANGED, changed);
  }, []);
  return <Picker languages={languages} onChoose={(next) => void chooseAdminLocale(next)} />;
}
