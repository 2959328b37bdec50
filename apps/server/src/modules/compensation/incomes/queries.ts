import { AD_BONUS_TYPE, BONUS_TYPE_KEY, CAPPED_INCOME_KINDS } from '@app/contracts/incomes';
import type { ReportGroup } from '@app/contracts/reports';
import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

/**
 * Reads over the `incomes` records (the income core writes them; nothing here writes). A record's
 * `paid` is the amount of its ledger transfer, so these sums are the ledger's income figures.
 */

const CAPPED = `(${CAPPED_INCOME_KINDS.map((k) => `'${k}'`).join(', ')})`;
/** The Income Dashboard's part of a record: its kind, or `add_income` for an ad bonus. */
const PART = `CASE WHEN i.kind = 'bonus' AND i.meta->>'${BONUS_TYPE_KEY}' = '${AD_BONUS_TYPE}'
                   THEN 'add_income' ELSE i.kind END`;

/** The member (role user) with their plan and income switches; null for anyone else. */
export async function memberFacts(q: Queryable, userId: number) {
  const { rows } = await q.query<{
    plan_id: number | null;
    plan_name: string | null;
    roi_status: 'open' | 'close';
    level_status: 'open' | 'close';
    outside: bigint;
  }>(
    `SELECT u.plan_id, p.name AS plan_name, u.roi_status, u.level_status,
            coalesce((SELECT sum(paid) FROM incomes WHERE user_id = u.id AND kind NOT IN ${CAPPED}), 0)::bigint
              AS outside
       FROM users u LEFT JOIN plans p ON p.id = u.plan_id
      WHERE u.id = $1 AND u.role = 'user'`,
    [userId],
  );
  return rows[0] ?? null;
}

export interface PartRow {
  part: string;
  /** 'current' | 'previous' | 'lifetime' */
  span: string;
  n: number;
  paid: bigint;
}

/** Paid per part in this period, the period before it, and since the start. */
export async function partTotals(
  q: Queryable,
  userId: number,
  p: { since: Date; until: Date; previousSince: Date },
) {
  const { rows } = await q.query<PartRow>(
    `SELECT ${PART} AS part, s.span,
            count(*) FILTER (WHERE i.paid > 0)::int AS n, sum(i.paid)::bigint AS paid
       FROM incomes i
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN i.created_at >= $2 AND i.created_at < $3 THEN 'current'
              WHEN i.created_at >= $4 AND i.created_at < $2 THEN 'previous' END),
        ('lifetime')) AS s(span)
      WHERE i.user_id = $1 AND s.span IS NOT NULL
      GROUP BY 1, 2`,
    [userId, p.since, p.until, p.previousSince],
  );
  return rows;
}

/** Paid per UTC day and part inside [since, until). */
export async function dailyParts(q: Queryable, userId: number, p: { since: Date; until: Date }) {
  const { rows } = await q.query<{ day: string; part: string; paid: bigint }>(
    `SELECT to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${PART} AS part,
            sum(i.paid)::bigint AS paid
       FROM incomes i
      WHERE i.user_id = $1 AND i.created_at >= $2 AND i.created_at < $3
      GROUP BY 1, 2`,
    [userId, p.since, p.until],
  );
  return rows;
}

export interface IncomeRow {
  id: bigint;
  user_id: bigint;
  username: string;
  kind: string;
  amount: bigint;
  paid: bigint;
  cut: bigint;
  source_user_id: bigint | null;
  source_username: string | null;
  level: number | null;
  base_amount: bigint | null;
  percent: string | null;
  earning_limit: bigint | null;
  earned_before: bigint | null;
  ref_type: string;
  ref_id: string;
  transfer_id: string | null;
  meta: Record<string, unknown>;
  created_at: Date;
}

const SELECT_INCOME = `SELECT i.id, i.user_id, u.username, i.kind, i.amount, i.paid, i.cut, i.source_user_id,
                              s.username AS source_username, i.level, i.base_amount, i.percent::text AS percent,
                              i.earning_limit, i.earned_before, i.ref_type, i.ref_id, i.transfer_id::text,
                              i.meta, i.created_at
                         FROM incomes i
                         JOIN users u ON u.id = i.user_id
                         LEFT JOIN users s ON s.id = i.source_user_id`;

