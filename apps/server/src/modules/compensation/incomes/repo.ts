import { prepared, type Queryable } from '../../../db/pool.js';
import type { CapDecision, IncomeRecord } from './income.js';

/** Default cap multiple when a member holds no plan row (DOMAIN.md: 7). */
export const DEFAULT_CAP_MULTIPLE = 7;

const recordQuery = prepared(
  'incomes_record',
  `WITH rows AS (
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[],
                          $7::int[], $8::bigint[], $9::numeric[], $10::bigint[], $11::bigint[], $12::text[],
                          $13::text[], $14::uuid[], $15::jsonb[])
       AS r(user_id, kind, amount, paid, cut, source_user_id, level, base_amount, percent, earning_limit,
            earned_before, ref_type, ref_id, transfer_id, meta)
   ), inserted AS (
     INSERT INTO incomes (user_id, kind, amount, paid, cut, source_user_id, level, base_amount, percent,
                          earning_limit, earned_before, ref_type, ref_id, transfer_id, meta, created_at)
     SELECT user_id, kind, amount, paid, cut, source_user_id, level, base_amount, percent, earning_limit,
            earned_before, ref_type, ref_id, transfer_id, meta, $16 FROM rows
   )
   UPDATE earning_stripes s SET earned = s.earned + x.paid, updated_at = $16
     FROM unnest($17::bigint[], $18::smallint[], $19::bigint[]) AS x(user_id, stripe, paid)
    WHERE s.user_id = x.user_id AND s.stripe = x.stripe AND x.paid > 0`,
);

/**
 * Records every decision and adds what the capped ones paid to the stripes that decided them
 * (cap.ts; locked by this transaction), in one statement.
 */
export async function record(q: Queryable, records: IncomeRecord[], decisions: CapDecision[], now: Date) {
  const col = <T>(pick: (r: IncomeRecord) => T) => records.map(pick);
  await q.query(
    recordQuery([
      col((r) => r.userId),
      col((r) => r.kind),
      col((r) => r.amount),
      col((r) => r.paid),
      col((r) => r.cut),
      col((r) => r.sourceUserId ?? null),
      col((r) => r.level ?? null),
      col((r) => r.baseAmount ?? null),
      col((r) => (r.percent === undefined || r.percent === null ? null : String(r.percent))),
      col((r) => r.earningLimit),
      col((r) => r.earnedBefore),
      col((r) => r.refType),
      col((r) => r.refId),
      col((r) => r.transferId),
      col((r) => JSON.stringify(r.meta ?? {})),
      now,
      decisions.map((d) => d.userId),
      decisions.map((d) => d.stripe),
      decisions.map((d) => d.paid),
    ]),
  );
}

/** The earning limit of spec section 9 as it stands: limit, total earnings, available limit. */
export async function earningLimitOf(q: Queryable, userId: number) {
  const { rows } = await q.query<{ active_plan: bigint; cap_multiple: number; total: bigint }>(
    `SELECT coalesce((SELECT sum(balance - pending) FROM accounts
                       WHERE owner_user_id = u.id AND kind IN ('principal', 'compound')), 0)::bigint AS active_plan,
            coalesce(p.cap_multiple, ${DEFAULT_CAP_MULTIPLE}) AS cap_multiple,
            coalesce(e.total, 0) AS total
       FROM users u
       LEFT JOIN plans p ON p.id = u.plan_id
       LEFT JOIN member_earnings e ON e.user_id = u.id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  const limit = row.active_plan * BigInt(row.cap_multiple);
  const available = limit > row.total ? limit - row.total : 0n;
  return {
    activePlan: row.active_plan,
    capMultiple: row.cap_multiple,
    limit,
    totalEarnings: row.total,
    available,
    atLimit: available === 0n,
  };
}
