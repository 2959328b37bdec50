/**
 * The web app's shipped catalogs as the server sees them: the PO files under apps/web/src/locales
 * (the same files the web build compiles, checked complete by CI), read once at start. They give the
 * set of message ids and each id's English source, which is what coverage is measured against and
 * what the back-office shows beside every message. An uploaded catalog (JSON or PO) is read here too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { parsePo } from 'pofile-ts';

/** Where the checkout keeps the web app's PO files (the server runs from the checkout: deploy/). */
export const DEFAULT_LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../../web/src/locales');

/** Lingui's flag on a PO entry whose msgid is an explicit id, not English text (@lingui/format-po). */
const EXPLICIT_ID = 'js-lingui-explicit-id';

export interface SourceCatalog {
  /** English source text by message id; empty when no catalog is installed. */
  source: ReadonlyMap<string, string>;
  /** The shipped text by locale and id (non-empty translations only). */
  shipped: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Message id by English source text, so an uploaded catalog may be keyed by the English text. */
  idBySource: ReadonlyMap<string, string>;
  /** The ids members and visitors can meet: every area but the back-office's. */
  memberIds: ReadonlySet<string>;
  /** The back-office's own ids (its screens, sign-in included): English shipped, others added. */
  backOfficeIds: ReadonlySet<string>;
}

/** The back-office's catalogs (apps/web/lingui.config.ts): a language may be complete without them. */
const BACK_OFFICE_FILES = new Set(['admin.po', 'admin-login.po']);

export interface PoEntry {
  id: string;
  source: string;
  translation: string;
}

/** A PO file's entries under Lingui's ids (the hash of msgid and msgctxt, unless explicit). */
export function readPo(text: string): PoEntry[] {
  const po = parsePo(text);
  return po.items
    .filter((item) => item.msgid !== '' && !item.obsolete)
    .map((item) => {
      const explicit = item.extractedComments.includes(EXPLICIT_ID);
      const translation = item.msgstr[0] ?? '';
      return {
        id: explicit ? item.msgid : generateMessageId(item.msgid, item.msgctxt ?? ''),
        source: explicit ? '' : item.msgid,
        translation,
      };
    });
}

/** Reads every `<locale>/*.po` of `dir`; a missing directory is an empty catalog (logged by the caller). */
export function loadSourceCatalog(dir: string): SourceCatalog {
  const source = new Map<string, string>();
  const shipped = new Map<string, Map<string, string>>();
  const memberIds = new Set<string>();
  const backOfficeIds = new Set<string>();
  if (existsSync(dir)) {
    for (const locale of readdirSync(dir)) {
      if (locale === 'pseudo') continue; // development only
      const folder = path.join(dir, locale);
      const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.po')) : [];
      const texts = new Map<string, string>();
      for (const file of files) {
        for (const entry of readPo(readFileSync(path.join(folder, file), 'utf8'))) {
          if (entry.translation) texts.set(entry.id, entry.translation);
          if (locale !== 'en') continue;
          source.set(entry.id, entry.translation || entry.source);
          // the same English words in both parts count in both
          (BACK_OFFICE_FILES.has(file) ? backOfficeIds : memberIds).add(entry.id);
        }
      }
      if (files.length) shipped.set(locale, texts);
    }
  }
  const idBySource = new Map<string, string>();
  for (const [id, text] of source) if (!idBySource.has(text)) idBySource.set(text, id);
  return { source, shipped, idBySource, memberIds, backOfficeIds };
}

/** An uploaded catalog's entries: a JSON object (id or English text -> message) or a PO file's text. */
export function readUpload(
  catalog: Record<string, string> | string,
): Array<{ key: string; message: string }> | null {
  if (typeof catalog !== 'string') return Object.entries(catalog).map(([key, message]) => ({ key, message }));
  const trimmed = catalog.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      const entries = Object.entries(parsed as Record<string, unknown>);
      if (entries.some(([, v]) => typeof v !== 'string')) return null;
      return entries.map(([key, message]) => ({ key, message: message as string }));
    } catch {
      return null;
    }
  }
  if (!/^\s*(#|msgid|msgctxt)/m.test(trimmed)) return null;
  try {
    // a PO entry is keyed by its English msgid, so its id is Lingui's hash of it
    return readPo(trimmed).map((e) => ({ key: e.id, message: e.translation }));
  } catch {
    return null;
  }
}
