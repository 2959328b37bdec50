/**
 * The languages the product ships (issue 38), as BCP-47 tags: the one list the database check, the
 * API contracts, the server's mail catalogs and the web app's picker all read. English first: it is
 * the source language and the fallback. Imports nothing, so any bundle can take it.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'ru', 'hi', 'id', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Languages written right to left (the document's `dir`). */
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The shipped locale that best serves a list of language preferences (an Accept-Language header or
 * `navigator.languages`), or null when none fits. An exact tag wins (case-insensitive), then the
 * same language with another region ("pt-PT" -> "pt-BR", "es-MX" -> "es"); q=0 means "not this".
 */
export function matchLocale(preferences: readonly string[]): Locale | null {
  for (const wanted of preferences) {
    const tag = wanted.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** An Accept-Language header's tags, most wanted first (RFC 9110 12.5.4); q=0 entries dropped. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
