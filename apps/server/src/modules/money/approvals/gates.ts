/**
 * Where each back-office path that moves a member's money meets four eyes (issue 36): the route
 * calls its gate instead of the service; the gate records a request for a second admin, or (for
 * deposits approved by hand, under the limits) lets one admin act alone and counts it. Each kind's
 * `run` re-reads the stored request through the same contract the route used.
 */
import { codesIssueBody } from '@app/contracts/codes';
import { formatUsdt } from '@app/contracts/money';
import { settlePaymentBody } from '@app/contracts/payments';
import { sendRewardBody } from '@app/contracts/rewards';
import { topupBody, topupEntryBody } from '@app/contracts/topups';
import { adjustmentBody } from '@app/contracts/withdrawals';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/pool.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import type { RewardsService } from '../../compensation/rewards/service.js';
import type { PaymentsAdmin } from '../../crypto/payments/admin.js';
import type { CodesService } from '../codes/service.js';
import * as depositsRepo from '../deposits/repo.js';
import type { DepositsService } from '../deposits/service.js';
import type { TopupsService } from '../topups/service.js';
import type { WithdrawalsService } from '../withdrawals/service.js';
import { type ApprovalsService, SecondAdminNeeded } from './service.js';

type Adjustment = z.infer<typeof adjustmentBody>;
type TopupKind = 'purchase' | 'retopup' | 'activation';

async function memberName(q: Queryable, id: number) {
  const { rows } = await q.query<{ username: string }>(
    `SELECT username FROM users WHERE id = $1 AND role = 'user'`,
    [id],
  );
  if (!rows[0]) throw notFound('Member not found');
  return rows[0].username;
}

