import type { Queryable } from '../../../db/pool.js';

export interface TierRow {
  id: number;
  name: string;
  amount: bigint;
  months: number;
  required_directs: number;
  required_business: bigint;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface AssignmentRow {
  id: bigint;
  user_id: bigint;
  username: string;
  tier_id: number;
  name: string;
  amount: bigint;
  months: number;
  paid_months: number;
  directs: number;
  business: bigint;
  assigned_at: Date;
  status: 'active' | 'completed' | 'replaced';
  ended_at: Date | null;
}

export interface PaymentRow {
  id: bigint;
  assignment_id: bigint;
  user_id: bigint;
  username: string;
  tier_id: number;
  name: string;
  month: number;
  months: number;
  due_at: Date;
  amount: bigint;
  paid: bigint;
  cut: bigint;
  created_at: Date;
}

// ---- tiers

const TIER_COLUMNS = [
  'name',
  'amount',
  'months',
  'required_directs',
  'required_business',
  'is_active',
] as const;

/** Highest first: the tier paying most a month (ties: the harder one). */
const TIER_ORDER = 'amount DESC, required_business DESC, required_directs DESC, id';

export async function listTiers(q: Queryable, activeOnly = false) {
  const { rows } = await q.query<TierRow>(
    `SELECT * FROM salary_tiers WHERE deleted_at IS NULL ${activeOnly ? 'AND is_active' : ''} ORDER BY ${TIER_ORDER}`,
  );
  return rows;
}

export async function findTier(q: Queryable, id: number, lock = false) {
  const { rows } = await q.query<TierRow>(
    `SELECT * FROM salary_tiers WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertTier(q: Queryable, t: Record<(typeof TIER_COLUMNS)[number], unknown>, now: Date) {
  const { rows } = await q.query<TierRow>(
    `INSERT INTO salary_tiers (${TIER_COLUMNS.join(', ')}, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
    [...TIER_COLUMNS.map((c) => t[c]), now],
  );
  return rows[0]!;
}

export async function updateTier(q: Queryable, id: number, changes: Record<string, unknown>, now: Date) {
  const names = Object.keys(changes).filter((k) => (TIER_COLUMNS as readonly string[]).includes(k));
  const sets = [...names.map((n, i) => `${n} = $${i + 2}`), `updated_at = $${names.length + 2}`];
  const { rows } = await q.query<TierRow>(
    `UPDATE salary_tiers SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    [id, ...names.map((n) => changes[n]), now],
  );
  return rows[0]!;
}

export async function softDeleteTier(q: Queryable, id: number, now: Date) {
  await q.query('UPDATE salary_tiers SET deleted_at = $2, is_active = false, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
}

// ---- qualification

/**
 * Members who could hold a tier, with their figures: active, not blocked, at least `minDirects`
 * direct members whose is_active is 'active', and team business (net purchases of the whole
 * downline, from the tree events: 'invested' minus 'divested') of at least `minBusiness`.
 */
export async function candidates(q: Queryable, minDirects: number, minBusiness: bigint) {
  const { rows } = await q.query<{ id: bigint; directs: number; business: bigint }>(
    `WITH net AS (
       SELECT user_id, sum(CASE kind WHEN 'invested' THEN amount ELSE -amount END) AS amount
         FROM tree_events WHERE kind IN ('invested', 'divested') GROUP BY user_id
     ), team AS (
       SELECT a.anc::bigint AS user_id, sum(net.amount) AS business
         FROM net JOIN users u ON u.id = net.user_id
        CROSS JOIN LATERAL unnest(string_to_array(
          CASE WHEN nlevel(u.path) > 1 THEN subpath(u.path, 0, nlevel(u.path) - 1)::text END, '.')) AS a(anc)
        GROUP BY 1
     ), directs AS (
       SELECT sponsor_id AS user_id, count(*)::int AS n FROM users
        WHERE sponsor_id IS NOT NULL AND is_active = 'active' GROUP BY sponsor_id
     )
     SELECT u.id, coalesce(d.n, 0) AS directs, greatest(coalesce(team.business, 0), 0)::bigint AS business
       FROM users u
       LEFT JOIN directs d ON d.user_id = u.id
       LEFT JOIN team ON team.user_id = u.id
      WHERE u.role = 'user' AND u.status = 'unblock' AND u.is_active = 'active'
        AND coalesce(d.n, 0) >= $1 AND coalesce(team.business, 0) >= $2
      ORDER BY u.id`,
    [minDirects, minBusiness],
  );
  return rows;
}

/** The monthly amount of the best tier each member has ever held (what "no downgrade" compares with). */
export async function bestHeld(q: Queryable) {
  const { rows } = await q.query<{ user_id: bigint; amount: bigint; tiers: number[] }>(
    'SELECT user_id, max(amount)::bigint AS amount, array_agg(tier_id) AS tiers FROM salary_assignments GROUP BY user_id',
  );
  return new Map(rows.map((r) => [Number(r.user_id), { amount: r.amount, tiers: new Set(r.tiers) }]));
}

// ---- assignments and payments

const ASSIGNMENT_SELECT = `SELECT a.*, u.username FROM salary_assignments a JOIN users u ON u.id = a.user_id`;

export async function lockMember(q: Queryable, userId: number) {
  const { rows } = await q.query<{ id: bigint; status: string; is_active: string }>(
    `SELECT id, status, is_active FROM users WHERE id = $1 AND role = 'user' FOR NO KEY UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function currentAssignment(q: Queryable, userId: number) {
  const { rows } = await q.query<AssignmentRow>(
    `${ASSIGNMENT_SELECT} WHERE a.user_id = $1 AND a.status = 'active' FOR UPDATE OF a`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function insertAssignment(
  q: Queryable,
  a: { userId: number; tier: TierRow; directs: number; business: bigint; now: Date },
) {
  await q.query(
    `INSERT INTO salary_assignments (user_id, tier_id, name, amount, months, directs, business, assigned_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [a.userId, a.tier.id, a.tier.name, a.tier.amount, a.tier.months, a.directs, a.business, a.now],
  );
  await q.query(
    `INSERT INTO leadership_ranks (user_id, tier_id, rank, directs, business, reached_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, tier_id) DO NOTHING`,
    [a.userId, a.tier.id, a.tier.name, a.directs, a.business, a.now],
  );
}

export async function endAssignment(q: Queryable, id: bigint, status: 'completed' | 'replaced', now: Date) {
  await q.query('UPDATE salary_assignments SET status = $2, ended_at = $3 WHERE id = $1', [id, status, now]);
}

export async function setPaidMonths(q: Queryable, id: bigint, paidMonths: number) {
  await q.query('UPDATE salary_assignments SET paid_months = $2 WHERE id = $1', [id, paidMonths]);
}

/** Active assignments with at least one month due by `now` (30 days a month from assignment). */
export async function dueAssignments(q: Queryable, now: Date) {
  const { rows } = await q.query<{ user_id: bigint }>(
    `SELECT user_id FROM salary_assignments
      WHERE status = 'active' AND assigned_at + make_interval(days => 30 * (paid_months + 1)) <= $1
      ORDER BY user_id`,
    [now],
  );
  return rows.map((r) => Number(r.user_id));
}

export async function insertPayment(
  q: Queryable,
  p: {
    assignment: AssignmentRow;
    month: number;
    dueAt: Date;
    paid: bigint;
    cut: bigint;
    transferId: string | null;
    now: Date;
  },
) {
  await q.query(
    `INSERT INTO salary_payments (assignment_id, user_id, tier_id, month, due_at, amount, paid, cut, transfer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      p.assignment.id,
      p.assignment.user_id,
      p.assignment.tier_id,
      p.month,
      p.dueAt,
      p.assignment.amount,
      p.paid,
      p.cut,
      p.transferId,
      p.now,
    ],
  );
}
