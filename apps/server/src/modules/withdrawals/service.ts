import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro, percentOf, toMicro } from '@app/contracts/money';
import { WITHDRAWAL_WALLET, type WithdrawalKind, withdrawalFeePercent } from '@app/contracts/withdrawals';
import { recordAudit } from '../../audit/audit.js';
import type { Clock } from '../../clock.js';
import { pageFacts } from '../../db/paging.js';
import { type Db, type Tx, withTx } from '../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../http/access.js';
import { member, platform } from '../../ledger/accounts.js';
import { post, postOnce, settle, withReplay } from '../../ledger/ledger.js';
import { activePlanOf } from '../../ledger/repo.js';
import { enqueueMail } from '../../mail/outbox.js';
import { withdrawalDecidedMail } from '../../mail/templates.js';
import { assertNotHeld } from '../fraud/service.js';
import { notifyMembers, withdrawalDecided } from '../notifications/events.js';
import { treeEvent } from '../referral/repo.js';
import { assertOpen } from '../settings/service.js';
import { createAdjust } from './adjust.js';
import { approvalsNeeded, payoutInFlight, toDto } from './dto.js';
import * as repo from './repo.js';

export { approvalsNeeded } from './dto.js';

const DAY_MS = 86_400_000;

export function createWithdrawalsService(deps: {
  db: Db;
  clock: Clock;
  publicUrl?: string;
  /** Micro-USDT; a net above it needs two admins (config FOUR_EYES_ABOVE_USDT). */
  fourEyesAbove?: bigint;
}) {
  const { db, clock } = deps;
  const fourEyesAbove = deps.fourEyesAbove ?? toMicro(1000)!;
  const dto = (w: repo.WithdrawalRow) => toDto(w, fourEyesAbove);
  const adjust = createAdjust({ db, clock });

  /**
   * Four eyes: the acting admin plus those who approved before must be as many as the withdrawal
   * needs; the acting admin's approval is then recorded (the audit log names each).
   */
  async function assertFourEyes(tx: Tx, w: repo.WithdrawalRow, actor: Actor, now: Date) {
    const needed = approvalsNeeded(w.net, fourEyesAbove);
    const recorded = await repo.approvers(tx, w.id);
    if (new Set([...recorded, actor.userId]).size < needed) {
      throw conflict(
        `This withdrawal pays ${formatUsdt(w.net)}, above the four-eyes amount of ${formatUsdt(fourEyesAbove)}: it needs the approval of two different admins (${recorded.length} of 2 so far). ${recorded.length ? 'Another admin must pay it.' : 'Sign it off, then ask another admin to pay it.'}`,
      );
    }
    await repo.addApproval(tx, w.id, actor.userId, now);
  }

  /** An admin approves a pending withdrawal for payment (the first of two above the four-eyes amount). */
  async function signOff(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const w = await repo.find(tx, id, true);
      if (!w) throw notFound('Withdrawal request not found');
      if (w.status !== 'pending') throw conflict(`This request is already ${w.status}`);
      const now = clock.now();
      const added = await repo.addApproval(tx, w.id, actor.userId, now);
      const after = dto((await repo.find(tx, id))!);
      if (added) {
        await recordAudit(tx, actor, {
          action: 'withdrawal.approval',
          targetType: 'withdrawal',
          targetId: id,
          after: {
            approvals: after.approvals,
            approvals_needed: after.approvals_needed,
            admin_id: actor.userId,
          },
        });
      }
      const missing = after.approvals_needed - after.approvals;
      return {
        message: !added
          ? 'You have already approved this withdrawal'
          : missing > 0
            ? `Approved by you (${after.approvals} of ${after.approvals_needed}); another admin must approve it before it is paid`
            : 'Approved; it can be paid',
        withdrawal: after,
      };
    });
  }

  /** A request holds the gross amount on the wallet (pending transfer) until an admin decides. */
  async function request(
    actor: Actor,
    kind: WithdrawalKind,
    body: { amount: bigint; network: 'BEP20' | 'TRC20'; user_id?: number | undefined },
    clientKey: string | null,
  ) {
    if (actor.audience !== 'member') throw forbidden('Withdrawals are requested by the member');
    if (body.user_id !== undefined && body.user_id !== actor.userId) throw forbidden(MSG.forbidden);
    return withReplay(
      db,
      async (tx) => {
        const settings = await assertOpen(tx, 'withdrawals_open');
        const user = await repo.requester(tx, actor.userId);
        if (!user) throw notFound(MSG.userNotFound);
        if (user.status === 'block') throw forbidden(MSG.blocked);
        await assertNotHeld(tx, actor.userId);
        if (!user.verify_at) throw forbidden('Verify your email before withdrawing');
        const address = body.network === 'BEP20' ? user.bep20 : user.trc20;
        if (!address) throw badRequest(`Add your ${body.network} address in your profile before withdrawing`);
        const minimum = toMicro(settings.withdrawal_min)!;
        if (body.amount < minimum) throw badRequest(`The minimum withdrawal is ${formatUsdt(minimum)}`);
        const now = clock.now();
        const days = user.activation_date
          ? Math.floor((now.getTime() - user.activation_date.getTime()) / DAY_MS)
          : Number.POSITIVE_INFINITY;
        const feePercent = withdrawalFeePercent(kind, settings, days);
        const fee = percentOf(body.amount, feePercent);
        const id = await repo.insert(tx, {
          userId: actor.userId,
          kind,
          amount: body.amount,
          fee,
          net: body.amount - fee,
          fee_percent: String(feePercent),
          network: body.network,
          address,
          now,
        });
        const [hold] = await postOnce(
          tx,
          {
            idempotencyKey: clientKey ?? `withdrawal:${id}`,
            fingerprint: {
              op: 'withdrawal',
              kind,
              user: actor.userId,
              amount: body.amount,
              network: body.network,
            },
            transfers: [
              {
                kind: 'withdrawal',
                debit: member(actor.userId, WITHDRAWAL_WALLET[kind]),
                credit: platform('platform:withdrawals_pending'),
                amount: body.amount,
                pending: true,
                refType: 'withdrawal',
                refId: String(id),
                meta: {
                  kind,
                  fee_percent: feePercent,
                  fee: fee,
                  net: body.amount - fee,
                  days_since_activation: Number.isFinite(days) ? days : null,
                },
              },
            ],
          },
          now,
        );
        await repo.setHold(tx, id, hold!.id);
        // money on its way out earns nothing: a principal or compound request lowers the active plan at once
        if (kind === 'principal' || kind === 'compound') {
          if ((await activePlanOf(tx, actor.userId)) === 0n)
            await repo.setActive(tx, actor.userId, false, now);
          // the uplines' team business drops with it (the roll-up re-reads the member)
          const event = { amount: body.amount, refType: 'withdrawal', refId: String(id), now };
          await treeEvent(tx, { userId: actor.userId, kind: 'held', ...event });
        }
        return dto((await repo.find(tx, id))!);
      },
      // the same Idempotency-Key and request again: answer with the first request
      async (transfers) => dto((await repo.find(db, Number(transfers[0]!.ref_id)))!),
    );
  }

  /** Approve (posts the hold: net to payouts, fee to fees) or reject (voids it: all back), once. */
  async function decide(
    actor: Actor,
    id: number,
    expectedKind: WithdrawalKind,
    body: {
      status: 'approved' | 'rejected';
      amount?: bigint | undefined;
      user_id?: number | undefined;
      tx_hash?: string | undefined;
      reason?: string | undefined;
    },
    /** Set only by the payout follower: the approval is the confirmed payout of this very withdrawal. */
    onChain = false,
  ) {
    return withTx(db, async (tx) => {
      const w = await repo.find(tx, id, true);
      if (!w || w.kind !== expectedKind) throw notFound('Withdrawal request not found');
      if (w.status === body.status) {
        // the same approval again is a retry; another payout hash means a second payment was sent
        if (w.status === 'approved' && body.tx_hash && !sameHash(body.tx_hash, w.tx_hash)) {
          throw conflict(
            `This withdrawal was already approved with payout transaction ${w.tx_hash}; check that it was not paid twice`,
          );
        }
        return { message: `Already ${w.status}`, withdrawal: dto(w) };
      }
      if (w.status !== 'pending') throw conflict(`This request is already ${w.status}`);
      if (payoutInFlight(w) && !onChain) {
        throw conflict(
          `A payout transaction (${w.payout_tx_hash}) was sent for this withdrawal from the hot wallet; it is marked paid once confirmed, or can be decided again if it fails on chain`,
        );
      }
      if (body.amount !== undefined && body.amount !== w.amount)
        throw badRequest('The amount of a request cannot be changed; reject it instead');
      if (body.user_id !== undefined && body.user_id !== Number(w.user_id))
        throw badRequest('This request belongs to another member');
      const now = clock.now();
      if (body.status === 'approved') {
        if (!body.tx_hash) throw badRequest('Enter the payout transaction hash to approve');
        await assertFourEyes(tx, w, actor, now);
        await settle(tx, w.hold_transfer!, 'posted', now);
        const transfers = [
          {
            kind: 'withdrawal' as const,
            debit: platform('platform:withdrawals_pending'),
            credit: platform('platform:payouts'),
            amount: w.net,
            refType: 'withdrawal',
            refId: String(id),
            meta: { tx_hash: body.tx_hash },
          },
          {
            kind: 'withdrawal_fee' as const,
            debit: platform('platform:withdrawals_pending'),
            credit: platform('platform:fees'),
            amount: w.fee,
            refType: 'withdrawal',
            refId: String(id),
            meta: { fee_percent: Number(w.fee_percent) },
          },
        ].filter((t) => t.amount > 0n);
        await post(tx, { idempotencyKey: `withdrawal-payout:${id}`, transfers }, now);
      } else {
        await settle(tx, w.hold_transfer!, 'voided', now);
        if (
          (w.kind === 'principal' || w.kind === 'compound') &&
          (await activePlanOf(tx, Number(w.user_id))) > 0n
        ) {
          await repo.setActive(tx, Number(w.user_id), true, now);
        }
        await releaseHold(tx, w, now);
      }
      await repo.decide(tx, w.id, {
        status: body.status,
        by: actor.userId,
        now,
        txHash: body.tx_hash ?? null,
        reason: body.reason ?? null,
      });
      const decided = (await repo.find(tx, id))!;
      const after = dto(decided);
      await notifyMembers(tx, [withdrawalDecided(w, body.status, body.reason ?? null)], now);
      // the member hears of the decision; queued with it, so it leaves only if the decision commits
      const contact = await repo.contactOf(tx, w.user_id);
      if (contact) {
        await enqueueMail(
          tx,
          withdrawalDecidedMail(
            contact.email,
            contact.fullname || contact.username,
            { ...decided, id, status: body.status },
            deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/user/withdrawal` : null,
          ),
        );
      }
      await recordAudit(tx, actor, {
        action: `withdrawal.${body.status}`,
        targetType: 'withdrawal',
        targetId: id,
        before: dto(w),
        after,
      });
      return {
        message:
          body.status === 'approved'
            ? 'Withdrawal approved'
            : 'Withdrawal rejected; the amount is back in the wallet',
        withdrawal: after,
      };
    });
  }

  /** A member cancels their own pending request (or an admin does): the hold is released. */
  async function cancel(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const w = await repo.find(tx, id, true);
      if (!w) throw notFound('Withdrawal request not found');
      assertSelfOrAdmin(actor, Number(w.user_id));
      if (w.status !== 'pending')
        throw conflict(`This request is already ${w.status} and cannot be cancelled`);
      if (payoutInFlight(w)) throw conflict('This withdrawal is being paid on chain and cannot be cancelled');
      const now = clock.now();
      await settle(tx, w.hold_transfer!, 'voided', now);
      if (
        (w.kind === 'principal' || w.kind === 'compound') &&
        (await activePlanOf(tx, Number(w.user_id))) > 0n
      ) {
        await repo.setActive(tx, Number(w.user_id), true, now);
      }
      await releaseHold(tx, w, now);
      await repo.decide(tx, w.id, {
        status: 'rejected',
        by: actor.userId,
        now,
        txHash: null,
        reason: 'cancelled',
      });
      if (actor.audience === 'admin') {
        await recordAudit(tx, actor, {
          action: 'withdrawal.cancel',
          targetType: 'withdrawal',
          targetId: id,
          before: dto(w),
          after: dto((await repo.find(tx, id))!),
        });
      }
      return { message: 'Withdrawal request cancelled' };
    });
  }

  async function list(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      kind?: string | undefined;
      status?: string | undefined;
      user_id?: number | undefined;
    },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, totals } = await repo.list(db, { ...f, userId });
    return {
      allwithdrawals: rows.map(dto),
      ...pageFacts(totals.n, f),
      totals: {
        amount: fromMicro(totals.amount ?? 0n),
        fee: fromMicro(totals.fee ?? 0n),
        net: fromMicro(totals.net ?? 0n),
      },
    };
  }

  async function get(actor: Actor, id: number) {
    const w = await repo.find(db, id);
    if (!w) throw notFound('Withdrawal request not found');
    assertSelfOrAdmin(actor, Number(w.user_id));
    return dto(w);
  }

  async function setCompoundShare(actor: Actor, percent: number, userId?: number) {
    const target = userId ?? actor.userId;
    assertSelfOrAdmin(actor, target);
    await repo.setCompoundShare(db, target, percent, clock.now());
    return { message: `From now on ${percent}% of each ROI claim is compounded` };
  }

  return { request, decide, signOff, assertFourEyes, cancel, list, get, setCompoundShare, adjust, dto };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

/** A principal or compound hold given back: the uplines' team business rises again (tree roll-up). */
async function releaseHold(tx: Parameters<typeof treeEvent>[0], w: repo.WithdrawalRow, now: Date) {
  if (w.kind !== 'principal' && w.kind !== 'compound') return;
  const event = { amount: w.amount, refType: 'withdrawal', refId: String(w.id), now };
  await treeEvent(tx, { userId: Number(w.user_id), kind: 'released', ...event });
}

/** Transaction hashes compare without case or surrounding space (0xABC and 0xabc are one payout). */
function sameHash(a: string, b: string | null): boolean {
  return b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}
