import {
  DEPOSIT_CHANNELS,
  type DepositChannel,
  INCOME_KINDS,
  type ReportGroup,
  type ReportKind,
} from '@app/contracts/reports';
import type { Queryable } from '../../../db/pool.js';

/**
 * The SQL behind each report. Every fragment is fixed here (never built from input); each row is
 * selected with the column keys of kinds.ts. A row belongs to the UTC day of its `at` instant.
 */
interface Source {
  from: string;
  /** The instant that places a row in the period. */
  at: string;
  where?: string;
  select: string;
  /** The money of a row, and which rows count in the headline amount. */
  value: string;
  headline: string;
  /** Part key -> which rows count in that part. */
  parts: Record<string, string>;
}

const WITHDRAWAL_STATUS = `CASE WHEN w.status = 'rejected' AND w.reason = 'cancelled' THEN 'cancelled' ELSE w.status END`;

const SOURCES: Record<ReportKind, Source> = {
  // every channel money comes in by (migration 021); the credited part split by channel
  deposits: {
    from: 'deposit_channels d JOIN users u ON u.id = d.user_id',
    at: 'd.created_at',
    // each channel numbers its own rows (an admin deposit and a crypto payment can both be 1), so
    // the id a row is known by carries its channel: admin-1, crypto-1, wallet-1, code-1
    select: `d.channel || '-' || d.id AS id, d.channel, d.created_at, u.username, d.amount, d.status,
             d.decided_at, d.note`,
    value: 'd.amount',
    headline: `d.status = 'approved'`,
    parts: {
      ...Object.fromEntries(DEPOSIT_CHANNELS.map((c) => [c, `d.status = 'approved' AND d.channel = '${c}'`])),
      pending: `d.status = 'pending'`,
      rejected: `d.status = 'rejected'`,
    },
  },
  withdrawals: {
    from: 'withdrawals w JOIN users u ON u.id = w.user_id',
    at: 'w.created_at',
    select: `w.id, w.created_at, u.username, w.kind AS wallet, w.amount, w.fee, w.net,
             ${WITHDRAWAL_STATUS} AS status, w.decided_at, w.network, w.tx_hash`,
    value: 'w.amount',
    headline: `w.status = 'approved'`,
    parts: {
      approved: `w.status = 'approved'`,
      pending: `w.status = 'pending'`,
      rejected: `w.status = 'rejected' AND w.reason IS DISTINCT FROM 'cancelled'`,
      cancelled: `w.status = 'rejected' AND w.reason = 'cancelled'`,
    },
  },
  topups: {
    from: `topups t JOIN users u ON u.id = t.user_id JOIN users p ON p.id = t.payer_id
           LEFT JOIN plans pl ON pl.id = t.plan_id LEFT JOIN act_plans ap ON ap.id = t.act_plan_id`,
    at: 't.created_at',
    select: `t.id, t.created_at, t.kind, u.username, p.username AS payer, coalesce(pl.name, ap.name) AS plan,
             t.amount, t.status`,
    value: 't.amount',
    headline: `t.status = 'done'`,
    parts: {
      purchase: `t.kind = 'purchase' AND t.status = 'done'`,
      retopup: `t.kind = 'retopup' AND t.status = 'done'`,
      activation: `t.kind = 'activation' AND t.status = 'done'`,
      reversed: `t.status = 'reversed'`,
    },
  },
  incomes: {
    from: `transfers tr JOIN accounts a ON a.id = tr.credit_account LEFT JOIN users u ON u.id = a.owner_user_id`,
    at: 'tr.created_at',
    where: `tr.status = 'posted' AND tr.kind IN (${INCOME_KINDS.map((k) => `'${k}'`).join(', ')})`,
    select: `tr.id AS transfer_id, tr.created_at, u.username, tr.kind, a.kind AS wallet, tr.amount,
             CASE WHEN tr.ref_type IS NULL THEN NULL ELSE tr.ref_type || coalesce(' #' || tr.ref_id, '') END AS reference`,
    value: 'tr.amount',
    headline: 'true',
    parts: Object.fromEntries(INCOME_KINDS.map((k) => [k, `tr.kind = '${k}'`])),
  },
};

function scope(kind: ReportKind) {
  const s = SOURCES[kind];
  return {
    s,
    sql: `FROM ${s.from} WHERE ${s.at} >= $1 AND ${s.at} < $2${s.where ? ` AND ${s.where}` : ''}`,
  };
}

export type ReportRow = Record<string, unknown>;

/** The rows of the period, newest first; `page` omitted: up to `cap` rows (the CSV export). */
export async function rows(
  q: Queryable,
  kind: ReportKind,
  f: { since: Date; until: Date; limit: number; offset: number },
) {
  const { s, sql } = scope(kind);
  const { rows } = await q.query<ReportRow>(
    `SELECT ${s.select} ${sql} ORDER BY ${s.at} DESC, 1 DESC LIMIT $3 OFFSET $4`,
    [f.since, f.until, f.limit, f.offset],
  );
  return rows;
}

export interface SeriesRow {
  period: string;
  /** Every row of the period, whatever its status (the table lists them all). */
  n: number;
  /** The rows the headline amount adds up (credited deposits, approved withdrawals...). */
  n_headline: number;
  amount: bigint;
  [part: `part_${string}`]: bigint;
  [partCount: `count_${string}`]: number;
}

