import { fromMicro } from '@app/contracts/money';
import type { ReconcileReportDto } from '@app/contracts/reconcile';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { reconcile } from '../../../ledger/reconcile.js';
import * as repo from './repo.js';

/** The reconcile report on demand (admin), the same checks as `npm run reconcile`. */
export function createLedgerReportService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async reconcile(): Promise<ReconcileReportDto> {
      const started = performance.now();
      // One snapshot for every query, so money moving while the checks run cannot look like drift.
      const { report, names, held } = await withTx(db, async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const report = await reconcile(tx);
        const owners = report.drift.flatMap((d) => (d.owner === null ? [] : [d.owner]));
        const names = await repo.usernames(tx, owners);
        const held = await repo.heldTransfers(
          tx,
          report.orphanedPending.map((o) => o.transferId),
        );
        return { report, names, held };
      });
      return {
        ok: report.ok,
        checked_at: clock.now().toISOString(),
        duration_ms: Math.round(performance.now() - started),
        accounts: report.accounts,
        transfers: report.transfers,
        total_balance: fromMicro(report.totalBalance),
        total_balance_micro: report.totalBalance.toString(),
        drift: report.drift.map((d) => ({
          account_id: Number(d.accountId),
          kind: d.kind,
          owner_user_id: d.owner === null ? null : Number(d.owner),
          username: d.owner === null ? null : (names.get(String(d.owner)) ?? null),
          balance: fromMicro(d.balance),
          expected: fromMicro(d.expected),
          pending: fromMicro(d.pending),
          expected_pending: fromMicro(d.expectedPending),
        })),
        orphaned_pending: report.orphanedPending.map((o) => {
          const t = held.get(o.transferId);
          return {
            transfer_id: o.transferId,
            reason: o.reason,
            kind: t?.kind ?? null,
            amount: t ? fromMicro(t.amount) : null,
            user_id: t?.user_id == null ? null : Number(t.user_id),
            username: t?.username ?? null,
            created_at: t ? t.created_at.toISOString() : null,
          };
        }),
      };
    },
  };
}

export type LedgerReportService = ReturnType<typeof createLedgerReportService>;
