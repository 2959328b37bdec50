/**
 * The ledger's invariants, checked from the transfers themselves: every account's balance equals
 * the sum of its posted transfers and its pending equals its held amounts, all balances sum to
 * zero, and every pending transfer still belongs to something waiting for a decision.
 */
import { type Db, type Queryable, withTx } from '../db/pool.js';

export interface ReconcileReport {
  accounts: number;
  transfers: number;
  totalBalance: bigint;
  drift: Array<{
    accountId: bigint;
    kind: string;
    owner: bigint | null;
    balance: bigint;
    expected: bigint;
    pending: bigint;
    expectedPending: bigint;
  }>;
  orphanedPending: Array<{ transferId: string; reason: string }>;
  ok: boolean;
}

/** Pending transfers must point at a request that is still pending: the query that says so, by ref type. */
const PENDING_OWNERS: Record<string, string> = {
  withdrawal: `SELECT 1 FROM withdrawals WHERE id::text = $1 AND status = 'pending'`,
};

/** For ref types outside the product's own (tests). */
export function registerPendingOwner(refType: string, stillPendingSql: string) {
  PENDING_OWNERS[refType] = stillPendingSql;
}

export async function reconcile(q: Queryable): Promise<ReconcileReport> {
  const drift = await q.query(
    `SELECT a.id, a.kind, a.owner_user_id, a.balance, a.pending,
            coalesce(c.posted, 0) - coalesce(d.posted, 0) AS expected,
            coalesce(d.held, 0) AS expected_pending
       FROM accounts a
       LEFT JOIN (SELECT credit_account AS id, sum(amount) FILTER (WHERE status = 'posted')::bigint AS posted
                    FROM transfers GROUP BY credit_account) c ON c.id = a.id
       LEFT JOIN (SELECT debit_account AS id, sum(amount) FILTER (WHERE status = 'posted')::bigint AS posted,
                         sum(amount) FILTER (WHERE status = 'pending')::bigint AS held
                    FROM transfers GROUP BY debit_account) d ON d.id = a.id
      WHERE a.balance <> coalesce(c.posted, 0) - coalesce(d.posted, 0) OR a.pending <> coalesce(d.held, 0)`,
  );
  const totals = await q.query<{ accounts: number; total: bigint | null; transfers: number }>(
    `SELECT (SELECT count(*)::int FROM accounts) AS accounts, (SELECT sum(balance)::bigint FROM accounts) AS total,
            (SELECT count(*)::int FROM transfers) AS transfers`,
  );
  const orphans: ReconcileReport['orphanedPending'] = [];
  const pending = await q.query<{ id: string; ref_type: string | null; ref_id: string | null }>(
    `SELECT id, ref_type, ref_id FROM transfers WHERE status = 'pending'`,
  );
  for (const t of pending.rows) {
    const check = t.ref_type ? PENDING_OWNERS[t.ref_type] : undefined;
    if (!t.ref_type || !t.ref_id)
      orphans.push({ transferId: t.id, reason: 'pending transfer without a reference' });
    else if (!check) orphans.push({ transferId: t.id, reason: `no owner known for ref type ${t.ref_type}` });
    else if ((await q.query(check, [t.ref_id])).rowCount === 0) {
      orphans.push({ transferId: t.id, reason: `${t.ref_type} ${t.ref_id} is not waiting for a decision` });
    }
  }
  const totalBalance = totals.rows[0]!.total ?? 0n;
  const report: ReconcileReport = {
    accounts: totals.rows[0]!.accounts,
    transfers: totals.rows[0]!.transfers,
    totalBalance,
    drift: drift.rows.map((r) => ({
      accountId: r.id,
      kind: r.kind,
      owner: r.owner_user_id,
      balance: r.balance,
      expected: r.expected,
      pending: r.pending,
      expectedPending: r.expected_pending,
    })),
    orphanedPending: orphans,
    ok: false,
  };
  report.ok = report.drift.length === 0 && totalBalance === 0n && orphans.length === 0;
  return report;
}

/**
 * `reconcile` on one read-only snapshot, so money moving while the checks run (postings, the fold
 * job) cannot look like drift: what `npm run reconcile` runs beside a live server.
 */
export function reconcileSnapshot(db: Db): Promise<ReconcileReport> {
  return withTx(db, async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return reconcile(tx);
  });
}
