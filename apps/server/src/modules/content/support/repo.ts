import type { SupportKind } from '@app/contracts/support';
import type { Queryable } from '../../../db/pool.js';

export interface SupportRow {
  id: bigint;
  kind: SupportKind;
  title: string;
  content: string;
  sort_order: number;
  published: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, kind, title, content, sort_order, published, created_at, updated_at';

export async function insert(
  q: Queryable,
  e: { kind: SupportKind; title: string; content: string; sort_order: number; published: boolean },
  by: number,
  now: Date,
) {
  const { rows } = await q.query<SupportRow>(
    `INSERT INTO support_entries (kind, title, content, sort_order, published, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
    [e.kind, e.title, e.content, e.sort_order, e.published, by, now],
  );
  return rows[0]!;
}

export async function find(q: Queryable, id: number, lock = false): Promise<SupportRow | null> {
  const { rows } = await q.query<SupportRow>(
    `SELECT ${COLUMNS} FROM support_entries WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function list(q: Queryable, f: { kind?: SupportKind | undefined; publishedOnly: boolean }) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.kind) where.push(`kind = $${params.push(f.kind)}`);
  if (f.publishedOnly) where.push('published');
  const { rows } = await q.query<SupportRow>(
    `SELECT ${COLUMNS} FROM support_entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY kind, sort_order, id`,
    params,
  );
  return rows;
}

export async function update(
  q: Queryable,
  id: number,
  c: Partial<Pick<SupportRow, 'kind' | 'title' | 'content' | 'sort_order' | 'published'>>,
  now: Date,
) {
  const { rows } = await q.query<SupportRow>(
    `UPDATE support_entries
        SET kind = coalesce($2, kind), title = coalesce($3, title), content = coalesce($4, content),
            sort_order = coalesce($5, sort_order), published = coalesce($6, published), updated_at = $7
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, c.kind ?? null, c.title ?? null, c.content ?? null, c.sort_order ?? null, c.published ?? null, now],
  );
  return rows[0]!;
}

export async function remove(q: Queryable, id: number) {
  await q.query('DELETE FROM support_entries WHERE id = $1', [id]);
}
