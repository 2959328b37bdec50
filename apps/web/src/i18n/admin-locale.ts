import { activate, i18n } from '.';
import { initialLocale } from './negotiate';

/*
 * The back-office's own language (issue 38): English unless the admin picked one the operator
 * offers to admins (complete for the back-office; GET /i18n's admin_languages). It is this browser's
 * choice, kept apart from the visitor's: an admin who reads the member pages in Arabic may run the
 * back-office in English, and a member language half-translated for the back-office is never shown.
 */
const ADMIN_LOCALE_KEY = 'earnhub.adminLocale';

function stored(): string {
  try {
    return localStorage.getItem(ADMIN_LOCALE_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

let inside = false;

/** Before the back-office renders: its language, if still offered to admins, else English. */
export async function enterBackOffice(): Promise<void> {
  inside = true;
  let locale = stored();
  if (locale !== 'en') {
    const { adminLanguages } = await import('./offered');
    if (!(await adminLanguages()).some((l) => l.locale === locale)) locale = 'en';
  }
  if (inside && i18n.locale !== locale) await activate(locale);
}

/** Leaving the back-office (signed out): the visitor's own language again. */
export function leaveBackOffice(): void {
  inside = false;
  const locale = initialLocale();
  if (i18n.locale !== locale) void activate(locale);
}

/** The admin picked a language in the back-office's header. */
export function chooseAdminLocale(locale: string): Promise<void> {
  try {
    localStorage.setItem(ADMIN_LOCALE_KEY, locale);
  } catch {
    /* storage blocked: the choice lasts until the page closes */
  }
  return activate(locale);
}
