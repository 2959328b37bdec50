import type { DepositChannel, DepositHistoryStatus } from '@app/contracts/deposits';
import type { Queryable } from '../../../db/pool.js';

export interface HistoryRow {
  channel: DepositChannel;
  id: bigint;
  amount: bigint;
  status: DepositHistoryStatus;
  detail: string;
  ref: string | null;
  at: Date;
  /** `at` as PostgreSQL prints it: the cursor carries it back exactly (a JS Date drops the microseconds). */
  at_text: string;
  credited_at: Date | null;
}

export interface HistoryCursor {
  at: string;
  channel: DepositChannel;
  id: string;
}

/**
 * One branch per way money comes in, each in the same shape and read newest first through its
 * (member, time) index. `$1` member, `$2..$4` the cursor (time, channel, id), `$5` rows wanted.
 */
const BRANCHES: Array<{ channel: DepositChannel; select: string; from: string; at: string }> = [
  {
    channel: 'admin',
    select: `x.id, x.amount,
      CASE x.status WHEN 'approved' THEN 'credited' ELSE x.status END AS status,
      x.note AS detail, NULL::text AS ref, CASE WHEN x.status = 'approved' THEN x.decided_at END AS credited_at`,
    from: 'deposits x WHERE x.user_id = $1',
    at: 'x.created_at',
  },
  {
    channel: 'crypto',
    select: `x.id, coalesce(x.credited_amount, x.price_amount) AS amount,
      CASE WHEN x.transfer_id IS NOT NULL THEN 'credited'
           WHEN x.review IS NOT NULL THEN 'review'
           WHEN x.status IN ('failed', 'refunded', 'expired') THEN x.status
           ELSE 'pending' END AS status,
      upper(x.pay_currency) || ' · ' || replace(x.status, '_', ' ') AS detail, x.payment_id AS ref,
      x.credited_at`,
    from: 'provider_payments x WHERE x.user_id = $1',
    at: 'x.created_at',
  },
  {
    channel: 'wallet',
    select: `x.id, x.amount,
      CASE x.status WHEN 'credited' THEN 'credited' ELSE 'pending' END AS status,
      CASE x.status WHEN 'credited' THEN 'Transaction ' || left(x.tx_hash, 10) || '…'
           ELSE x.confirmations || ' of ' || x.required_confirmations || ' confirmations' END AS detail,
      x.tx_hash AS ref, x.credited_at`,
    from: 'web3_deposits x WHERE x.user_id = $1',
    at: 'x.created_at',
  },
  {
    channel: 'code',
    select: `x.id, x.value AS amount, 'credited' AS status, 'Code ' || x.code AS detail, NULL::text AS ref,
      x.used_at AS credited_at`,
    from: 'codes x WHERE x.used_by = $1',
    at: 'x.used_at',
  },
];

function branch(b: (typeof BRANCHES)[number], after: boolean) {
  // `at <= $2` bounds the index scan; the row comparison breaks ties in the one order of the list
  const older = after
    ? `AND ${b.at} <= $2::timestamptz AND (${b.at}, '${b.channel}'::text, x.id) < ($2::timestamptz, $3::text, $4::bigint)`
    : '';
  return `(SELECT '${b.channel}'::text AS channel, ${b.select}, ${b.at} AS at, ${b.at}::text AS at_text
    FROM ${b.from} ${older} ORDER BY ${b.at} DESC, x.id DESC LIMIT $5)`;
}

const sql = (after: boolean) =>
  `SELECT * FROM (${BRANCHES.map((b) => branch(b, after)).join(' UNION ALL ')}) h
   ORDER BY h.at DESC, h.channel DESC, h.id DESC LIMIT $5`;
/** Exported for the plan test: each branch must read through an index, never the whole table. */
export const FIRST = sql(false);
export const AFTER = sql(true);

/** Up to `limit` rows older than `cursor` (or the newest), across every channel. */
export async function page(q: Queryable, userId: number, limit: number, cursor: HistoryCursor | null) {
  const { rows } = cursor
    ? await q.query<HistoryRow>(AFTER, [userId, cursor.at, cursor.channel, cursor.id, limit])
    : await q.query<HistoryRow>(FIRST.replace(/\$5/g, '$$2'), [userId, limit]);
  return rows;
}