export interface IncomeFilter {
  page: number;
  limit: number;
  userId?: number | undefined;
  kind?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

/** A page of incomes, newest first, with the count and sums of every row of the filter. */
export async function list(q: Queryable, f: IncomeFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId) where.push(`i.user_id = $${params.push(f.userId)}`);
  if (f.kind) where.push(`i.kind = $${params.push(f.kind)}`);
  if (f.since) where.push(`i.created_at >= $${params.push(f.since)}`);
  if (f.until) where.push(`i.created_at < $${params.push(f.until)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sums = (
    await q.query<{ n: number; amount: bigint; paid: bigint; cut: bigint }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount,
              coalesce(sum(paid), 0)::bigint AS paid, coalesce(sum(cut), 0)::bigint AS cut
         FROM incomes i ${filter}`,
      params,
    )
  ).rows[0]!;
  const { rows } = await q.query<IncomeRow>(
    `${SELECT_INCOME} ${filter} ORDER BY i.created_at DESC, i.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, sums };
}

export async function find(q: Queryable, id: number) {
  const { rows } = await q.query<IncomeRow>(`${SELECT_INCOME} WHERE i.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findByTransfer(q: Queryable, transferId: string) {
  const { rows } = await q.query<IncomeRow>(`${SELECT_INCOME} WHERE i.transfer_id = $1`, [transferId]);
  return rows[0] ?? null;
}

export async function transfer(q: Queryable, id: string) {
  const { rows } = await q.query<{
    id: string;
    kind: string;
    amount: bigint;
    status: string;
    created_at: Date;
  }>('SELECT id::text, kind, amount, status, created_at FROM transfers WHERE id = $1', [id]);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Admin overview

const PERIOD = (group: ReportGroup) =>
  `to_char(date_trunc('${group}', i.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/** Paid and cut per period and kind inside [since, until). */
export async function overviewSeries(q: Queryable, p: { since: Date; until: Date; group: ReportGroup }) {
  const { rows } = await q.query<{ period: string; kind: string; paid: bigint; cut: bigint }>(
    `SELECT ${PERIOD(p.group)} AS period, i.kind, sum(i.paid)::bigint AS paid, sum(i.cut)::bigint AS cut
       FROM incomes i WHERE i.created_at >= $1 AND i.created_at < $2
      GROUP BY 1, 2`,
    [p.since, p.until],
  );
  return rows;
}

/** Count, computed, paid and cut per kind, and the members paid, inside [since, until). */
export async function overviewTotals(q: Queryable, p: { since: Date; until: Date }) {
  const kinds = await q.query<{ kind: string; n: number; amount: bigint; paid: bigint; cut: bigint }>(
    `SELECT i.kind, count(*)::int AS n, sum(i.amount)::bigint AS amount, sum(i.paid)::bigint AS paid,
            sum(i.cut)::bigint AS cut
       FROM incomes i WHERE i.created_at >= $1 AND i.created_at < $2
      GROUP BY 1`,
    [p.since, p.until],
  );
  const members = await q.query<{ n: number }>(
    `SELECT count(DISTINCT i.user_id)::int AS n
       FROM incomes i WHERE i.created_at >= $1 AND i.created_at < $2 AND i.paid > 0`,
    [p.since, p.until],
  );
  return { kinds: kinds.rows, members: members.rows[0]!.n };
}

/** The members paid most inside [since, until). */
export async function topEarners(q: Queryable, p: { since: Date; until: Date; limit: number }) {
  const { rows } = await q.query<{ user_id: bigint; username: string; n: number; paid: bigint; cut: bigint }>(
    `SELECT i.user_id, u.username, count(*)::int AS n, sum(i.paid)::bigint AS paid, sum(i.cut)::bigint AS cut
       FROM incomes i JOIN users u ON u.id = i.user_id
      WHERE i.created_at >= $1 AND i.created_at < $2
      GROUP BY i.user_id, u.username
     HAVING sum(i.paid) > 0
      ORDER BY paid DESC, i.user_id
      LIMIT $3`,
    [p.since, p.until, p.limit],
  );
  return rows;
}