export function createMoneyGates(deps: {
  db: Db;
  approvals: ApprovalsService;
  withdrawals: WithdrawalsService;
  topups: TopupsService;
  deposits: DepositsService;
  rewards: RewardsService;
  codes: CodesService;
  payments: PaymentsAdmin;
}) {
  const { db, approvals } = deps;

  approvals.register('adjustment', {
    area: 'finance',
    run: async (approver, payload, key) =>
      (await deps.withdrawals.adjust(approver, adjustmentBody.parse(payload), key)).message,
  });
  approvals.register('topup', {
    area: 'finance',
    run: async (approver, payload, key) => {
      const kind = payload.kind as TopupKind;
      const t =
        kind === 'activation'
          ? await deps.topups.activate(approver, topupEntryBody.parse(payload.body), key)
          : await deps.topups.purchase(approver, topupBody.parse(payload.body), kind, key);
      return `${t.plan_name ?? 'Activation'} for ${t.username}, paid from their fund wallet (top-up #${t.id})`;
    },
  });
  approvals.register('deposit', {
    area: 'finance',
    run: async (approver, payload) =>
      (await deps.deposits.update(approver, Number(payload.id), { status: 'approved' })).message,
  });
  approvals.register('payment', {
    area: 'finance',
    run: async (approver, payload) =>
      (await deps.payments.settle(approver, String(payload.paymentId), settlePaymentBody.parse(payload.body)))
        .message,
  });
  approvals.register('reward', {
    area: 'finance',
    run: async (approver, payload) =>
      (await deps.rewards.send(approver, sendRewardBody.parse(payload))).message,
  });
  approvals.register('codes', {
    area: 'finance',
    run: async (approver, payload, key) => {
      const body = codesIssueBody.parse(payload);
      const request = body.codes
        ? { codes: body.codes, value: body.value }
        : { count: body.count!, value: body.value! };
      const codes = await deps.codes.issue(approver, request, key);
      return `${codes.length} activation code${codes.length === 1 ? '' : 's'} issued`;
    },
  });

  /** POST /withdrawalrequest/debit and /tr/create: always two admins. */
  async function adjustment(actor: Actor, body: Adjustment, key: string | null) {
    if (body.amount <= 0n) throw badRequest('Amount must be greater than zero');
    const username = await memberName(db, body.user_id);
    const verb =
      body.direction === 'credit'
        ? `Credit ${formatUsdt(body.amount)} to`
        : `Debit ${formatUsdt(body.amount)} from`;
    return approvals.request(actor, {
      kind: 'adjustment',
      userId: body.user_id,
      amount: body.amount,
      payload: body,
      summary: `${verb} ${username}'s ${body.wallet} wallet: ${body.reason}`,
      requestKey: key,
    });
  }

  /**
   * A plan bought by an admin on a member's behalf: from that member's own fund wallet, for that
   * member only (a member pays for someone else themselves), and by two admins.
   */
  async function topup(
    actor: Actor,
    kind: TopupKind,
    body: z.infer<typeof topupBody> | z.infer<typeof topupEntryBody>,
    key: string | null,
  ) {
    const payer = body.userby_id;
    if (!payer) throw badRequest('userby_id (the paying member) is required');
    const target = 'plan_id' in body ? body.user_id : body.id;
    if (body.recipient !== undefined || (target !== undefined && target !== payer)) {
      throw badRequest(
        "Staff may buy a plan for a member only from that member's own fund wallet: userby_id and the recipient must be the same member",
      );
    }
    const username = await memberName(db, payer);
    const what =
      kind === 'activation'
        ? `Activate ${username}, paid from their fund wallet`
        : `${kind === 'retopup' ? 'Top up' : 'Buy'} plan #${(body as z.infer<typeof topupBody>).plan_id} for ${username}: ${formatUsdt((body as z.infer<typeof topupBody>).amount)} from their fund wallet`;
    return approvals.request(actor, {
      kind: 'topup',
      userId: payer,
      amount: 'amount' in body ? body.amount : null,
      payload: { kind, body },
      summary: what,
      requestKey: key,
    });
  }

  /**
   * PUT /deposite/{id}: approving credits the member's fund. One admin may approve alone under the
   * four-eyes amount and the 24 h limits; past them the approval waits for a second admin.
   */
  async function deposit(
    actor: Actor,
    id: number,
    body: Parameters<DepositsService['update']>[2],
  ): Promise<{ status: 200 | 202; body: unknown }> {
    if (body.status !== 'approved') return { status: 200, body: await deps.deposits.update(actor, id, body) };
    const current = await depositsRepo.find(db, id);
    if (!current) throw notFound('Deposit not found');
    const userId = body.user_id ?? Number(current.user_id);
    const amount = body.amount ?? current.amount;
    const problem = await approvals.soloProblem(actor.userId, userId, amount);
    if (!problem) {
      const guard = (tx: Queryable) =>
        approvals.soloGuard(tx, { adminId: actor.userId, userId, amount, kind: 'deposit', ref: String(id) });
      return { status: 200, body: await deps.deposits.update(actor, id, body, guard) };
    }
    if (body.amount !== undefined || body.user_id !== undefined) {
      // the amount or member is changed first (pending, nothing credited), the approval asked next
      await deps.deposits.update(actor, id, { amount: body.amount, user_id: body.user_id });
    }
    const username = await memberName(db, userId);
    return {
      status: 202,
      body: await approvals.request(actor, {
        kind: 'deposit',
        userId,
        amount,
        payload: { id },
        summary: `Approve deposit #${id}: credit ${formatUsdt(amount)} to ${username}'s fund wallet (a second admin is needed: ${problem})`,
        requestKey: `deposit:${id}`,
      }),
    };
  }

  /**
   * POST /payments/{id}/settle: a payment credited by hand is a deposit by hand: alone under the
   * limits, else a request. The payment's member is known inside settle's transaction, so the guard
   * there decides and the request is made when it says no.
   */
  async function payment(
    actor: Actor,
    paymentId: string,
    body: z.infer<typeof settlePaymentBody>,
  ): Promise<{ status: 200 | 202; body: unknown }> {
    let member = 0;
    try {
      const settled = await deps.payments.settle(actor, paymentId, body, async (tx, p) => {
        member = p.userId;
        await approvals.soloGuard(tx, {
          adminId: actor.userId,
          userId: p.userId,
          amount: p.amount,
          kind: 'payment',
          ref: paymentId,
        });
      });
      return { status: 200, body: settled };
    } catch (error) {
      if (!(error instanceof SecondAdminNeeded)) throw error;
      const username = await memberName(db, member);
      return {
        status: 202,
        body: await approvals.request(actor, {
          kind: 'payment',
          userId: member,
          amount: body.amount,
          payload: { paymentId, body },
          summary: `Settle crypto payment ${paymentId} by hand: credit ${formatUsdt(body.amount)} to ${username}'s fund wallet (${body.reason}); a second admin is needed: ${error.problem}`,
          requestKey: `payment:${paymentId}`,
        }),
      };
    }
  }

  /** POST /users/send/reward: always two admins. */
  async function reward(actor: Actor, body: z.infer<typeof sendRewardBody>) {
    const username = await memberName(db, body.user_id);
    return approvals.request(actor, {
      kind: 'reward',
      userId: body.user_id,
      amount: null,
      payload: body,
      summary: `Send reward plan #${body.id} to ${username} by hand${body.note ? `: ${body.note}` : ''}`,
      requestKey: `reward:${body.id}:${body.user_id}`,
    });
  }

  /** POST /codes: codes any member can redeem are money; always two admins. */
  async function codes(actor: Actor, body: z.infer<typeof codesIssueBody>, key: string | null) {
    // refused when asked, as the issue would be (the activation fee is read when they are issued)
    if (body.value !== undefined && body.value <= 0n) throw badRequest('Value must be greater than zero');
    const n = body.codes?.length ?? body.count ?? 0;
    const worth = body.value === undefined ? 'the activation fee' : formatUsdt(body.value);
    return approvals.request(actor, {
      kind: 'codes',
      userId: null,
      amount: body.value === undefined ? null : body.value * BigInt(n),
      payload: body,
      summary: `Issue ${n} activation code${n === 1 ? '' : 's'} worth ${worth} each`,
      requestKey: key,
    });
  }

  return { adjustment, topup, deposit, payment, reward, codes };
}
export type MoneyGates = ReturnType<typeof createMoneyGates>;
