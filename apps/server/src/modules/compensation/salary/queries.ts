/** The read side of salary: lists and figures for the admin screens and a member's history. */

import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';
import type { AssignmentRow, PaymentRow } from './repo.js';

const ASSIGNMENTS = `FROM salary_assignments a JOIN users u ON u.id = a.user_id`;
const PAYMENTS = `FROM salary_payments p
  JOIN salary_assignments a ON a.id = p.assignment_id
  JOIN users u ON u.id = p.user_id`;
const PAYMENT_COLUMNS = `p.*, u.username, a.name, a.months`;

function searchClause(params: unknown[], search: string | undefined) {
  if (!search) return null;
  const i = params.push(`%${search.toLowerCase()}%`);
  return `(lower(u.username) LIKE $${i} OR u.email LIKE $${i})`;
}

export async function listAssignments(
  q: Queryable,
  f: PageRequest & {
    userId?: number;
    status?: string | undefined;
    tierId?: number | undefined;
    search?: string | undefined;
  },
) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.userId) where.push(`a.user_id = $${params.push(f.userId)}`);
  if (f.status) where.push(`a.status = $${params.push(f.status)}`);
  if (f.tierId) where.push(`a.tier_id = $${params.push(f.tierId)}`);
  const search = searchClause(params, f.search);
  if (search) where.push(search);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n ${ASSIGNMENTS} ${filter}`, params))
    .rows[0]!.n;
  const { rows } = await q.query<AssignmentRow>(
    `SELECT a.*, u.username ${ASSIGNMENTS} ${filter} ORDER BY a.assigned_at DESC, a.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function listPayments(
  q: Queryable,
  f: PageRequest & { userId?: number | undefined; tierId?: number | undefined; search?: string | undefined },
) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.userId) where.push(`p.user_id = $${params.push(f.userId)}`);
  if (f.tierId) where.push(`p.tier_id = $${params.push(f.tierId)}`);
  const search = searchClause(params, f.search);
  if (search) where.push(search);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n ${PAYMENTS} ${filter}`, params))
    .rows[0]!.n;
  const { rows } = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} ${PAYMENTS} ${filter} ORDER BY p.created_at DESC, p.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function memberHistory(q: Queryable, userId: number) {
  const assignments = (
    await q.query<AssignmentRow>(
      `SELECT a.*, u.username ${ASSIGNMENTS} WHERE a.user_id = $1 ORDER BY a.assigned_at DESC, a.id DESC`,
      [userId],
    )
  ).rows;
  const payments = (
    await q.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} ${PAYMENTS} WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 500`,
      [userId],
    )
  ).rows;
  const totalPaid = (
    await q.query<{ paid: bigint }>(
      'SELECT coalesce(sum(paid), 0)::bigint AS paid FROM salary_payments WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.paid;
  return { assignments, payments, totalPaid };
}

/** Today (UTC day of `now`): payments made, new assignments, months falling due in the next 24 h. */
export async function todayStats(q: Queryable, now: Date) {
  const { rows } = await q.query<{
    payments: number;
    paid: bigint;
    cut: bigint;
    assigned: number;
    due: number;
  }>(
    `SELECT (SELECT count(*)::int FROM salary_payments WHERE created_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS payments,
            (SELECT coalesce(sum(paid), 0)::bigint FROM salary_payments
              WHERE created_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS paid,
            (SELECT coalesce(sum(cut), 0)::bigint FROM salary_payments
              WHERE created_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS cut,
            (SELECT count(*)::int FROM salary_assignments
              WHERE assigned_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS assigned,
            (SELECT count(*)::int FROM salary_assignments
              WHERE status = 'active'
                AND assigned_at + make_interval(days => 30 * (paid_months + 1)) <= $1::timestamptz + interval '24 hours') AS due`,
    [now],
  );
  return rows[0]!;
}

export async function tierStats(q: Queryable) {
  const { rows } = await q.query<{
    id: number;
    name: string;
    amount: bigint;
    months: number;
    is_active: boolean;
    active: number;
    completed: number;
    replaced: number;
    payments: number;
    paid: bigint;
  }>(
    `SELECT t.id, t.name, t.amount, t.months, t.is_active,
            (SELECT count(*)::int FROM salary_assignments a WHERE a.tier_id = t.id AND a.status = 'active') AS active,
            (SELECT count(*)::int FROM salary_assignments a WHERE a.tier_id = t.id AND a.status = 'completed') AS completed,
            (SELECT count(*)::int FROM salary_assignments a WHERE a.tier_id = t.id AND a.status = 'replaced') AS replaced,
            (SELECT count(*)::int FROM salary_payments p WHERE p.tier_id = t.id) AS payments,
            (SELECT coalesce(sum(p.paid), 0)::bigint FROM salary_payments p WHERE p.tier_id = t.id) AS paid
       FROM salary_tiers t
      WHERE t.deleted_at IS NULL OR EXISTS (SELECT 1 FROM salary_assignments a WHERE a.tier_id = t.id)
      ORDER BY t.amount DESC, t.id`,
  );
  return rows;
}

export async function dashboard(q: Queryable, now: Date) {
  const { rows } = await q.query<{
    tiers: number;
    active: number;
    completed: number;
    members_paid: number;
    total_paid: bigint;
    total_cut: bigint;
    month_paid: bigint;
  }>(
    `SELECT (SELECT count(*)::int FROM salary_tiers WHERE deleted_at IS NULL) AS tiers,
            (SELECT count(*)::int FROM salary_assignments WHERE status = 'active') AS active,
            (SELECT count(*)::int FROM salary_assignments WHERE status = 'completed') AS completed,
            (SELECT count(DISTINCT user_id)::int FROM salary_payments WHERE paid > 0) AS members_paid,
            (SELECT coalesce(sum(paid), 0)::bigint FROM salary_payments) AS total_paid,
            (SELECT coalesce(sum(cut), 0)::bigint FROM salary_payments) AS total_cut,
            (SELECT coalesce(sum(paid), 0)::bigint FROM salary_payments
              WHERE created_at >= date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS month_paid`,
    [now],
  );
  // months falling due in the next 30 days: each active assignment has at most one or two
  const { rows: due } = await q.query<{
    assigned_at: Date;
    paid_months: number;
    months: number;
    amount: bigint;
  }>(
    `SELECT assigned_at, paid_months, months, amount FROM salary_assignments
      WHERE status = 'active' AND assigned_at + make_interval(days => 30 * (paid_months + 1)) <= $1::timestamptz + interval '30 days'`,
    [now],
  );
  return { ...rows[0]!, due };
}
