import type { Queryable } from '../../../db/pool.js';

export interface LanguageRow {
  locale: string;
  native_name: string;
  dir: 'ltr' | 'rtl';
  offered: boolean;
  /** The back-office may be shown in it (once its back-office part is complete). */
  offered_to_admins: boolean;
  min_coverage: number;
  added_by_operator: boolean;
  is_default: boolean;
  /** Messages the operator wrote in this language, counted against the source ids by the service. */
  override_ids: string[];
}

export interface OverrideRow {
  locale: string;
  message_id: string;
  message: string;
  updated_at: Date;
  updated_by: string | null;
}

const LANGUAGE = `l.locale, l.native_name, l.dir, l.offered, l.offered_to_admins, l.min_coverage, l.added_by_operator, l.is_default,
  coalesce((SELECT array_agg(o.message_id) FROM translation_overrides o WHERE o.locale = l.locale), '{}') AS override_ids`;

/** Shipped languages first in their seeded order (English first), then added ones by tag. */
export async function languages(q: Queryable): Promise<LanguageRow[]> {
  const { rows } = await q.query<LanguageRow>(
    `SELECT ${LANGUAGE} FROM languages l ORDER BY l.added_by_operator, l.is_default DESC,
       array_position(ARRAY['en','es','pt-BR','fr','ru','hi','id','ar'], l.locale), l.locale`,
  );
  return rows;
}

export async function language(q: Queryable, locale: string, lock = false): Promise<LanguageRow | null> {
  const { rows } = await q.query<LanguageRow>(
    `SELECT ${LANGUAGE} FROM languages l WHERE l.locale = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [locale],
  );
  return rows[0] ?? null;
}

export async function insertLanguage(
  q: Queryable,
  l: { locale: string; native_name: string; dir: string; offered: boolean; min_coverage: number },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO languages (locale, native_name, dir, offered, min_coverage, added_by_operator, updated_at)
     VALUES ($1, $2, $3, $4, $5, true, $6) ON CONFLICT (locale) DO NOTHING`,
    [l.locale, l.native_name, l.dir, l.offered, l.min_coverage, now],
  );
  return rowCount === 1;
}

export async function updateLanguage(
  q: Queryable,
  locale: string,
  c: {
    native_name?: string;
    dir?: string;
    offered?: boolean;
    min_coverage?: number;
    offered_to_admins?: boolean;
  },
  now: Date,
) {
  await q.query(
    `UPDATE languages SET native_name = coalesce($2, native_name), dir = coalesce($3, dir),
       offered = coalesce($4, offered), min_coverage = coalesce($5, min_coverage), updated_at = $6,
       offered_to_admins = coalesce($7, offered_to_admins)
     WHERE locale = $1`,
    [
      locale,
      c.native_name ?? null,
      c.dir ?? null,
      c.offered ?? null,
      c.min_coverage ?? null,
      now,
      c.offered_to_admins ?? null,
    ],
  );
}

/** Moves the default: the old one is cleared first (the one-default index is checked row by row). */
export async function setDefault(q: Queryable, locale: string, now: Date) {
  await q.query('UPDATE languages SET is_default = false, updated_at = $1 WHERE is_default', [now]);
  await q.query('UPDATE languages SET is_default = true, updated_at = $2 WHERE locale = $1', [locale, now]);
}

const OVERRIDE = `o.locale, o.message_id, o.message, o.updated_at,
  (SELECT coalesce(nullif(u.fullname, ''), u.email) FROM users u WHERE u.id = o.updated_by) AS updated_by`;

export async function overrides(q: Queryable, locale: string): Promise<OverrideRow[]> {
  const { rows } = await q.query<OverrideRow>(
    `SELECT ${OVERRIDE} FROM translation_overrides o WHERE o.locale = $1 ORDER BY o.message_id`,
    [locale],
  );
  return rows;
}

export async function override(q: Queryable, locale: string, id: string, lock = false) {
  const { rows } = await q.query<OverrideRow>(
    `SELECT ${OVERRIDE} FROM translation_overrides o WHERE o.locale = $1 AND o.message_id = $2
     ${lock ? 'FOR UPDATE' : ''}`,
    [locale, id],
  );
  return rows[0] ?? null;
}

export async function saveOverrides(
  q: Queryable,
  locale: string,
  items: Array<{ id: string; message: string }>,
  by: number,
  now: Date,
) {
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO translation_overrides (locale, message_id, message, updated_by, updated_at)
     SELECT $1, m.id, m.message, $4, $5 FROM unnest($2::text[], $3::text[]) AS m(id, message)
     ON CONFLICT (locale, message_id)
       DO UPDATE SET message = excluded.message, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [locale, items.map((i) => i.id), items.map((i) => i.message), by, now],
  );
}

export async function deleteOverride(q: Queryable, locale: string, id: string) {
  await q.query('DELETE FROM translation_overrides WHERE locale = $1 AND message_id = $2', [locale, id]);
}