/** Rows, headline amount and every part, per period (first day of the UTC day, ISO week or month). */
export async function series(
  q: Queryable,
  kind: ReportKind,
  f: { since: Date; until: Date; group: ReportGroup },
) {
  const { s, sql } = scope(kind);
  const parts = Object.entries(s.parts).flatMap(([key, cond]) => [
    `coalesce(sum(${s.value}) FILTER (WHERE ${cond}), 0)::bigint AS "part_${key}"`,
    `count(*) FILTER (WHERE ${cond})::int AS "count_${key}"`,
  ]);
  const { rows } = await q.query<SeriesRow>(
    `SELECT to_char(date_trunc($3::text, ${s.at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
            count(*)::int AS n,
            count(*) FILTER (WHERE ${s.headline})::int AS n_headline,
            coalesce(sum(${s.value}) FILTER (WHERE ${s.headline}), 0)::bigint AS amount,
            ${parts.join(',\n            ')}
       ${sql}
      GROUP BY 1 ORDER BY 1`,
    [f.since, f.until, f.group],
  );
  return rows;
}

export interface MoneyTotals {
  approved_total: bigint;
  approved_count: number;
  approved_today: bigint;
  approved_today_count: number;
  pending_amount: bigint;
  pending_count: number;
}

/**
 * Deposits of every channel credited (all time and decided today), those not credited yet (every
 * channel: the same "pending" as the deposits report, issue 37.11), the admin deposits among them
 * that wait for a decision, and the credited total of each channel.
 */
export async function depositTotals(q: Queryable, today: { since: Date; until: Date }) {
  const { rows } = await q.query<{
    channel: DepositChannel;
    total: bigint;
    n: number;
    today: bigint;
    n_today: number;
    pending: bigint;
    n_pending: number;
  }>(
    `SELECT channel,
            coalesce(sum(amount) FILTER (WHERE status = 'approved'), 0)::bigint AS total,
            count(*) FILTER (WHERE status = 'approved')::int AS n,
            coalesce(sum(amount) FILTER (WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2), 0)::bigint AS today,
            count(*) FILTER (WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2)::int AS n_today,
            coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::bigint AS pending,
            count(*) FILTER (WHERE status = 'pending')::int AS n_pending
       FROM deposit_channels GROUP BY channel`,
    [today.since, today.until],
  );
  const totals: MoneyTotals & { awaiting_amount: bigint; awaiting_count: number } = {
    approved_total: 0n,
    approved_count: 0,
    approved_today: 0n,
    approved_today_count: 0,
    pending_amount: 0n,
    pending_count: 0,
    awaiting_amount: 0n,
    awaiting_count: 0,
  };
  const byChannel = Object.fromEntries(DEPOSIT_CHANNELS.map((c) => [c, { total: 0n, count: 0 }])) as Record<
    DepositChannel,
    { total: bigint; count: number }
  >;
  for (const r of rows) {
    totals.approved_total += r.total;
    totals.approved_count += r.n;
    totals.approved_today += r.today;
    totals.approved_today_count += r.n_today;
    totals.pending_amount += r.pending;
    totals.pending_count += r.n_pending;
    // only an admin-recorded deposit waits for an admin; the others wait for a payment or the chain
    if (r.channel === 'admin') {
      totals.awaiting_amount = r.pending;
      totals.awaiting_count = r.n_pending;
    }
    byChannel[r.channel] = { total: r.total, count: r.n };
  }
  return { ...totals, byChannel };
}

/** Withdrawals: paid (net sent, fees kept; all time and decided today), and requests waiting. */
export async function withdrawalTotals(q: Queryable, today: { since: Date; until: Date }) {
  const { rows } = await q.query<MoneyTotals & { fees_total: bigint }>(
    `SELECT coalesce(sum(net) FILTER (WHERE status = 'approved'), 0)::bigint AS approved_total,
            count(*) FILTER (WHERE status = 'approved')::int AS approved_count,
            coalesce(sum(fee) FILTER (WHERE status = 'approved'), 0)::bigint AS fees_total,
            coalesce(sum(net) FILTER (WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2), 0)::bigint AS approved_today,
            count(*) FILTER (WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2)::int AS approved_today_count,
            coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::bigint AS pending_amount,
            count(*) FILTER (WHERE status = 'pending')::int AS pending_count
       FROM withdrawals`,
    [today.since, today.until],
  );
  return rows[0]!;
}

/** Member accounts by wallet kind: balance (posted) and the part of it held by pending transfers. */
export async function memberAccounts(q: Queryable) {
  const { rows } = await q.query<{ kind: string; balance: bigint; pending: bigint }>(
    `SELECT kind, coalesce(sum(balance), 0)::bigint AS balance, coalesce(sum(pending), 0)::bigint AS pending
       FROM accounts WHERE owner_user_id IS NOT NULL GROUP BY kind`,
  );
  return rows;
}

/** Balances of the platform accounts (absent ones have never moved: zero). */
export async function platformBalances(q: Queryable) {
  const { rows } = await q.query<{ kind: string; balance: bigint }>(
    'SELECT kind, balance FROM accounts WHERE owner_user_id IS NULL',
  );
  return new Map(rows.map((r) => [r.kind, r.balance]));
}

/** Deposits credited (every channel) and withdrawals paid (net) per UTC day of their decision, from `since`. */
export async function moneyPerDay(q: Queryable, since: Date, until: Date) {
  const { rows } = await q.query<{ day: string; deposits: bigint; withdrawals: bigint }>(
    `SELECT day, sum(deposits)::bigint AS deposits, sum(withdrawals)::bigint AS withdrawals FROM (
       SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, amount AS deposits, 0 AS withdrawals
         FROM deposit_channels WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2
       UNION ALL
       SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, net
         FROM withdrawals WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2
     ) m GROUP BY day`,
    [since, until],
  );
  return new Map(rows.map((r) => [r.day, r]));
}
