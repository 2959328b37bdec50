import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface AchieverRow {
  id: bigint;
  name: string;
  achievement: string;
  photo_file: string;
  photo_type: string;
  photo_size: number;
  created_at: Date;
  updated_at: Date;
}

export interface Photo {
  fileName: string;
  contentType: string;
  size: number;
}

const COLUMNS = 'id, name, achievement, photo_file, photo_type, photo_size, created_at, updated_at';

export async function insert(
  q: Queryable,
  a: { name: string; achievement: string; photo: Photo },
  by: number,
  now: Date,
) {
  const { rows } = await q.query<AchieverRow>(
    `INSERT INTO achievers (name, achievement, photo_file, photo_type, photo_size, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
    [a.name, a.achievement, a.photo.fileName, a.photo.contentType, a.photo.size, by, now],
  );
  return rows[0]!;
}

export async function find(q: Queryable, id: number, lock = false): Promise<AchieverRow | null> {
  const { rows } = await q.query<AchieverRow>(
    `SELECT ${COLUMNS} FROM achievers WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Newest first, one page, with the total count. */
export async function list(q: Queryable, f: PageRequest) {
  const params: unknown[] = [];
  const [{ rows }, count] = await Promise.all([
    q.query<AchieverRow>(
      `SELECT ${COLUMNS} FROM achievers ORDER BY created_at DESC, id DESC ${pageClause(params, f)}`,
      params,
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM achievers'),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export async function update(
  q: Queryable,
  id: number,
  c: { name?: string | undefined; achievement?: string | undefined; photo?: Photo | undefined },
  now: Date,
) {
  const { rows } = await q.query<AchieverRow>(
    `UPDATE achievers
        SET name = coalesce($2, name), achievement = coalesce($3, achievement),
            photo_file = coalesce($4, photo_file), photo_type = coalesce($5, photo_type),
            photo_size = coalesce($6, photo_size), updated_at = $7
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      c.name ?? null,
      c.achievement ?? null,
      c.photo?.fileName ?? null,
      c.photo?.contentType ?? null,
      c.photo?.size ?? null,
      now,
    ],
  );
  return rows[0]!;
}

export async function remove(q: Queryable, id: number) {
  await q.query('DELETE FROM achievers WHERE id = $1', [id]);
}
