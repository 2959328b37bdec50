import { createHash } from 'node:crypto';
import {
  type Language,
  type languageAddBody,
  type languageUpdateBody,
  type PublicLanguages,
  TRANSLATION_MSG,
  type TranslationRow,
  type translationSaveBody,
  type translationsQuery,
} from '@app/contracts/translations';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import type { NoticeListener } from '../../../db/listener.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { TranslationCache } from './cache.js';
import { readUpload, type SourceCatalog } from './catalog.js';
import { checkMessage, placeholderDifference } from './icu.js';
import { plantedDetails } from './planted.js';
import * as repo from './repo.js';

/** A public answer with its validator: the body is sent as is, the ETag compared on revalidation. */
export interface Served {
  body: string;
  etag: string;
}

const served = (value: unknown): Served => {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};

/** The operator's words and languages (issue 38): see contracts/translations.ts. */
export function createTranslationsService(deps: {
  db: Db;
  clock: Clock;
  listener: NoticeListener;
  catalog: SourceCatalog;
  onError?: (message: string) => void;
}) {
  const { db, clock, catalog } = deps;
  const cache = new TranslationCache<Served | null>(db, deps.listener, deps.onError);

  /**
   * Coverage is measured here, against the ids of the English catalog the product ships, and never
   * taken from a client: a count the browser reports would depend on which admin's bundle asked.
   */
  function dto(row: repo.LanguageRow): Language {
    const own = new Set(row.override_ids);
    const shipped = catalog.shipped.get(row.locale);
    const measure = (ids: ReadonlySet<string>) => {
      let covered = 0;
      for (const id of ids) if (own.has(id) || shipped?.has(id)) covered += 1;
      const total = ids.size;
      return { covered, total, percent: total === 0 ? null : Math.floor((covered * 100) / total) };
    };
    const coverage = measure(catalog.memberIds);
    // English is the back-office's source: complete by definition
    const admin_coverage =
      row.locale === 'en'
        ? { ...measure(catalog.backOfficeIds), percent: 100 }
        : measure(catalog.backOfficeIds);
    const { percent } = coverage;
    // without a source catalog an added language cannot show it is complete; a shipped one is by CI
    const coveredEnough = percent === null ? !row.added_by_operator : percent >= row.min_coverage;
    return {
      locale: row.locale,
      native_name: row.native_name,
      dir: row.dir,
      offered: row.offered,
      min_coverage: row.min_coverage,
      added_by_operator: row.added_by_operator,
      is_default: row.is_default,
      shown: row.offered && coveredEnough,
      coverage,
      offered_to_admins: row.offered_to_admins,
      admin_coverage,
      // "complete" means every message: a back-office half in English would mix two languages on a screen
      admin_shown: row.locale === 'en' || (row.offered_to_admins && admin_coverage.percent === 100),
      overrides: row.override_ids.length,
    };
  }

  async function mustFind(q: Queryable, locale: string, lock = false) {
    const row = await repo.language(q, locale, lock);
    if (!row) throw notFound(TRANSLATION_MSG.unknownLanguage);
    return row;
  }

  const rowOf = (locale: string, id: string, o: repo.OverrideRow | null): TranslationRow => ({
    id,
    source: catalog.source.get(id) ?? null,
    shipped: catalog.shipped.get(locale)?.get(id) ?? null,
    override: o?.message ?? null,
    updated_at: o?.updated_at.toISOString() ?? null,
    updated_by: o?.updated_by ?? null,
  });

  /** Why a message cannot be saved for `id`, or null; `source`: what the editor showed, if given. */
  function problemOf(id: string, message: string, source?: string): string | null {
    const check = checkMessage(message);
    if (!check.ok) return `${TRANSLATION_MSG.badMessage}: ${check.reason}`;
    const english = source ?? catalog.source.get(id);
    const differ = english === undefined ? [] : placeholderDifference(message, english);
    if (differ.length) return `${TRANSLATION_MSG.variablesDiffer} (${differ.join(', ')})`;
    // against the shipped English, never against what the client says the source is
    const planted = plantedDetails(message, catalog.source.get(id) ?? '');
    return planted.length ? `${TRANSLATION_MSG.plantedDetail}: ${planted.slice(0, 3).join(', ')}` : null;
  }

  /** The id an uploaded key names: an id of the app, or the English text of one. */
  function idOf(key: string): string | null {
    if (catalog.source.has(key)) return key;
    const bySource = catalog.idBySource.get(key);
    if (bySource) return bySource;
    // no source catalog installed: an id in the right form is taken as is
    return catalog.source.size === 0 && /^[A-Za-z0-9_.:-]{1,200}$/.test(key) ? key : null;
  }

  /** An uploaded catalog's savable messages and what was left out (the first ten reasons named). */
  function readCatalog(upload: Record<string, string> | string) {
    const entries = readUpload(upload);
    if (!entries) throw badRequest(TRANSLATION_MSG.badCatalog);
    const items = new Map<string, string>();
    const problems: Array<{ id: string; reason: string }> = [];
    let skipped = 0;
    for (const { key, message } of entries) {
      const id = idOf(key);
      const reason = !id
        ? TRANSLATION_MSG.unknownMessage
        : !message.trim()
          ? 'Empty message'
          : problemOf(id, message);
      if (id && !reason) items.set(id, message);
      else {
        skipped += 1;
        if (problems.length < 10) problems.push({ id: key.slice(0, 200), reason: reason ?? '' });
      }
    }
    return { items: [...items].map(([id, message]) => ({ id, message })), skipped, problems };
  }

  /** Runs a change in a transaction, then forgets the public answers here and on every instance. */
  async function change<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await withTx(db, work);
    await cache.changed();
    return result;
  }

  async function list(f: z.output<typeof translationsQuery>) {
    await mustFind(db, f.locale);
    const own = new Map((await repo.overrides(db, f.locale)).map((o) => [o.message_id, o]));
    const part = f.part && (f.part === 'members' ? catalog.memberIds : catalog.backOfficeIds);
    const ids = part
      ? [...part]
      : [...catalog.source.keys(), ...[...own.keys()].filter((id) => !catalog.source.has(id))];
    const words = f.q?.toLowerCase();
    const rows = ids
      .filter((id) => !f.edited || own.has(id))
      .map((id) => rowOf(f.locale, id, own.get(id) ?? null))
      .filter((r) => !f.missing || (r.shipped === null && r.override === null))
      .filter(
        (r) =>
          !words ||
          [r.id, r.source, r.shipped, r.override].some((text) => text?.toLowerCase().includes(words)),
      );
    // a text that is exactly what was searched for comes first (a search for "Dashboard" finds it
    // before "Back to my dashboard"); otherwise the catalog's order
    if (words) {
      const exact = (r: TranslationRow) =>
        [r.source, r.shipped, r.override, r.id].some((text) => text?.toLowerCase() === words) ? 0 : 1;
      rows.sort((a, b) => exact(a) - exact(b));
    }
    const start = (f.page - 1) * f.limit;
    return { translations: rows.slice(start, start + f.limit), ...pageFacts(rows.length, f) };
  }

  async function save(actor: Actor, locale: string, id: string, body: z.output<typeof translationSaveBody>) {
    if (catalog.source.size > 0 && !catalog.source.has(id)) throw notFound(TRANSLATION_MSG.unknownMessage);
    const problem = problemOf(id, body.message, body.source);
    if (problem) throw badRequest(problem);
    return change(async (tx) => {
      await mustFind(tx, locale, true);
      const before = await repo.override(tx, locale, id, true);
      await repo.saveOverrides(tx, locale, [{ id, message: body.message }], actor.userId, clock.now());
      const after = rowOf(locale, id, await repo.override(tx, locale, id));
      await recordAudit(tx, actor, {
        action: 'translation.save',
        targetType: 'translation',
        targetId: `${locale}:${id}`,
        before: { message: before?.message ?? null },
        after: { message: body.message },
      });
      return { message: TRANSLATION_MSG.saved, translation: after };
    });
  }

  async function revert(actor: Actor, locale: string, id: string) {
    return change(async (tx) => {
      await mustFind(tx, locale, true);
      const before = await repo.override(tx, locale, id, true);
      if (!before) throw notFound(TRANSLATION_MSG.noOverride);
      await repo.deleteOverride(tx, locale, id);
      await recordAudit(tx, actor, {
        action: 'translation.revert',
        targetType: 'translation',
        targetId: `${locale}:${id}`,
        before: { message: before.message },
      });
      return { message: TRANSLATION_MSG.reverted, translation: rowOf(locale, id, null) };
    });
  }

  async function languages() {
    return { languages: (await repo.languages(db)).map(dto) };
  }

  async function addLanguage(actor: Actor, body: z.output<typeof languageAddBody>) {
    const upload = readCatalog(body.catalog);
    if (upload.items.length === 0) throw badRequest(TRANSLATION_MSG.catalogEmpty);
    return change(async (tx) => {
      const { catalog: _catalog, ...fields } = body;
      if (!(await repo.insertLanguage(tx, fields, clock.now())))
        throw conflict(TRANSLATION_MSG.languageExists);
      await repo.saveOverrides(tx, body.locale, upload.items, actor.userId, clock.now());
      const language = dto((await repo.language(tx, body.locale))!);
      await recordAudit(tx, actor, {
        action: 'language.add',
        targetType: 'language',
        targetId: body.locale,
        after: { ...fields, messages: upload.items.length },
      });
      return { message: TRANSLATION_MSG.languageAdded, language, saved: upload.items.length, ...upload };
    });
  }

  async function uploadCatalog(actor: Actor, locale: string, upload: Record<string, string> | string) {
    const read = readCatalog(upload);
    if (read.items.length === 0) throw badRequest(TRANSLATION_MSG.catalogEmpty);
    return change(async (tx) => {
      await mustFind(tx, locale, true);
      await repo.saveOverrides(tx, locale, read.items, actor.userId, clock.now());
      await recordAudit(tx, actor, {
        action: 'language.catalog',
        targetType: 'language',
        targetId: locale,
        after: { messages: read.items.length, skipped: read.skipped },
      });
      const language = dto((await repo.language(tx, locale))!);
      return { message: TRANSLATION_MSG.catalogSaved, language, saved: read.items.length, ...read };
    });
  }

  async function updateLanguage(actor: Actor, locale: string, body: z.output<typeof languageUpdateBody>) {
    return change(async (tx) => {
      const before = await mustFind(tx, locale, true);
      if (before.is_default && body.offered === false) throw conflict(TRANSLATION_MSG.defaultCannotHide);
      await repo.updateLanguage(tx, locale, body, clock.now());
      const after = dto((await repo.language(tx, locale))!);
      if (after.is_default && !after.shown) throw conflict(TRANSLATION_MSG.defaultCannotHide);
      const { override_ids: _ids, ...was } = before;
      await recordAudit(tx, actor, {
        action: 'language.update',
        targetType: 'language',
        targetId: locale,
        before: was,
        after: body,
      });
      return { message: TRANSLATION_MSG.languageSaved, language: after };
    });
  }

  async function setDefault(actor: Actor, locale: string) {
    return change(async (tx) => {
      await tx.query('LOCK TABLE languages IN SHARE ROW EXCLUSIVE MODE');
      const row = await mustFind(tx, locale);
      if (!dto(row).shown) throw conflict(TRANSLATION_MSG.defaultNotShown);
      const before = (await repo.languages(tx)).find((l) => l.is_default)?.locale ?? null;
      await repo.setDefault(tx, locale, clock.now());
      await recordAudit(tx, actor, {
        action: 'language.default',
        targetType: 'language',
        targetId: locale,
        before: { default: before },
        after: { default: locale },
      });
      return { message: TRANSLATION_MSG.defaultSaved, language: dto((await repo.language(tx, locale))!) };
    });
  }

  /** GET /i18n: the languages members may pick, and the default (English if the default is hidden). */
  async function publicLanguages(): Promise<Served> {
    const hit = cache.get('');
    if (hit) return hit;
    const mark = cache.mark();
    const all = (await repo.languages(db)).map(dto);
    const shown = all.filter((l) => l.shown);
    const named = (l: Language) => ({ locale: l.locale, native_name: l.native_name, dir: l.dir });
    const value: PublicLanguages = {
      default: shown.find((l) => l.is_default)?.locale ?? 'en',
      languages: shown.map(named),
      admin_languages: all.filter((l) => l.admin_shown).map(named),
    };
    const answer = served(value);
    cache.put('', answer, mark);
    return answer;
  }

  /**
   * GET /i18n/{locale}: the operator's messages compiled for Lingui's runtime; null for a language
   * shown neither to members nor to admins (a hidden added language is not served: it is not finished).
   */
  async function publicCatalog(locale: string): Promise<Served | null> {
    const key = `l:${locale}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const mark = cache.mark();
    const row = await repo.language(db, locale);
    let answer: Served | null = null;
    const language = row && dto(row);
    if (row && (language?.shown || language?.admin_shown)) {
      const messages: Record<string, unknown> = {};
      for (const o of await repo.overrides(db, locale)) {
        const check = checkMessage(o.message);
        // every stored message was checked on save; a row written some other way is left out, not sent broken
        if (check.ok) messages[o.message_id] = check.compiled;
      }
      answer = served({ locale, dir: row.dir, messages });
    }
    cache.put(key, answer, mark);
    return answer;
  }

  return {
    list,
    save,
    revert,
    languages,
    addLanguage,
    uploadCatalog,
    updateLanguage,
    setDefault,
    publicLanguages,
    publicCatalog,
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
