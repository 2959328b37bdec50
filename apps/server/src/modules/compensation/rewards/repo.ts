import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';
import { stageEnd } from './business.js';

export interface RewardPlanRow {
  id: number;
  title: string;
  business: bigint;
  reward: bigint;
  days: number;
  sort_order: number;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface StageRow {
  id: bigint;
  user_id: bigint;
  plan_id: number;
  title: string;
  threshold: bigint;
  reward: bigint;
  days: number;
  plan_order: number;
  starts_at: Date;
  count_after: Date;
  ends_at: Date;
  carried: unknown;
  status: 'open' | 'claimed' | 'carried' | 'awarded';
  closed_at: Date | null;
  closed_business: bigint | null;
  closed_legs: unknown;
  achieved: boolean | null;
  paid: bigint | null;
}

export interface PayoutRow {
  id: bigint;
  user_id: bigint;
  username: string;
  plan_id: number;
  stage_id: bigint | null;
  source: 'claim' | 'admin';
  title: string;
  amount: bigint;
  paid: bigint;
  cut: bigint;
  business: bigint | null;
  note: string;
  created_at: Date;
}

export interface MemberRow {
  id: bigint;
  username: string;
  status: 'block' | 'unblock';
}

// ---- plans

const PLAN_COLUMNS = {
  title: 'title',
  business: 'business',
  reward: 'reward',
  days: 'days',
  order: 'sort_order',
  is_active: 'is_active',
} as const;

export async function listPlans(q: Queryable, activeOnly: boolean) {
  const { rows } = await q.query<RewardPlanRow>(
    `SELECT * FROM reward_plans WHERE deleted_at IS NULL ${activeOnly ? 'AND is_active' : ''} ORDER BY sort_order`,
  );
  return rows;
}

export async function findPlan(q: Queryable, id: number, lock = false) {
  const { rows } = await q.query<RewardPlanRow>(
    `SELECT * FROM reward_plans WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertPlan(
  q: Queryable,
  p: { title: string; business: bigint; reward: bigint; days: number; order: number; is_active: boolean },
  now: Date,
) {
  const { rows } = await q.query<RewardPlanRow>(
    `INSERT INTO reward_plans (title, business, reward, days, sort_order, is_active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
    [p.title, p.business, p.reward, p.days, p.order, p.is_active, now],
  );
  return rows[0]!;
}

export async function updatePlan(q: Queryable, id: number, changes: Record<string, unknown>, now: Date) {
  const names = Object.keys(changes).filter((k) => k in PLAN_COLUMNS) as Array<keyof typeof PLAN_COLUMNS>;
  const sets = [
    ...names.map((n, i) => `${PLAN_COLUMNS[n]} = $${i + 2}`),
    `updated_at = $${names.length + 2}`,
  ];
  const { rows } = await q.query<RewardPlanRow>(
    `UPDATE reward_plans SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    [id, ...names.map((n) => changes[n]), now],
  );
  return rows[0]!;
}

export async function softDeletePlan(q: Queryable, id: number, now: Date) {
  await q.query('UPDATE reward_plans SET deleted_at = $2, is_active = false, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
}

/**
 * The plan a member works on next: on sale, ordered after `afterOrder`, and neither staged nor paid
 * for this member before (each plan pays a member once).
 */
export async function nextPlan(q: Queryable, userId: number, afterOrder: number) {
  const { rows } = await q.query<RewardPlanRow>(
    `SELECT p.* FROM reward_plans p
      WHERE p.deleted_at IS NULL AND p.is_active AND p.sort_order > $2
        AND NOT EXISTS (SELECT 1 FROM reward_stages s WHERE s.user_id = $1 AND s.plan_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM reward_payouts r WHERE r.user_id = $1 AND r.plan_id = p.id)
      ORDER BY p.sort_order LIMIT 1`,
    [userId, afterOrder],
  );
  return rows[0] ?? null;
}

/** Every plan still ahead of a member, in order (for the rewards screen). */
export async function upcomingPlans(q: Queryable, userId: number, afterOrder: number) {
  const { rows } = await q.query<RewardPlanRow>(
    `SELECT p.* FROM reward_plans p
      WHERE p.deleted_at IS NULL AND p.is_active AND p.sort_order > $2
        AND NOT EXISTS (SELECT 1 FROM reward_stages s WHERE s.user_id = $1 AND s.plan_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM reward_payouts r WHERE r.user_id = $1 AND r.plan_id = p.id)
      ORDER BY p.sort_order`,
    [userId, afterOrder],
  );
  return rows;
}

// ---- members and stages

/** Locks the member's row: every stage change of a member runs under it, one at a time. */
export async function lockMember(q: Queryable, userId: number) {
  const { rows } = await q.query<MemberRow>(
    `SELECT id, username, status FROM users WHERE id = $1 AND role = 'user' FOR NO KEY UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function memberExists(q: Queryable, userId: number) {
  const { rowCount } = await q.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
  return (rowCount ?? 0) > 0;
}

const STAGE_SELECT = `SELECT s.*, (SELECT r.paid FROM reward_payouts r WHERE r.stage_id = s.id) AS paid
  FROM reward_stages s`;

export async function openStage(q: Queryable, userId: number) {
  const { rows } = await q.query<StageRow>(`${STAGE_SELECT} WHERE s.user_id = $1 AND s.status = 'open'`, [
    userId,
  ]);
  return rows[0] ?? null;
}

export async function findStage(q: Queryable, userId: number, stageId: number) {
  const { rows } = await q.query<StageRow>(`${STAGE_SELECT} WHERE s.user_id = $1 AND s.id = $2`, [
    userId,
    stageId,
  ]);
  return rows[0] ?? null;
}

export async function stagesOf(q: Queryable, userId: number) {
  const { rows } = await q.query<StageRow>(`${STAGE_SELECT} WHERE s.user_id = $1 ORDER BY s.id DESC`, [
    userId,
  ]);
  return rows;
}

/** The order of the last stage a member worked on (0 before the first). */
export async function lastOrder(q: Queryable, userId: number) {
  const { rows } = await q.query<{ o: number | null }>(
    'SELECT max(plan_order) AS o FROM reward_stages WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.o ?? 0;
}

export async function insertStage(
  q: Queryable,
  s: {
    userId: number;
    plan: RewardPlanRow;
    startsAt: Date;
    countAfter: Date;
    carried: Record<string, string>;
  },
) {
  const endsAt = stageEnd(s.startsAt, s.plan.days);
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO reward_stages (user_id, plan_id, title, threshold, reward, days, plan_order, starts_at,
                                count_after, ends_at, carried)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      s.userId,
      s.plan.id,
      s.plan.title,
      s.plan.business,
      s.plan.reward,
      s.plan.days,
      s.plan.sort_order,
      s.startsAt,
      s.countAfter,
      endsAt,
      JSON.stringify(s.carried),
    ],
  );
  return rows[0]!.id;
}

export async function closeStage(
  q: Queryable,
  c: {
    id: bigint;
    status: 'claimed' | 'carried' | 'awarded';
    at: Date;
    business: bigint;
    legs: Record<string, string>;
    achieved: boolean;
    by: number;
  },
) {
  await q.query(
    `UPDATE reward_stages SET status = $2, closed_at = $3, closed_business = $4, closed_legs = $5, achieved = $6,
            closed_by = $7
      WHERE id = $1 AND status = 'open'`,
    [c.id, c.status, c.at, c.business, JSON.stringify(c.legs), c.achieved, c.by],
  );
}

// ---- payouts

const PAYOUT_SELECT = `SELECT r.*, u.username FROM reward_payouts r JOIN users u ON u.id = r.user_id`;

export async function insertPayout(
  q: Queryable,
  p: {
    userId: number;
    planId: number;
    stageId: bigint | null;
    source: 'claim' | 'admin';
    title: string;
    amount: bigint;
    paid: bigint;
    cut: bigint;
    business: bigint | null;
    transferId: string | null;
    adminId: number | null;
    note: string;
    now: Date;
  },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO reward_payouts (user_id, plan_id, stage_id, source, title, amount, paid, cut, business,
                                 transfer_id, admin_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      p.userId,
      p.planId,
      p.stageId,
      p.source,
      p.title,
      p.amount,
      p.paid,
      p.cut,
      p.business,
      p.transferId,
      p.adminId,
      p.note,
      p.now,
    ],
  );
  return rows[0]!.id;
}

export async function findPayout(q: Queryable, id: bigint) {
  const { rows } = await q.query<PayoutRow>(`${PAYOUT_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function payoutOfStage(q: Queryable, stageId: bigint) {
  const { rows } = await q.query<PayoutRow>(`${PAYOUT_SELECT} WHERE r.stage_id = $1`, [stageId]);
  return rows[0] ?? null;
}

export async function payoutExists(q: Queryable, userId: number, planId: number) {
  const { rowCount } = await q.query('SELECT 1 FROM reward_payouts WHERE user_id = $1 AND plan_id = $2', [
    userId,
    planId,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function listPayouts(
  q: Queryable,
  f: PageRequest & {
    search?: string | undefined;
    source?: string | undefined;
    planId?: number | undefined;
    userId?: number | undefined;
  },
) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.search) {
    params.push(`%${f.search.toLowerCase()}%`);
    where.push(
      `(lower(u.username) LIKE $${params.length} OR u.email LIKE $${params.length} OR lower(r.title) LIKE $${params.length})`,
    );
  }
  if (f.source) where.push(`r.source = $${params.push(f.source)}`);
  if (f.planId) where.push(`r.plan_id = $${params.push(f.planId)}`);
  if (f.userId) where.push(`r.user_id = $${params.push(f.userId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows: count } = await q.query<{ n: number; paid: bigint }>(
    `SELECT count(*)::int AS n, coalesce(sum(r.paid), 0)::bigint AS paid
       FROM reward_payouts r JOIN users u ON u.id = r.user_id ${filter}`,
    params,
  );
  const { rows } = await q.query<PayoutRow>(
    `${PAYOUT_SELECT} ${filter} ORDER BY r.created_at DESC, r.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total: count[0]!.n, paid: count[0]!.paid };
}
