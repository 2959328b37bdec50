/** SQL of the `uploads` table: uploaded pictures kept in PostgreSQL (storage/images.ts). */
import type { Queryable } from '../db/pool.js';

export type UploadKind = 'banner' | 'achiever';

export interface UploadRow {
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

export async function insert(
  q: Queryable,
  u: { fileName: string; kind: UploadKind; contentType: string; bytes: Buffer; now: Date },
): Promise<{ size: number; sha256: string }> {
  const { rows } = await q.query<{ size: number; sha256: string }>(
    `INSERT INTO uploads (file_name, kind, content_type, bytes, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING size, sha256`,
    [u.fileName, u.kind, u.contentType, u.bytes, u.now],
  );
  return rows[0]!;
}

/** Like `insert`, but a picture already there (another instance copied it first) is left as it is. */
export async function insertMissing(
  q: Queryable,
  u: { fileName: string; kind: UploadKind; contentType: string; bytes: Buffer; now: Date },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO uploads (file_name, kind, content_type, bytes, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (file_name) DO NOTHING`,
    [u.fileName, u.kind, u.contentType, u.bytes, u.now],
  );
  return rowCount === 1;
}

export async function find(q: Queryable, kind: UploadKind, fileName: string): Promise<UploadRow | null> {
  const { rows } = await q.query<UploadRow>(
    'SELECT file_name, content_type, size, sha256, bytes FROM uploads WHERE kind = $1 AND file_name = $2',
    [kind, fileName],
  );
  return rows[0] ?? null;
}

export async function remove(q: Queryable, fileNames: string[]): Promise<void> {
  if (fileNames.length === 0) return;
  await q.query('DELETE FROM uploads WHERE file_name = ANY($1::text[])', [fileNames]);
}

/** Pictures that banners and achievers name but whose bytes are not in the table (kept on disk before). */
export async function referencedButMissing(q: Queryable) {
  const { rows } = await q.query<{ file_name: string; kind: UploadKind; content_type: string }>(
    `SELECT b.file_name, 'banner' AS kind, b.content_type FROM banners b
      WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file_name = b.file_name)
     UNION ALL
     SELECT a.photo_file, 'achiever', a.photo_type FROM achievers a
      WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file_name = a.photo_file)`,
  );
  return rows;
}
