import { pageClause } from '../../../db/paging.js';
import { membersChanged, prepared, type Queryable } from '../../../db/pool.js';
import type { PlanRow } from '../plans/repo.js';

export interface TopupRow {
  id: bigint;
  kind: 'purchase' | 'retopup' | 'activation';
  payer_id: bigint;
  payer_username: string;
  user_id: bigint;
  username: string;
  plan_id: number | null;
  plan_name: string | null;
  amount: bigint;
  status: 'done' | 'reversed';
  transfer_id: string | null;
  created_at: Date;
}

const SELECT = `SELECT t.*, p.username AS payer_username, u.username, pl.name AS plan_name
  FROM topups t JOIN users p ON p.id = t.payer_id JOIN users u ON u.id = t.user_id LEFT JOIN plans pl ON pl.id = t.plan_id`;

export interface MemberRow {
  id: bigint;
  username: string;
  status: 'unblock' | 'block';
  is_active: 'active' | 'inactive';
  paid_member: boolean;
  role: string;
  sponsor_id: bigint | null;
  /** The sponsor can earn direct income: active and not blocked (DOMAIN.md, Incomes). */
  sponsor_earns: boolean | null;
}

const FIND_MEMBER = `SELECT id, username, status, is_active, paid_member, role, sponsor_id,
    (SELECT s.status = 'unblock' AND s.is_active = 'active' FROM users s WHERE s.id = users.sponsor_id) AS sponsor_earns
  FROM users
  WHERE role = 'user' AND (id = $1 OR lower(username) = lower($2) OR refferal_code = upper($2))
  ORDER BY id LIMIT 1`;
const findMemberSql = prepared('topups_find_member', FIND_MEMBER);
const findMemberLocked = prepared('topups_find_member_locked', `${FIND_MEMBER} FOR NO KEY UPDATE`);

/** A member by id, or by username or referral code; locked when it will change. */
export async function findMember(
  q: Queryable,
  by: { id?: number | undefined; handle?: string | undefined },
  lock = false,
) {
  const { rows } = await q.query<MemberRow>(
    (lock ? findMemberLocked : findMemberSql)([by.id ?? null, by.handle ?? null]),
  );
  return rows[0] ?? null;
}

export async function insert(
  q: Queryable,
  t: {
    kind: TopupRow['kind'];
    payerId: number;
    userId: number;
    planId: number | null;
    actPlanId: number | null;
    amount: bigint;
    now: Date;
  },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO topups (kind, payer_id, user_id, plan_id, act_plan_id, amount, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [t.kind, t.payerId, t.userId, t.planId, t.actPlanId, t.amount, t.now],
  );
  return rows[0]!.id;
}

export async function setTransfer(q: Queryable, id: bigint, transferId: string) {
  await q.query('UPDATE topups SET transfer_id = $2 WHERE id = $1', [id, transferId]);
}

export async function find(q: Queryable, id: number | bigint, lock = false): Promise<TopupRow | null> {
  const { rows } = await q.query<TopupRow>(`${SELECT} WHERE t.id = $1 ${lock ? 'FOR UPDATE OF t' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function findByTransfer(q: Queryable, transferId: string): Promise<TopupRow | null> {
  const { rows } = await q.query<TopupRow>(`${SELECT} WHERE t.transfer_id = $1`, [transferId]);
  return rows[0] ?? null;
}

export async function list(
  q: Queryable,
  f: { page: number; limit: number; kind?: string | undefined; userId?: number | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.kind) where.push(`t.kind = $${params.push(f.kind)}`);
  if (f.userId) where.push(`(t.user_id = $${params.push(f.userId)} OR t.payer_id = $${params.length})`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM topups t ${filter}`, params))
    .rows[0]!.n;
  const { rows } = await q.query<TopupRow>(
    `${SELECT} ${filter} ORDER BY t.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

const planForPurchaseSql = prepared(
  'topups_plan_for_purchase',
  `SELECT p.*, nextval(pg_get_serial_sequence('topups', 'id')) AS topup_id
     FROM plans p WHERE p.id = $1 AND p.deleted_at IS NULL`,
);

/** The plan being bought, with the id the purchase will have (its ledger posting names it). */
export async function planForPurchase(q: Queryable, planId: number) {
  const { rows } = await q.query<PlanRow & { topup_id: bigint }>(planForPurchaseSql([planId]));
  return rows[0] ?? null;
}

const recordPurchaseSql = prepared(
  'topups_record_purchase',
  `WITH topup AS (
     INSERT INTO topups (id, kind, payer_id, user_id, plan_id, amount, transfer_id, created_at)
     OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   ), member AS (
     UPDATE users SET is_active = 'active', plan_id = $5, activation_date = $8, updated_at = $8 WHERE id = $4
   )
   INSERT INTO tree_events (user_id, kind, amount, ref_type, ref_id, created_at)
   SELECT $4, e.kind, CASE WHEN e.kind = 'invested' THEN $6 ELSE 0 END, 'topup', $1::text, $8
     FROM unnest($9::text[]) AS e(kind)`,
);

/**
 * Records a paid purchase in one statement: the top-up row, the member's plan and activation, and
 * the tree events (invested; activated on a first plan) the team figures roll up from.
 */
export async function recordPurchase(
  q: Queryable,
  p: {
    id: bigint;
    kind: 'purchase' | 'retopup';
    payerId: number;
    userId: number;
    planId: number;
    amount: bigint;
    transferId: string;
    firstPlan: boolean;
    now: Date;
  },
) {
  await q.query(
    recordPurchaseSql([
      p.id,
      p.kind,
      p.payerId,
      p.userId,
      p.planId,
      p.amount,
      p.transferId,
      p.now,
      p.firstPlan ? ['invested', 'activated'] : ['invested'],
    ]),
  );
  membersChanged(q, [p.userId]);
}

export async function markPaid(q: Queryable, userId: number, now: Date) {
  await q.query('UPDATE users SET paid_member = true, updated_at = $2 WHERE id = $1', [userId, now]);
  membersChanged(q, [userId]);
}

export async function markReversed(q: Queryable, id: bigint) {
  await q.query(`UPDATE topups SET status = 'reversed' WHERE id = $1`, [id]);
}

export async function treeEvent(
  q: Queryable,
  e: {
    userId: number;
    kind: 'activated' | 'invested' | 'divested';
    amount: bigint;
    refType: string;
    refId: string;
    now: Date;
  },
) {
  await q.query(
    'INSERT INTO tree_events (user_id, kind, amount, ref_type, ref_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.userId, e.kind, e.amount, e.refType, e.refId, e.now],
  );
}

export async function firstActiveActPlan(q: Queryable) {
  const { rows } = await q.query<{ id: number; fee: bigint }>(
    'SELECT id, fee FROM act_plans WHERE is_active AND deleted_at IS NULL ORDER BY id LIMIT 1',
  );
  return rows[0] ?? null;
}
