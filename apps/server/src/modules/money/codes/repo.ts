import type { Queryable } from '../../../db/pool.js';

export interface CodeRow {
  id: bigint;
  code: string;
  value: bigint;
  used_by: bigint | null;
  used_by_username: string | null;
  used_at: Date | null;
  created_at: Date;
}

const SELECT =
  'SELECT c.*, u.username AS used_by_username FROM codes c LEFT JOIN users u ON u.id = c.used_by';

export async function insertMany(
  q: Queryable,
  codes: string[],
  value: bigint,
  by: number,
  now: Date,
): Promise<Array<{ id: bigint; code: string }>> {
  // a code that exists (or that a concurrent request is creating: this waits for it) is skipped,
  // so the caller sees which ones were not created
  const { rows } = await q.query<{ id: bigint; code: string }>(
    `INSERT INTO codes (code, value, created_by, created_at)
     SELECT c, $2, $3, $4 FROM unnest($1::text[]) AS c ON CONFLICT (code) DO NOTHING RETURNING id, code`,
    [codes, value, by, now],
  );
  return rows;
}

export async function findMany(q: Queryable, ids: bigint[]): Promise<CodeRow[]> {
  return (await q.query<CodeRow>(`${SELECT} WHERE c.id = ANY($1) ORDER BY c.id`, [ids])).rows;
}

export async function find(q: Queryable, id: number): Promise<CodeRow | null> {
  return (await q.query<CodeRow>(`${SELECT} WHERE c.id = $1`, [id])).rows[0] ?? null;
}

export async function list(
  q: Queryable,
  f: { page: number; limit: number; used?: 'true' | 'false' | undefined },
) {
  const filter =
    f.used === 'true' ? 'WHERE c.used_by IS NOT NULL' : f.used === 'false' ? 'WHERE c.used_by IS NULL' : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM codes c ${filter}`)).rows[0]!.n;
  const { rows } = await q.query<CodeRow>(`${SELECT} ${filter} ORDER BY c.id DESC LIMIT $1 OFFSET $2`, [
    f.limit,
    (f.page - 1) * f.limit,
  ]);
  return { rows, total };
}

/** Claims an unused code; of several redemptions racing, exactly one gets the row. */
export async function claim(q: Queryable, code: string, userId: number, now: Date) {
  const { rows } = await q.query<{ id: bigint; value: bigint }>(
    'UPDATE codes SET used_by = $2, used_at = $3 WHERE code = upper($1) AND used_by IS NULL RETURNING id, value',
    [code, userId, now],
  );
  return rows[0] ?? null;
}

export async function setTransfer(q: Queryable, id: bigint, transferId: string) {
  await q.query('UPDATE codes SET transfer_id = $2 WHERE id = $1', [id, transferId]);
}
