import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';

/** Admin wallet adjustments (POST /withdrawalrequest/debit): their own use case beside the withdrawals. */
export function createAdjust(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  /** Audited admin adjustment of a member wallet against platform cash. */
  return async function adjust(
    actor: Actor,
    body: {
      user_id: number;
      wallet: 'fund' | 'earnings' | 'roi' | 'principal' | 'compound';
      amount: bigint;
      direction: 'debit' | 'credit';
      reason: string;
    },
    clientKey: string | null,
  ) {
    if (body.amount <= 0n) throw badRequest('Amount must be greater than zero');
    return withTx(db, async (tx) => {
      const { rowCount } = await tx.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [
        body.user_id,
      ]);
      if (!rowCount) throw badRequest('Member not found');
      const wallet = member(body.user_id, body.wallet);
      const cash = platform('platform:cash');
      const { transfers, replayed } = await post(
        tx,
        {
          idempotencyKey: clientKey ?? `adjustment:${crypto.randomUUID()}`,
          transfers: [
            {
              kind: 'admin_adjustment',
              debit: body.direction === 'debit' ? wallet : cash,
              credit: body.direction === 'debit' ? cash : wallet,
              amount: body.amount,
              refType: 'adjustment',
              refId: String(actor.userId),
              meta: { reason: body.reason, admin_id: actor.userId },
            },
          ],
        },
        clock.now(),
      );
      if (!replayed) {
        await recordAudit(tx, actor, {
          action: `adjustment.${body.direction}`,
          targetType: 'user',
          targetId: body.user_id,
          after: {
            wallet: body.wallet,
            amount: body.amount,
            reason: body.reason,
            transfer: transfers[0]!.id,
          },
        });
      }
      return { message: body.direction === 'debit' ? 'Wallet debited' : 'Wallet credited' };
    });
  };
}
