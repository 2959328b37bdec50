import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro, percentOf, toMicro } from '@app/contracts/money';
import { payoutAddressProblem } from '@app/contracts/payout-addresses';
import { WITHDRAWAL_WALLET, type WithdrawalKind, withdrawalFeePercent } from '@app/contracts/withdrawals';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post, postOnce, settle, withReplay } from '../../../ledger/ledger.js';
import { activePlanOf } from '../../../ledger/repo.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { withdrawalDecidedMail } from '../../../mail/templates.js';
import { treeEvent } from '../../compensation/referral/repo.js';
import { notifyMembers, withdrawalDecided, withdrawalRequested } from '../../content/notifications/events.js';
import { confirmPassword } from '../../identity/auth/passwords.js';
import { findById } from '../../identity/auth/repo.js';
import { assertNoControlHold } from '../../identity/users/control-hold.js';
import { assertNotHeld } from '../../operations/fraud/service.js';
import { assertOpen } from '../../operations/settings/service.js';
import { createAdjust } from './adjust.js';
import { createCompoundShare } from './compound-share.js';
import { payoutInFlight, toDto } from './dto.js';
import { createFourEyes } from './four-eyes.js';
import { assertHashForm, type PaidHashCheck } from './payout-hash.js';
import { refusal } from './refusals.js';
import * as repo from './repo.js';

export { approvalsNeeded } from './dto.js';

const DAY_MS = 86_400_000;

