import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { SELF_TRANSFER_MESSAGE } from '@app/contracts/transfer-messages';
import type { MemberTransfer } from '@app/contracts/transfers';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { member } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';
import { notifyMembers, transferReceived } from '../../content/notifications/events.js';
import { confirmPassword } from '../../identity/auth/passwords.js';
import { findById } from '../../identity/auth/repo.js';
import { assertNoControlHold } from '../../identity/users/control-hold.js';
import { assertOpen } from '../../operations/settings/service.js';
import { findMember } from '../topups/repo.js';
import * as repo from './repo.js';

const dto = (t: repo.MemberTransferRow): MemberTransfer => ({
  id: t.id,
  kind: t.from_user_id === t.to_user_id ? 'to_self' : 'to_friend',
  from_user_id: Number(t.from_user_id),
  from_username: t.from_username,
  to_user_id: Number(t.to_user_id),
  to_username: t.to_username,
  from_wallet: t.from_wallet,
  to_wallet: t.to_wallet,
  amount: fromMicro(t.amount),
  created_at: t.created_at.toISOString(),
});

export function createTransfersService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Verified, unblocked, transfers open, and the password re-confirmed. */
  async function confirmSender(tx: Tx, actor: Actor, password: string) {
    if (actor.audience !== 'member') throw forbidden('Transfers are made by the member');
    await assertOpen(tx, 'transfers_open');
    const user = await findById(tx, actor.userId);
    if (!user) throw notFound(MSG.userNotFound);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    if (!user.verify_at) throw forbidden('Verify your email before transferring');
    await confirmPassword(user, password);
    return user;
  }

  async function move(
    actor: Actor,
    from: 'earnings' | 'fund',
    toUserId: number,
    amount: bigint,
    clientKey: string | null,
    /** Who sent it, when it goes to another member: they are told (issue 29.6). */
    fromUsername?: string,
  ) {
    const { transfers } = await withTx(
      db,
      async (tx) => {
        // money to another member waits out a change of the sender's controls (issue 36); moving
        // earnings to one's own fund wallet takes nothing out of the account
        if (toUserId !== actor.userId) await assertNoControlHold(tx, actor.userId, clock.now());
        const posted = await post(
          tx,
          {
            idempotencyKey: clientKey ?? `transfer:${crypto.randomUUID()}`,
            transfers: [
              {
                kind: 'transfer',
                debit: member(actor.userId, from),
                credit: member(toUserId, 'fund'),
                amount,
                refType: 'member_transfer',
                refId: String(actor.userId),
              },
            ],
          },
          clock.now(),
        );
        // a retry with the same key answers the first transfer, whose notification exists already
        if (fromUsername)
          await notifyMembers(
            tx,
            [transferReceived({ id: posted.transfers[0]!.id, toUserId, amount, fromUsername })],
            clock.now(),
          );
        return posted;
      },
      { genericPlans: true },
    );
    return dto((await repo.find(db, transfers[0]!.id))!);
  }

  async function toSelf(
    actor: Actor,
    body: { amount: bigint; password: string; user_id?: number | undefined },
    clientKey: string | null,
  ) {
    if (body.user_id !== undefined && body.user_id !== actor.userId) throw forbidden(MSG.forbidden);
    if (body.amount <= 0n) throw badRequest('Amount must be greater than zero');
    await withTx(db, (tx) => confirmSender(tx, actor, body.password));
    return move(actor, 'earnings', actor.userId, body.amount, clientKey);
  }

  async function toFriend(
    actor: Actor,
    body: {
      amount: bigint;
      password: string;
      recipient?: string | undefined;
      to_user_id?: number | undefined;
    },
    clientKey: string | null,
  ) {
    if (body.amount <= 0n) throw badRequest('Amount must be greater than zero');
    if (!body.recipient && !body.to_user_id)
      throw badRequest('Name the member to send to (username or referral code)');
    const { friend, sender } = await withTx(db, async (tx) => {
      const sender = await confirmSender(tx, actor, body.password);
      const found = await findMember(tx, { id: body.to_user_id, handle: body.recipient });
      if (!found) throw badRequest('No member with that username or referral code');
      if (Number(found.id) === actor.userId) throw badRequest(SELF_TRANSFER_MESSAGE);
      if (found.status === 'block') throw badRequest('This member cannot receive transfers');
      return { friend: found, sender };
    });
    return move(actor, 'fund', Number(friend.id), body.amount, clientKey, sender.username);
  }

  /**
   * The recipient a typed handle names, as the review shows it. It tells the member no more than a
   * transfer to that handle would (its refusals are the send's own), and only name and username.
   */
  async function recipient(actor: Actor, to: string) {
    if (actor.audience !== 'member') throw forbidden('Transfers are made by the member');
    const found = await repo.findRecipient(db, to);
    if (!found) throw notFound('No member with that username, e-mail or referral code');
    if (Number(found.id) === actor.userId) throw badRequest(SELF_TRANSFER_MESSAGE);
    if (found.status === 'block') throw badRequest('This member cannot receive transfers');
    return { recipient: { username: found.username, fullname: found.fullname } };
  }

  async function list(actor: Actor, f: { page: number; limit: number; user_id?: number | undefined }) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await repo.list(db, { ...f, userId });
    return { alltransfer: rows.map(dto), ...pageFacts(total, f) };
  }

  async function get(actor: Actor, id: string) {
    const t = await repo.find(db, id);
    if (!t) throw notFound('Transfer not found');
    if (actor.audience !== 'admin' && Number(t.to_user_id) !== actor.userId)
      assertSelfOrAdmin(actor, Number(t.from_user_id));
    return dto(t);
  }

  return { toSelf, toFriend, recipient, list, get };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
