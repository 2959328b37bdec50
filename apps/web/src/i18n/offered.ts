import { isLocale as isShippedLocale } from '@app/contracts/locales';
import { isLive, useAuthStore } from '../api/auth-store';
import { setErrorTranslator } from '../api/client';
import { ensureArea, i18n } from '.';
import { checkText } from './checks/check-texts';
import { setFieldTranslator } from './field-text';
import { formatAmount } from './format';

/*
 * What the language picker does after the first paint, in a chunk of its own: the picker is on
 * every public page, whose first visit must stay within 100 KB (UI.md).
 */

/** A language the picker offers (GET /api/v1/i18n): shipped, or added by the operator. */
export interface OfferedLanguage {
  locale: string;
  native_name: string;
}

let asked: Promise<OfferedLanguage[] | null> | null = null;

/**
 * Once per page: the API errors' words (the `errors` area and errorText) and the server's
 * list of offered languages. Plain fetch, not the API client or TanStack Query (first-visit budget).
 * The answer is `no-cache` with an ETag, so a reload revalidates it for the cost of a 304. Null
 * when it fails: the picker keeps the shipped list.
 */
export function afterPaint(): Promise<OfferedLanguage[] | null> {
  if (asked) return asked;
  setErrorTranslator(errorText);
  setFieldTranslator(checkText);
  // until they arrive (or if they fail) errors and checks show the English they came with
  void ensureArea('errors').catch(() => undefined);
  void ensureArea('checks').catch(() => undefined);
  listed ??= fetchList();
  asked = listed.then((body) => (body?.languages?.length ? body.languages : null));
  return asked;
}

/** GET /api/v1/i18n's answer, asked once per page (null when it failed). */
interface Listed {
  languages?: OfferedLanguage[];
  admin_languages?: OfferedLanguage[];
}
let listed: Promise<Listed | null> | null = null;
const fetchList = (): Promise<Listed | null> =>
  fetch('/api/v1/i18n', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);

/**
 * The back-office's picker: English and each language the operator offers to admins whose
 * back-office part is complete (the server decides; issue 38). English alone when the list fails.
 */
export async function adminLanguages(fresh = false): Promise<OfferedLanguage[]> {
  void afterPaint();
  // asked again after an operator's change on the Languages page (LANGUAGES_CHANGED)
  if (fresh) listed = fetchList();
  const body = await listed;
  return body?.admin_languages?.length ? body.admin_languages : [{ locale: 'en', native_name: 'English' }];
}

/**
 * The visitor picked a language: a signed-in member's is stored on their account too
 * (member-locale.tsx), when the server can store it (a shipped one; an operator-added language stays
 * this browser's choice).
 */
export async function saveChoice(locale: string): Promise<void> {
  const { auth, expireAt } = useAuthStore.getState();
  if (!auth || !isLive(expireAt) || !isShippedLocale(locale)) return;
  const { saveMemberLocale } = await import('../features/member/profile/member-locale');
  await saveMemberLocale(auth.id, locale);
}

/**
 * The member's language for an error `code` (issue 38; errorMessage in api/client.ts): the `errors`
 * catalog holds it under the id `error.<code>` (errors/error-texts.ts; every `validation.<field>`
 * shares `error.validation`). Only when the active catalog has that id: otherwise the server's
 * English message, never an id. In English the server's message is shown as it is (more precise
 * than a catalog entry). A 500's `(ref …)` stays in the translation, so support can find the log line.
 */
export function errorText(code: string, message: string, params: Record<string, string> = {}): string | null {
  const id = `error.${code.startsWith('validation') ? 'validation' : code}`;
  if (i18n.locale === 'en' || !(id in i18n.messages)) return null;
  // an amount in the language's own separators (the server writes 1234.50)
  const amount =
    params.amount && /^\d+(\.\d+)?$/.test(params.amount) ? formatAmount(params.amount) : params.amount;
  return i18n._(id, { ...params, amount, ref: /\(ref ([^)]+)\)/.exec(message)?.[1] });
}