export function createWithdrawalsService(deps: {
  db: Db;
  clock: Clock;
  publicUrl?: string;
  /** Micro-USDT; a net above it needs two admins (config FOUR_EYES_ABOVE_USDT). */
  fourEyesAbove?: bigint;
  /** Reads a pasted BEP20 payout hash from the chain (only when an RPC is configured). */
  paidHash?: PaidHashCheck | undefined;
}) {
  const { db, clock } = deps;
  const fourEyesAbove = deps.fourEyesAbove ?? toMicro(1000)!;
  const dto = (w: repo.WithdrawalRow) => toDto(w, fourEyesAbove);
  /** What `actor` is shown: a member's answer names no admin. */
  const dtoFor = (actor: Actor) => (w: repo.WithdrawalRow) =>
    toDto(w, fourEyesAbove, actor.audience !== 'admin');
  const adjust = createAdjust({ db, clock });
  const setCompoundShare = createCompoundShare({ db, clock });
  const { assertFourEyes, signOff } = createFourEyes({ db, clock, fourEyesAbove, dto });

  /**
   * What a manual approval with `hash` must pass, cheapest first: the network's hash form, four eyes,
   * and the hash not already paying another withdrawal. The chain is read apart (see decide).
   */
  async function assertApprovable(
    q: Queryable,
    w: repo.WithdrawalRow,
    actor: Actor,
    hash: string,
    /** The approval's own transaction (its solo total is recorded), not the look before the lock. */
    counts: boolean,
  ) {
    assertHashForm(w.network, hash);
    await assertFourEyes(q, w, actor, counts);
    const used = await repo.hashUsedBy(q, hash, w.id);
    if (used !== null) throw hashReused(used);
  }

  /** A request holds the gross amount on the wallet (pending transfer) until an admin decides. */
  async function request(
    actor: Actor,
    kind: WithdrawalKind,
    body: { amount: bigint; network: 'BEP20' | 'TRC20'; password: string; user_id?: number | undefined },
    clientKey: string | null,
  ) {
    if (actor.audience !== 'member') throw forbidden('Withdrawals are requested by the member');
    if (body.user_id !== undefined && body.user_id !== actor.userId) throw forbidden(MSG.forbidden);
    // the password first, as for a transfer, and outside the money transaction (argon2 takes a while)
    await confirmPassword(await findById(db, actor.userId), body.password);
    return withReplay(
      db,
      async (tx) => {
        const settings = await assertOpen(tx, 'withdrawals_open');
        const user = await repo.requester(tx, actor.userId);
        if (!user) throw notFound(MSG.userNotFound);
        if (user.status === 'block') throw forbidden(MSG.blocked);
        await assertNotHeld(tx, actor.userId);
        // a new password, e-mail or payout address holds money out for a while (issue 36)
        await assertNoControlHold(tx, actor.userId, clock.now());
        if (!user.verify_at) throw forbidden('Verify your email before withdrawing');
        const address = body.network === 'BEP20' ? user.bep20 : user.trc20;
        if (!address) throw refusal.addressMissing(body.network);
        // an address saved before checksums were checked (issue 37.6) is not paid to
        const problem = payoutAddressProblem(body.network, address);
        if (problem) throw refusal.addressInvalid(body.network, problem);
        const minimum = toMicro(settings.withdrawal_min)!;
        if (body.amount < minimum) throw refusal.belowMinimum(formatUsdt(minimum));
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
        await notifyMembers(
          tx,
          [
            withdrawalRequested({
              id: Number(id),
              userId: actor.userId,
              kind,
              amount: body.amount,
              net: body.amount - fee,
            }),
          ],
          now,
        );
        // money on its way out earns nothing: a principal or compound request lowers the active plan at once
        if (kind === 'principal' || kind === 'compound') {
          if ((await activePlanOf(tx, actor.userId)) === 0n)
            await repo.setActive(tx, actor.userId, false, now);
          // the uplines' team business drops with it (the roll-up re-reads the member)
          const event = { amount: body.amount, refType: 'withdrawal', refId: String(id), now };
          await treeEvent(tx, { userId: actor.userId, kind: 'held', ...event });
        }
        return dtoFor(actor)((await repo.find(tx, id))!);
      },
      // the same Idempotency-Key and request again: answer with the first request
      async (transfers) => dtoFor(actor)((await repo.find(db, Number(transfers[0]!.ref_id)))!),
    );
  }

  /**
   * Approve (posts the hold: net to payouts, fee to fees) or reject (voids it: all back), once. A
   * manual approval names the payout transaction: its hash is checked (form, four eyes, not used
   * before) and, with an RPC, read from the chain before the withdrawal is locked: an RPC may take
   * seconds, and what a confirmed transaction says does not change.
   */
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
    const hash = body.tx_hash?.trim() || undefined;
    if (body.status === 'approved' && !onChain) {
      if (!hash) throw badRequest('Enter the payout transaction hash to approve');
      const w = await repo.find(db, id);
      if (w && w.kind === expectedKind && w.status === 'pending' && !payoutInFlight(w)) {
        await assertApprovable(db, w, actor, hash, false);
        await deps.paidHash?.(w, hash);
      }
    }
    return withTx(db, async (tx) => {
      const w = await repo.find(tx, id, true);
      if (!w || w.kind !== expectedKind) throw notFound('Withdrawal request not found');
      if (w.status === body.status) {
        // the same approval again is a retry; another payout hash means a second payment was sent
        if (w.status === 'approved' && hash && !sameHash(hash, w.tx_hash)) {
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
        if (!hash) throw badRequest('Enter the payout transaction hash to approve');
        // checked again under the lock (a sign-off or another approval may have come in between);
        // the on-chain payout was checked when it was signed
        if (!onChain) await assertApprovable(tx, w, actor, hash, true);
        await settle(tx, w.hold_transfer!, 'posted', now);
        const transfers = [
          {
            kind: 'withdrawal' as const,
            debit: platform('platform:withdrawals_pending'),
            credit: platform('platform:payouts'),
            amount: w.net,
            refType: 'withdrawal',
            refId: String(id),
            meta: { tx_hash: hash },
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
      const decision = { status: body.status, by: actor.userId, now, reason: body.reason ?? null };
      await repo
        .decide(tx, w.id, { ...decision, txHash: body.status === 'approved' ? hash! : null })
        .catch(async (error: unknown) => {
          // the unique index: another withdrawal took this hash since the check above
          if ((error as { constraint?: string }).constraint !== 'withdrawals_tx_hash_once') throw error;
          throw hashReused(await repo.hashUsedBy(db, hash!, w.id));
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
            contact.locale,
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
      if (w.status !== 'pending') throw refusal.notCancellable(w.status);
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
    const allwithdrawals = rows.map(dtoFor(actor));
    return {
      allwithdrawals,
      // The same list under the key the spec family's back end uses (its admin pages read it).
      allwithdrawal: allwithdrawals,
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
    return dtoFor(actor)(w);
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

const hashReused = (other: number | null) =>
  conflict(
    `This transaction hash is already used for withdrawal #${other ?? '?'}: one payout transaction pays one withdrawal`,
  );

/** Transaction hashes compare without case or surrounding space (0xABC and 0xabc are one payout). */
function sameHash(a: string, b: string | null): boolean {
  return b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}
