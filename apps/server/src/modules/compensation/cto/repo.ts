import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface PoolRow {
  id: number;
  period: string;
  amount: bigint;
  note: string;
  status: 'open' | 'paid' | 'deleted';
  members: number | null;
  share: bigint | null;
  remainder: bigint | null;
  min_active_plan: bigint | null;
  min_directs_business: bigint | null;
  paid_at: Date | null;
  created_at: Date;
}

export interface QualifiedRow {
  id: bigint;
  username: string;
  active_plan: bigint;
  directs_business: bigint;
}

export interface PaymentRow {
  id: bigint;
  pool_id: number;
  period: string;
  user_id: bigint;
  username: string;
  amount: bigint;
  active_plan: bigint;
  directs_business: bigint;
  created_at: Date;
}

export interface Rules {
  minActivePlan: bigint;
  minDirectsBusiness: bigint;
}

/**
 * Each member's CTO figures: own active plan (principal + compound less holds, from the ledger) and
 * directs' business (net purchases of their direct members: 'invested' minus 'divested' events).
 */
const FIGURES = `WITH plan AS (
    SELECT owner_user_id AS user_id, sum(balance - pending)::bigint AS active_plan FROM accounts
     WHERE owner_user_id IS NOT NULL AND kind IN ('principal', 'compound') GROUP BY owner_user_id
  ), directs AS (
    SELECT d.sponsor_id AS user_id, sum(CASE e.kind WHEN 'invested' THEN e.amount ELSE -e.amount END)::bigint AS business
      FROM users d JOIN tree_events e ON e.user_id = d.id AND e.kind IN ('invested', 'divested')
     WHERE d.sponsor_id IS NOT NULL GROUP BY d.sponsor_id
  ), figures AS (
    SELECT u.id, u.username, u.status, coalesce(plan.active_plan, 0)::bigint AS active_plan,
           greatest(coalesce(directs.business, 0), 0)::bigint AS directs_business
      FROM users u LEFT JOIN plan ON plan.user_id = u.id LEFT JOIN directs ON directs.user_id = u.id
     WHERE u.role = 'user'
  )`;
const QUALIFIES = `status = 'unblock' AND active_plan >= $1 AND directs_business >= $2`;

/** Every member qualified now: active plan and directs' business at least the rules, not blocked. */
export async function qualified(q: Queryable, rules: Rules, page?: PageRequest) {
  const params: unknown[] = [rules.minActivePlan, rules.minDirectsBusiness];
  const { rows } = await q.query<QualifiedRow & { total: number }>(
    `${FIGURES} SELECT id, username, active_plan, directs_business, count(*) OVER ()::int AS total
       FROM figures WHERE ${QUALIFIES} ORDER BY id ${page ? pageClause(params, page) : ''}`,
    params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function countQualified(q: Queryable, rules: Rules) {
  const { rows } = await q.query<{ n: number }>(
    `${FIGURES} SELECT count(*)::int AS n FROM figures WHERE ${QUALIFIES}`,
    [rules.minActivePlan, rules.minDirectsBusiness],
  );
  return rows[0]!.n;
}

export async function figuresOf(q: Queryable, userId: number) {
  const { rows } = await q.query<QualifiedRow & { status: string }>(
    `${FIGURES} SELECT * FROM figures WHERE id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

// ---- pools

export async function insertPool(
  q: Queryable,
  p: { period: string; amount: bigint; note: string; by: number; now: Date },
) {
  const { rows } = await q.query<PoolRow>(
    `INSERT INTO cto_pools (period, amount, note, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [p.period, p.amount, p.note, p.by, p.now],
  );
  return rows[0]!;
}

export async function findPool(q: Queryable, id: number, lock = false) {
  const { rows } = await q.query<PoolRow>(
    `SELECT * FROM cto_pools WHERE id = $1 AND status <> 'deleted' ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listPools(q: Queryable, f: PageRequest & { status?: string | undefined }) {
  const params: unknown[] = [];
  const filter = f.status ? `WHERE status = $${params.push(f.status)}` : `WHERE status <> 'deleted'`;
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM cto_pools ${filter}`, params))
    .rows[0]!.n;
  const { rows } = await q.query<PoolRow>(
    `SELECT * FROM cto_pools ${filter} ORDER BY period DESC, id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function markPaid(
  q: Queryable,
  p: { id: number; members: number; share: bigint; remainder: bigint; rules: Rules; by: number; now: Date },
) {
  await q.query(
    `UPDATE cto_pools SET status = 'paid', members = $2, share = $3, remainder = $4, min_active_plan = $5,
            min_directs_business = $6, paid_by = $7, paid_at = $8
      WHERE id = $1 AND status = 'open'`,
    [p.id, p.members, p.share, p.remainder, p.rules.minActivePlan, p.rules.minDirectsBusiness, p.by, p.now],
  );
}

export async function markDeleted(q: Queryable, id: number, now: Date) {
  await q.query(
    `UPDATE cto_pools SET status = 'deleted', deleted_at = $2 WHERE id = $1 AND status = 'open'`,
    [id, now],
  );
}

// ---- payments

export async function insertPayments(
  q: Queryable,
  poolId: number,
  rows: Array<{
    userId: number;
    amount: bigint;
    activePlan: bigint;
    directsBusiness: bigint;
    transferId: string | null;
  }>,
  now: Date,
) {
  await q.query(
    `INSERT INTO cto_payments (pool_id, user_id, amount, active_plan, directs_business, transfer_id, created_at)
     SELECT $1::int, *, $7::timestamptz FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::uuid[])`,
    [
      poolId,
      rows.map((r) => r.userId),
      rows.map((r) => r.amount),
      rows.map((r) => r.activePlan),
      rows.map((r) => r.directsBusiness),
      rows.map((r) => r.transferId),
      now,
    ],
  );
}

const PAYMENTS = `SELECT c.*, p.period, u.username FROM cto_payments c
  JOIN cto_pools p ON p.id = c.pool_id JOIN users u ON u.id = c.user_id`;

export async function paymentsOfPool(q: Queryable, poolId: number) {
  const { rows } = await q.query<PaymentRow>(`${PAYMENTS} WHERE c.pool_id = $1 ORDER BY c.user_id`, [poolId]);
  return rows;
}

export async function paymentsOfMember(q: Queryable, userId: number, f: PageRequest) {
  const params: unknown[] = [userId];
  const total = (
    await q.query<{ n: number }>('SELECT count(*)::int AS n FROM cto_payments WHERE user_id = $1', params)
  ).rows[0]!.n;
  const { rows } = await q.query<PaymentRow>(
    `${PAYMENTS} WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function receivedBy(q: Queryable, userId: number) {
  const { rows } = await q.query<{ total: bigint }>(
    'SELECT coalesce(sum(amount), 0)::bigint AS total FROM cto_payments WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.total;
}
