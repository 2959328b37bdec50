/**
 * Folds the deltas that postings append without a lock (credits, platform accounts: ledger.ts) into
 * the account rows, with the income running totals they carry (the row's `income_totals`), and the
 * income-total deltas of locked accounts into `income_totals`. Every reader already adds
 * the unfolded deltas (the `accounts` view, member figures), so folding changes no figure: it keeps
 * the delta tables short, so those reads stay O(1). One statement per table: a delta is deleted in
 * the statement that adds it to its row, so it counts exactly once whatever runs at the same time.
 * Accounts locked by a posting are skipped (SKIP LOCKED): that posting folds them itself.
 */
import type { Queryable } from '../db/pool.js';

export const LEDGER_FOLD_JOB = 'ledger-fold';
export const LEDGER_FOLD_EVERY_MS = 1000;

const foldAccountsSql = `
  WITH candidates AS (
    SELECT DISTINCT account_id FROM ledger_deltas ORDER BY account_id LIMIT $1
  ), locked AS (
    SELECT a.id FROM ledger_accounts a JOIN candidates c ON c.account_id = a.id
     ORDER BY a.id FOR NO KEY UPDATE OF a SKIP LOCKED
  ), moved AS (
    DELETE FROM ledger_deltas d USING locked l WHERE d.account_id = l.id
    RETURNING d.account_id, d.amount, d.income_kind, d.period
  ), sums AS (
    -- the deltas that carry an income also count to the account's income totals (migration 033)
    SELECT account_id, sum(amount)::bigint AS amount, count(*)::int AS n,
           array_agg(income_kind) FILTER (WHERE income_kind IS NOT NULL) AS kinds,
           array_agg(period) FILTER (WHERE income_kind IS NOT NULL) AS periods,
           array_agg(amount) FILTER (WHERE income_kind IS NOT NULL) AS amounts
      FROM moved GROUP BY account_id
  ), folded AS (
    UPDATE ledger_accounts a SET balance = a.balance + s.amount, version = a.version + 1,
                                 income_totals = income_totals_add(a.income_totals, s.kinds, s.periods, s.amounts)
      FROM sums s WHERE a.id = s.account_id
    RETURNING s.n
  )
  SELECT count(*)::int AS accounts, coalesce(sum(n), 0)::int AS deltas FROM folded`;

const foldTotalsSql = `
  WITH moved AS (
    DELETE FROM income_total_deltas
     WHERE id IN (SELECT id FROM income_total_deltas ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING user_id, kind, period, amount
  ), sums AS (
    -- a delta carries its month; it counts to that month's total and to the all-time one
    SELECT m.user_id, m.kind, p.period, sum(m.amount)::bigint AS amount
      FROM moved m CROSS JOIN LATERAL (VALUES (m.period), ('all')) AS p(period)
     GROUP BY m.user_id, m.kind, p.period
  ), folded AS (
    INSERT INTO income_totals AS t (user_id, kind, period, amount)
    SELECT user_id, kind, period, amount FROM sums ORDER BY user_id, kind, period
    ON CONFLICT (user_id, kind, period) DO UPDATE SET amount = t.amount + EXCLUDED.amount
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM moved)::int AS deltas, (SELECT count(*) FROM folded)::int AS totals`;

export interface FoldResult {
  accounts: number;
  deltas: number;
  totalDeltas: number;
}

/**
 * One pass over the deltas committed so far, in batches (at most `accountsPerBatch` accounts or
 * `totalsPerBatch` total deltas per statement), until none are left or `maxBatches` ran.
 */
export async function foldDeltas(
  q: Queryable,
  opts: { accountsPerBatch?: number; totalsPerBatch?: number; maxBatches?: number } = {},
): Promise<FoldResult> {
  const result: FoldResult = { accounts: 0, deltas: 0, totalDeltas: 0 };
  const maxBatches = opts.maxBatches ?? 20;
  for (let i = 0; i < maxBatches; i++) {
    const { rows } = await q.query<{ accounts: number; deltas: number }>(foldAccountsSql, [
      opts.accountsPerBatch ?? 5000,
    ]);
    result.accounts += rows[0]!.accounts;
    result.deltas += rows[0]!.deltas;
    if (rows[0]!.accounts === 0) break;
  }
  for (let i = 0; i < maxBatches; i++) {
    const { rows } = await q.query<{ deltas: number }>(foldTotalsSql, [opts.totalsPerBatch ?? 20_000]);
    result.totalDeltas += rows[0]!.deltas;
    if (rows[0]!.deltas === 0) break;
  }
  return result;
}
