import { i18n, type Messages } from '@lingui/core';
import { loadOrReload } from '../app/lazy-page';
import { directionOf, intlLocale, type Locale } from './locales';
import { storeLocale } from './negotiate';

export { i18n };

/**
 * The catalogs' areas (lingui.config.ts): `public` is loaded before the first paint, the others
 * with the pages or layouts that show them (routes.tsx, withArea). Only the active language's files are fetched:
 * each PO file below is compiled by @lingui/vite-plugin into a chunk of its own.
 */
export type Area =
  | 'public'
  | 'errors'
  | 'checks'
  | 'auth'
  | 'system'
  | 'home'
  | 'privacy'
  | 'terms'
  | 'ui'
  | 'member'
  | 'money'
  | 'crypto'
  | 'team'
  | 'account'
  | 'support'
  | 'admin'
  | 'admin-login';
// The first paint's catalogs are in the entry chunk; the other areas' come through one small chunk
// per language (catalogs/<locale>.ts): listing 100 hashed catalog chunks here would cost the public
// pages' entry about 1 KB of gzip.
const PUBLIC = import.meta.glob<{ messages: Messages }>('../locales/*/public.po');
type Loaders = typeof PUBLIC;
const LANGUAGES = import.meta.glob<{ CATALOGS: Loaders }>('./catalogs/*.ts');

async function loaderOf(locale: string, area: Area) {
  // an operator-added language is built on the English catalogs, the operator's messages over them
  const language = LANGUAGES[`./catalogs/${locale}.ts`];
  const shipped = language ? locale : 'en';
  const own = language ?? LANGUAGES['./catalogs/en.ts'];
  const loaders = area === 'public' || !own ? PUBLIC : (await own()).CATALOGS;
  const found = Object.entries(loaders).find(([path]) => path.endsWith(`/${shipped}/${area}.po`));
  if (!found) throw new Error(`No ${area} catalog for ${locale}`);
  return found[1]();
}

const areas = new Set<Area>(['public']);
const loading = new Map<string, Promise<Messages>>();
/** Operator overrides per language, kept so that an area loaded later stays under them. */
const overrides = new Map<string, Messages>();
let wanted: string | null = null;

function loadCatalog(locale: string, area: Area): Promise<Messages> {
  const key = `${locale}/${area}`;
  let pending = loading.get(key);
  if (!pending) {
    // A chunk gone after a deploy reloads the page once, as a page's chunk does; a catalog that
    // loads does not clear the reload-once mark (lazy-page.ts), or a page chunk that keeps failing
    // after the reload would reload again, and again.
    pending = loaderOf(locale, area)
      .catch((error: unknown) => loadOrReload(() => Promise.reject(error)))
      .then((module) => module.messages);
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Shows the app in `locale`: fetches that language's catalog of every area in use, then switches
 * every mounted component at once (I18nProvider re-renders; no reload) and sets <html lang dir>.
 * When two switches overlap, the last one asked for wins.
 */
export async function activate(locale: string): Promise<void> {
  wanted = locale;
  const [own, ...parts] = await Promise.all([
    loadOverrides(locale),
    ...[...areas].map((area) => loadCatalog(locale, area)),
  ]);
  if (wanted !== locale) return;
  if (own) overrides.set(locale, { ...overrides.get(locale), ...own.messages });
  const messages: Messages = Object.assign({}, ...parts, overrides.get(locale));
  i18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages });
  const root = document.documentElement;
  root.lang = locale === 'pseudo' ? 'en' : locale;
  // the server's answer says the direction (the operator's, for a language they added)
  root.dir = own?.dir ?? directionOf(locale);
}

/**
 * The operator's words for `locale` (GET /api/v1/i18n/{locale}, compiled by the server), fetched
 * beside the shipped catalog. The answer is `no-cache` with an ETag, so the browser asks again on
 * every load and an unchanged catalog costs a 304. Plain fetch: the API client would weigh on the
 * first paint's budget. Any failure leaves the shipped words: they are complete on their own.
 */
async function loadOverrides(locale: string): Promise<{ messages: Messages; dir?: 'ltr' | 'rtl' } | null> {
  if (locale === 'pseudo') return null;
  try {
    const response = await fetch(`/api/v1/i18n/${encodeURIComponent(locale)}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { messages?: Messages; dir?: 'ltr' | 'rtl' };
    return body.messages ? { messages: body.messages, dir: body.dir } : null;
  } catch {
    return null;
  }
}

/** The visitor picked a language: remembered in this browser, shown at once. */
export function chooseLocale(locale: string): Promise<void> {
  storeLocale(locale);
  return activate(locale);
}

/** Adds an area's catalog (in the active language) before the area's layout renders. */
export async function ensureArea(area: Area): Promise<void> {
  areas.add(area);
  const locale = wanted ?? i18n.locale;
  const messages = await loadCatalog(locale, area);
  if (wanted !== locale) return; // the language changed meanwhile: activate() loads this area too
  i18n.load(locale, { ...messages, ...overrides.get(locale) });
}

/** A lazily loaded page or layout that renders only once its areas' catalogs are in (all fetched at once). */
export function withArea<T>(area: Area | Area[], load: () => Promise<T>): () => Promise<T> {
  const wanted = Array.isArray(area) ? area : [area];
  return () => Promise.all([load(), ...wanted.map(ensureArea)]).then(([module]) => module);
}

/**
 * The operator's own words (issue 38: edited per language in the back-office, served compiled by
 * GET /api/v1/i18n/{locale}): loaded over the shipped catalogs, and kept over any area loaded or
 * language re-activated later. The messages must be compiled (the browser carries no ICU parser).
 */
export function mergeOverrides(locale: Locale, messages: Messages) {
  overrides.set(locale, { ...overrides.get(locale), ...messages });
  if (i18n.locale === locale) i18n.load(locale, { ...messages });
}
