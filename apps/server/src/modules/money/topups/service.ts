import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import { DEFAULT_ACTIVATION_FEE, type Topup, type TopupBody } from '@app/contracts/topups';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, membersChanged, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post, postOnce, withReplay } from '../../../ledger/ledger.js';
import { activePlanOf, findPosting } from '../../../ledger/repo.js';
import { creditIncomes } from '../../compensation/incomes/credit.js';
import { directIncome } from '../../compensation/incomes/direct.js';
import { assertNoControlHold } from '../../identity/users/control-hold.js';
import * as repo from './repo.js';

const dto = (t: repo.TopupRow): Topup => ({
  id: Number(t.id),
  kind: t.kind,
  payer_id: Number(t.payer_id),
  payer_username: t.payer_username,
  user_id: Number(t.user_id),
  username: t.username,
  plan_id: t.plan_id,
  plan_name: t.plan_name,
  amount: fromMicro(t.amount),
  status: t.status,
  created_at: t.created_at.toISOString(),
});

export function createTopupsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Members pay for themselves; an admin names the payer. */
  function payerOf(actor: Actor, userbyId: number | undefined) {
    if (actor.audience === 'admin') {
      if (!userbyId) throw badRequest('userby_id (the paying member) is required');
      return userbyId;
    }
    if (userbyId !== undefined && userbyId !== actor.userId) throw forbidden(MSG.forbidden);
    return actor.userId;
  }

  async function parties(
    tx: Tx,
    payerId: number,
    recipient: { id?: number | undefined; handle?: string | undefined },
  ) {
    // Only the member whose plan changes is locked (one user row per purchase: no lock-order
    // deadlock between two members paying for each other); their first plan activates them.
    const forSelf = (!recipient.id && !recipient.handle) || recipient.id === payerId;
    const payer = await repo.findMember(tx, { id: payerId }, forSelf);
    if (!payer) throw notFound(MSG.userNotFound);
    if (payer.status === 'block') throw forbidden(MSG.blocked);
    const target = forSelf ? payer : await repo.findMember(tx, recipient, true);
    if (!target) throw badRequest('The member to top up was not found');
    if (target.status === 'block') throw badRequest('This member is blocked and cannot receive a plan');
    return { payer, target };
  }

  /** Runs a money action; when its idempotency key was used before, answers with the first result. */
  async function once(run: (tx: Tx) => Promise<Topup>): Promise<Topup> {
    return withReplay(db, run, async (transfers) => {
      const first = await repo.findByTransfer(db, transfers[0]!.id);
      if (!first) throw conflict('This request was already processed');
      return dto(first);
    });
  }

  async function purchase(
    actor: Actor,
    body: TopupBody,
    kind: 'purchase' | 'retopup',
    clientKey: string | null,
  ) {
    const payerId = payerOf(actor, body.userby_id);
    return once((tx) => purchaseIn(tx, payerId, body, kind, clientKey));
  }

  /** The purchase inside a transaction the caller runs (the route, the what-if projection). */
  async function purchaseIn(
    tx: Tx,
    payerId: number,
    body: TopupBody,
    kind: 'purchase' | 'retopup',
    clientKey: string | null,
  ): Promise<Topup> {
    const { payer, target } = await parties(tx, payerId, { id: body.user_id, handle: body.recipient });
    // a plan bought for another member is money out of the payer's account: it waits out a change
    // of the payer's password, e-mail or payout address as a transfer does (issue 36)
    if (target.id !== payer.id) await assertNoControlHold(tx, payerId, clock.now());
    const plan = await repo.planForPurchase(tx, body.plan_id);
    if (!plan?.is_active) throw badRequest('This plan is not available');
    if (body.amount < plan.min_amount || body.amount > plan.max_amount) {
      throw badRequest(
        `Amount must be between ${formatUsdt(plan.min_amount)} and ${formatUsdt(plan.max_amount)} for ${plan.name}`,
      );
    }
    const userId = Number(target.id);
    if (kind === 'retopup' && (await activePlanOf(tx, userId)) === 0n) {
      throw badRequest('A re-top-up is for members who already hold a plan; buy a plan first');
    }
    const now = clock.now();
    const id = plan.topup_id;
    const direct = directIncome({
      topupId: id,
      memberId: userId,
      sponsorId: target.sponsor_id === null ? null : Number(target.sponsor_id),
      sponsorEarns: target.sponsor_earns,
      amount: body.amount,
      percent: plan.direct_percent,
    });
    const [transfer] = await postOnce(
      tx,
      {
        idempotencyKey: clientKey ?? `topup:${id}`,
        fingerprint: {
          op: kind,
          payer: Number(payer.id),
          user: userId,
          plan: plan.id,
          amount: body.amount,
        },
        transfers: [
          {
            kind: 'plan_purchase',
            debit: member(Number(payer.id), 'fund'),
            credit: member(userId, 'principal'),
            amount: body.amount,
            refType: 'topup',
            refId: String(id),
            meta: {
              plan_id: plan.id,
              plan: plan.name,
              roi_percent: plan.roi_percent,
              cap_multiple: plan.cap_multiple,
              direct_percent: plan.direct_percent,
              payer_id: Number(payer.id),
            },
          },
        ],
      },
      now,
    );
    await repo.recordPurchase(tx, {
      id,
      kind,
      payerId: Number(payer.id),
      userId,
      planId: plan.id,
      amount: body.amount,
      transferId: transfer!.id,
      firstPlan: target.is_active !== 'active',
      now,
    });
    await creditIncomes(tx, direct, `direct:${id}`, now);
    return dto({
      id,
      kind,
      payer_id: payer.id,
      payer_username: payer.username,
      user_id: target.id,
      username: target.username,
      plan_id: plan.id,
      plan_name: plan.name,
      amount: body.amount,
      status: 'done',
      transfer_id: transfer!.id,
      created_at: now,
    });
  }

  async function activate(
    actor: Actor,
    body: { id?: number | undefined; recipient?: string | undefined; userby_id?: number | undefined },
    clientKey: string | null,
  ) {
    const payerId = payerOf(actor, body.userby_id);
    return once(async (tx) => {
      const { payer, target } = await parties(tx, payerId, { id: body.id, handle: body.recipient });
      // a retry of the request that activated them goes on to the ledger, which answers with the first result
      const retry = clientKey !== null && (await findPosting(tx, clientKey)).length > 0;
      if (target.paid_member && !retry) throw badRequest('This member is already activated');
      const actPlan = await repo.firstActiveActPlan(tx);
      const fee = actPlan?.fee ?? toMicro(DEFAULT_ACTIVATION_FEE)!;
      const now = clock.now();
      const userId = Number(target.id);
      const id = await repo.insert(tx, {
        kind: 'activation',
        payerId: Number(payer.id),
        userId,
        planId: null,
        actPlanId: actPlan?.id ?? null,
        amount: fee,
        now,
      });
      const [transfer] = await postOnce(
        tx,
        {
          idempotencyKey: clientKey ?? `activation:${userId}`,
          fingerprint: { op: 'activation', payer: Number(payer.id), user: userId },
          transfers: [
            {
              kind: 'activation',
              debit: member(Number(payer.id), 'fund'),
              credit: platform('platform:fees'),
              amount: fee,
              refType: 'topup',
              refId: String(id),
              meta: { act_plan_id: actPlan?.id ?? null },
            },
          ],
        },
        now,
      );
      await repo.setTransfer(tx, id, transfer!.id);
      await repo.markPaid(tx, userId, now);
      return dto((await repo.find(tx, id))!);
    });
  }

  async function list(
    actor: Actor,
    f: { page: number; limit: number; kind?: string | undefined; user_id?: number | undefined },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await repo.list(db, { ...f, userId });
    return { alltopup: rows.map(dto), ...pageFacts(total, f) };
  }

  /**
   * `GET /topup/by/{id}`: the id is a MEMBER's, as the spec family's back end reads it (its pages
   * call it with the signed-in member's id); the answer is that member's top-ups, paid or received,
   * newest first, as `/topup/list` shows them to the member. A member reads only their own.
   */
  async function ofMember(
    actor: Actor,
    userId: number,
    f: { page: number; limit: number; kind?: string | undefined },
  ) {
    assertSelfOrAdmin(actor, userId);
    if (!(await repo.findMember(db, { id: userId }))) throw notFound(MSG.userNotFound);
    const { rows, total } = await repo.list(db, { ...f, userId });
    return { singletopup: rows.map(dto), ...pageFacts(total, f) };
  }

  /** A purchase is never edited: an admin may reverse it with new transfers while nothing depends on it. */
  async function reverse(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const t = await repo.find(tx, id, true);
      if (!t) throw notFound('Top-up not found');
      if (t.status === 'reversed') throw conflict('This top-up is already reversed');
      const { rowCount } = await tx.query(
        `SELECT 1 FROM transfers WHERE ref_type = 'topup' AND ref_id = $1 AND id <> $2 LIMIT 1`,
        [String(id), t.transfer_id],
      );
      if (rowCount) throw conflict('Incomes were already paid from this top-up; it cannot be reversed');
      const userId = Number(t.user_id);
      const fromAccount = t.kind === 'activation' ? platform('platform:fees') : member(userId, 'principal');
      const now = clock.now();
      try {
        await post(
          tx,
          {
            idempotencyKey: `topup-reversal:${id}`,
            transfers: [
              {
                kind: t.kind === 'activation' ? 'activation' : 'plan_purchase',
                debit: fromAccount,
                credit: member(Number(t.payer_id), 'fund'),
                amount: t.amount,
                refType: 'topup_reversal',
                refId: String(id),
                meta: { reversal_of: t.transfer_id, by: actor.userId },
              },
            ],
          },
          now,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'insufficient_funds') {
          throw conflict(
            "The member's principal no longer holds this amount (withdrawn or on hold); it cannot be reversed",
          );
        }
        throw error;
      }
      await repo.markReversed(tx, t.id);
      membersChanged(tx, [userId]);
      if (t.kind === 'activation')
        await tx.query('UPDATE users SET paid_member = false, updated_at = $2 WHERE id = $1', [userId, now]);
      else {
        await repo.treeEvent(tx, {
          userId,
          kind: 'divested',
          amount: t.amount,
          refType: 'topup',
          refId: String(id),
          now,
        });
        if ((await activePlanOf(tx, userId)) === 0n)
          await tx.query(`UPDATE users SET is_active = 'inactive', updated_at = $2 WHERE id = $1`, [
            userId,
            now,
          ]);
      }
      const after = dto((await repo.find(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'topup.reverse',
        targetType: 'topup',
        targetId: id,
        before: dto(t),
        after,
      });
      return { message: 'Top-up reversed; the amount is back in the payer’s fund wallet' };
    });
  }

  return { purchase, purchaseIn, activate, list, ofMember, reverse };
}

export type TopupsService = ReturnType<typeof createTopupsService>;
