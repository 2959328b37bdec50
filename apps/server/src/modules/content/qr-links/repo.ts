import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface QrLinkRow {
  id: bigint;
  title: string;
  url: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, title, url, active, created_at, updated_at';

export async function insert(
  q: Queryable,
  l: { title: string; url: string; active: boolean },
  by: number,
  now: Date,
) {
  const { rows } = await q.query<QrLinkRow>(
    `INSERT INTO qr_links (title, url, active, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}`,
    [l.title, l.url, l.active, by, now],
  );
  return rows[0]!;
}

export async function find(q: Queryable, id: number, lock = false): Promise<QrLinkRow | null> {
  const { rows } = await q.query<QrLinkRow>(
    `SELECT ${COLUMNS} FROM qr_links WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Newest first, one page, with the total count; `activeOnly` for what members see. */
export async function list(q: Queryable, f: PageRequest & { activeOnly: boolean }) {
  const where = f.activeOnly ? 'WHERE active' : '';
  const params: unknown[] = [];
  const [{ rows }, count] = await Promise.all([
    q.query<QrLinkRow>(
      `SELECT ${COLUMNS} FROM qr_links ${where} ORDER BY created_at DESC, id DESC ${pageClause(params, f)}`,
      params,
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM qr_links ${where}`),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export async function update(
  q: Queryable,
  id: number,
  c: { title?: string | undefined; url?: string | undefined; active?: boolean | undefined },
  now: Date,
) {
  const { rows } = await q.query<QrLinkRow>(
    `UPDATE qr_links
        SET title = coalesce($2, title), url = coalesce($3, url), active = coalesce($4, active), updated_at = $5
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, c.title ?? null, c.url ?? null, c.active ?? null, now],
  );
  return rows[0]!;
}

export async function remove(q: Queryable, id: number) {
  await q.query('DELETE FROM qr_links WHERE id = $1', [id]);
}
