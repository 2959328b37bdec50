import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface NewsRow {
  id: bigint;
  title: string;
  content: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, title, content, created_at, updated_at';

export async function insert(q: Queryable, n: { title: string; content: string }, by: number, now: Date) {
  const { rows } = await q.query<NewsRow>(
    `INSERT INTO news (title, content, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4) RETURNING ${COLUMNS}`,
    [n.title, n.content, by, now],
  );
  return rows[0]!;
}

export async function find(q: Queryable, id: number, lock = false): Promise<NewsRow | null> {
  const { rows } = await q.query<NewsRow>(
    `SELECT ${COLUMNS} FROM news WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Newest first, one page, with the total count. */
export async function list(q: Queryable, f: PageRequest) {
  const params: unknown[] = [];
  const [{ rows }, count] = await Promise.all([
    q.query<NewsRow>(
      `SELECT ${COLUMNS} FROM news ORDER BY created_at DESC, id DESC ${pageClause(params, f)}`,
      params,
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM news'),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export async function update(
  q: Queryable,
  id: number,
  c: { title?: string | undefined; content?: string | undefined },
  now: Date,
) {
  const { rows } = await q.query<NewsRow>(
    `UPDATE news SET title = coalesce($2, title), content = coalesce($3, content), updated_at = $4
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, c.title ?? null, c.content ?? null, now],
  );
  return rows[0]!;
}

export async function remove(q: Queryable, id: number) {
  await q.query('DELETE FROM news WHERE id = $1', [id]);
}
