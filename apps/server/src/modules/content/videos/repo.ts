import type { Queryable } from '../../../db/pool.js';

export interface VideoRow {
  id: number;
  title: string;
  url: string;
  description: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, title, url, description, created_at, updated_at';
const NEWEST = 'ORDER BY created_at DESC, id DESC';

export interface VideoFields {
  title: string;
  url: string;
  description: string;
}

export async function insert(q: Queryable, v: VideoFields, by: number, now: Date) {
  const { rows } = await q.query<VideoRow>(
    `INSERT INTO videos (title, url, description, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}`,
    [v.title, v.url, v.description, by, now],
  );
  return rows[0]!;
}

export async function list(q: Queryable) {
  return (await q.query<VideoRow>(`SELECT ${COLUMNS} FROM videos ${NEWEST}`)).rows;
}

/** The video members watch today: the newest one. */
export async function latest(q: Queryable): Promise<VideoRow | null> {
  return (await q.query<VideoRow>(`SELECT ${COLUMNS} FROM videos ${NEWEST} LIMIT 1`)).rows[0] ?? null;
}

export async function find(q: Queryable, id: number, lock = false): Promise<VideoRow | null> {
  const { rows } = await q.query<VideoRow>(
    `SELECT ${COLUMNS} FROM videos WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function update(q: Queryable, id: number, v: VideoFields, now: Date) {
  const { rows } = await q.query<VideoRow>(
    `UPDATE videos SET title = $2, url = $3, description = $4, updated_at = $5 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, v.title, v.url, v.description, now],
  );
  return rows[0]!;
}

export async function remove(q: Queryable, id: number) {
  await q.query('DELETE FROM videos WHERE id = $1', [id]);
}
