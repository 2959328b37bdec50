import type { Deposit } from '@app/contracts/deposits';
import { fromMicro } from '@app/contracts/money';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { createOnce } from '../../../http/idempotency.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';
import { depositCredited, notifyMembers } from '../../content/notifications/events.js';
import { createDepositHistoryService } from './history-service.js';
import * as repo from './repo.js';

const dto = (d: repo.DepositRow): Deposit => ({
  id: Number(d.id),
  user_id: Number(d.user_id),
  username: d.username,
  amount: fromMicro(d.amount),
  status: d.status,
  note: d.note,
  source: 'admin',
  decided_at: d.decided_at?.toISOString() ?? null,
  created_at: d.created_at.toISOString(),
});

const NOT_FOUND = 'Deposit not found';

export function createDepositsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function memberExists(q: Parameters<typeof repo.find>[0], userId: number) {
    const { rowCount } = await q.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
    if (!rowCount) throw badRequest('Member not found');
  }

  async function add(
    actor: Actor,
    body: { user_id: number; amount: bigint; note: string },
    clientKey: string | null,
  ) {
    if (body.amount <= 0n) throw badRequest('Amount must be greater than zero');
    return withTx(db, (tx) =>
      createOnce(tx, clientKey, body, clock.now(), async () => {
        await memberExists(tx, body.user_id);
        const id = await repo.insert(tx, {
          userId: body.user_id,
          amount: body.amount,
          note: body.note,
          by: actor.userId,
          now: clock.now(),
        });
        const created = dto((await repo.find(tx, id))!);
        await recordAudit(tx, actor, {
          action: 'deposit.create',
          targetType: 'deposit',
          targetId: created.id,
          after: created,
        });
        return created;
      }),
    );
  }

  async function list(
    actor: Actor,
    f: { page: number; limit: number; status?: string | undefined; user_id?: number | undefined },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await repo.list(db, { ...f, userId });
    return { alldeposite: rows.map(dto), ...pageFacts(total, f) };
  }

  async function get(actor: Actor, id: number) {
    const d = await repo.find(db, id);
    if (!d) throw notFound(NOT_FOUND);
    assertSelfOrAdmin(actor, Number(d.user_id));
    return dto(d);
  }

  /**
   * Approval credits the member's fund once: the deposit row is locked and the ledger posting is
   * keyed by the deposit, so two approvals at once post a single transfer.
   */
  async function update(
    actor: Actor,
    id: number,
    body: {
      status?: 'pending' | 'approved' | 'rejected' | undefined;
      amount?: bigint | undefined;
      user_id?: number | undefined;
    },
    /** Runs before the credit, in its transaction: four eyes' solo limits (approvals/gates.ts). */
    guard?: (tx: Tx) => Promise<void>,
  ) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(NOT_FOUND);
      const changesMoney = body.amount !== undefined && body.amount !== before.amount;
      const changesMember = body.user_id !== undefined && body.user_id !== Number(before.user_id);
      const decides = body.status !== undefined && body.status !== before.status;
      if (!changesMoney && !changesMember && !decides)
        return { message: 'Nothing to change', deposite: dto(before) };
      if (before.status !== 'pending')
        throw conflict(`This deposit is already ${before.status} and cannot be changed`);
      if (body.amount !== undefined && body.amount <= 0n)
        throw badRequest('Amount must be greater than zero');
      if (changesMember) await memberExists(tx, body.user_id!);
      if (changesMoney || changesMember)
        await repo.update(tx, before.id, { amount: body.amount, userId: body.user_id });
      const current = (await repo.find(tx, id))!;
      if (body.status === 'approved') {
        await guard?.(tx);
        const { transfers } = await post(
          tx,
          {
            idempotencyKey: `deposit:${id}`,
            transfers: [
              {
                kind: 'deposit',
                debit: platform('platform:cash'),
                credit: member(Number(current.user_id), 'fund'),
                amount: current.amount,
                refType: 'deposit',
                refId: id,
                meta: { source: 'admin', approved_by: actor.userId },
              },
            ],
          },
          clock.now(),
        );
        await repo.decide(tx, before.id, 'approved', actor.userId, clock.now(), transfers[0]!.id);
        await notifyMembers(
          tx,
          [depositCredited(`deposit:admin:${id}`, Number(current.user_id), current.amount)],
          clock.now(),
        );
      } else if (body.status === 'rejected') {
        await repo.decide(tx, before.id, 'rejected', actor.userId, clock.now(), null);
      }
      const after = dto((await repo.find(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'deposit.update',
        targetType: 'deposit',
        targetId: id,
        before: dto(before),
        after,
      });
      const message =
        after.status === 'approved'
          ? 'Deposit approved and credited'
          : after.status === 'rejected'
            ? 'Deposit rejected'
            : 'Deposit updated';
      return { message, deposite: after };
    });
  }

  /** A pending deposit can be withdrawn (it becomes rejected); an approved one is money history. */
  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(NOT_FOUND);
      if (before.status === 'approved') {
        throw conflict('An approved deposit cannot be deleted; record a debit adjustment instead');
      }
      if (before.status === 'pending')
        await repo.decide(tx, before.id, 'rejected', actor.userId, clock.now(), null);
      await recordAudit(tx, actor, {
        action: 'deposit.delete',
        targetType: 'deposit',
        targetId: id,
        before: dto(before),
        after: dto((await repo.find(tx, id))!),
      });
      return { message: 'Deposit cancelled' };
    });
  }

  // every way money came in (admin, crypto, wallet, code), read apart from the admin deposits above
  const { history } = createDepositHistoryService({ db });
  return { add, list, get, update, remove, history };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
