import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface DepositRow {
  id: bigint;
  user_id: bigint;
  username: string;
  amount: bigint;
  status: 'pending' | 'approved' | 'rejected';
  note: string;
  decided_at: Date | null;
  created_at: Date;
}

const SELECT = 'SELECT d.*, u.username FROM deposits d JOIN users u ON u.id = d.user_id';

export async function insert(
  q: Queryable,
  d: { userId: number; amount: bigint; note: string; by: number; now: Date },
) {
  const { rows } = await q.query<{ id: bigint }>(
    'INSERT INTO deposits (user_id, amount, note, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [d.userId, d.amount, d.note, d.by, d.now],
  );
  return rows[0]!.id;
}

export async function find(q: Queryable, id: number | bigint, lock = false): Promise<DepositRow | null> {
  const { rows } = await q.query<DepositRow>(`${SELECT} WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function list(
  q: Queryable,
  f: { page: number; limit: number; status?: string | undefined; userId?: number | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status) where.push(`d.status = $${params.push(f.status)}`);
  if (f.userId) where.push(`d.user_id = $${params.push(f.userId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposits d ${filter}`, params))
    .rows[0]!.n;
  const { rows } = await q.query<DepositRow>(
    `${SELECT} ${filter} ORDER BY d.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function update(q: Queryable, id: bigint, c: { amount?: bigint; userId?: number }) {
  await q.query(
    'UPDATE deposits SET amount = coalesce($2, amount), user_id = coalesce($3, user_id) WHERE id = $1',
    [id, c.amount ?? null, c.userId ?? null],
  );
}

export async function decide(
  q: Queryable,
  id: bigint,
  status: 'approved' | 'rejected',
  by: number,
  now: Date,
  transferId: string | null,
) {
  await q.query(
    'UPDATE deposits SET status = $2, decided_by = $3, decided_at = $4, transfer_id = $5 WHERE id = $1',
    [id, status, by, now, transferId],
  );
}
