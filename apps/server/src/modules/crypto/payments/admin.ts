/**
 * Lists and history of provider payments (a member sees their own), and the admin's hands-on
 * actions: settle a payment that waits for a decision (audited), and push a sandbox payment to a
 * status (the sandbox then calls back with its signed IPN, like the live provider would).
 */
import { fromMicro } from '@app/contracts/money';
import type { PaymentStatus } from '@app/contracts/payments';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { credit, microToDecimal } from './apply.js';
import * as repo from './repo.js';
import { dto, NOT_FOUND, type PaymentsService, providerFailure } from './service.js';

const eventDto = (e: repo.EventRow) => ({
  id: Number(e.id),
  source: e.source,
  status: e.status,
  accepted: e.accepted,
  note: e.note,
  actually_paid: e.actually_paid === null ? null : Number(e.actually_paid),
  created_at: e.created_at.toISOString(),
});

export function createPaymentsAdmin(deps: {
  db: Db;
  clock: Clock;
  /** Its provider, or its 503 while PAYMENT_PROVIDER is off (the lists still read the payments on record). */
  payments: PaymentsService;
}) {
  const { db, clock, payments } = deps;

  async function list(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      status?: PaymentStatus | undefined;
      user_id?: number | undefined;
      review?: boolean | undefined;
    },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await repo.list(db, { ...f, userId });
    return { payments: rows.map(dto), ...pageFacts(total, f) };
  }

  async function detail(actor: Actor, paymentId: string) {
    const p = await payments.find(actor, paymentId);
    return {
      payment: dto(p),
      history: (await repo.events(db, p.id)).map(eventDto),
      children: (await repo.children(db, p.id)).map(dto),
    };
  }

  /**
   * Credits, once, an amount the admin decides for a payment that waits for a decision (partially
   * paid, or opened by the provider for another payment); at most the payment's price.
   */
  async function settle(
    actor: Actor,
    paymentId: string,
    body: { amount: bigint; reason: string },
    /** Runs before the credit, in its transaction: four eyes' solo limits (money/approvals/gates.ts). */
    guard?: (tx: Tx, p: { userId: number; amount: bigint }) => Promise<void>,
  ) {
    const provider = payments.live();
    return withTx(db, async (tx) => {
      const p = await repo.findByPaymentId(tx, provider.name, paymentId, true);
      if (!p) throw notFound(NOT_FOUND);
      if (p.transfer_id) throw conflict('This payment has already been credited');
      if (!p.review)
        throw conflict(
          'Only a payment waiting for a decision (partially paid, or opened by the provider for another payment) can be settled by hand',
        );
      if (p.status === 'refunded')
        throw conflict('A refunded payment cannot be settled: the money went back');
      if (body.amount > p.price_amount)
        throw badRequest(`At most ${fromMicro(p.price_amount)} USDT (the payment's price) can be credited`);
      await guard?.(tx, { userId: Number(p.user_id), amount: body.amount });
      const now = clock.now();
      const before = dto(p);
      await credit(tx, p, 'settle', now, { settled_by: actor.userId, reason: body.reason }, body.amount);
      await repo.insertEvent(tx, {
        paymentRef: p.id,
        provider: p.provider,
        paymentId: p.payment_id,
        source: 'settle',
        status: p.status,
        accepted: true,
        note: `Settled by hand: ${microToDecimal(body.amount)} USDT credited (${body.reason})`,
        now,
      });
      const after = dto((await repo.findById(tx, p.id))!);
      await recordAudit(tx, actor, {
        action: 'payment.settle',
        targetType: 'provider_payment',
        targetId: p.payment_id,
        before,
        after: { ...after, reason: body.reason },
      });
      return {
        message: 'Payment settled: the amount is credited to the member’s fund wallet',
        payment: after,
      };
    });
  }

  /** Sandbox only: the sandbox changes the payment and sends its IPN; polled too if none arrived. */
  async function push(
    actor: Actor,
    paymentId: string,
    body: { status: PaymentStatus; actually_paid?: bigint },
  ) {
    const provider = payments.live();
    if (provider.name !== 'sandbox' || !provider.pushStatus)
      throw new AppError(
        'not_sandbox',
        'Only sandbox payments can be pushed; the live provider decides its own statuses',
        409,
      );
    const p = await payments.find(actor, paymentId);
    const before = dto(p);
    try {
      await provider.pushStatus(
        p.payment_id,
        body.status,
        body.actually_paid === undefined ? undefined : microToDecimal(body.actually_paid),
      );
    } catch (error) {
      throw providerFailure('Failed to push the sandbox payment', error);
    }
    let after = (await repo.findById(db, p.id))!;
    if (after.status !== body.status) {
      // the IPN did not get through (PUBLIC_URL not reachable from here): ask the sandbox instead
      after = await payments.refresh(after).then(
        (r) => r.row,
        () => after,
      );
    }
    await withTx(db, (tx) =>
      recordAudit(tx, actor, {
        action: 'payment.sandbox_push',
        targetType: 'provider_payment',
        targetId: p.payment_id,
        before: { payment_status: before.payment_status, actually_paid: before.actually_paid },
        after: {
          requested: body.status,
          payment_status: after.status,
          actually_paid: dto(after).actually_paid,
        },
      }),
    );
    return {
      message:
        after.status === body.status
          ? `Sandbox payment moved to ${body.status}`
          : `The sandbox moved to ${body.status}, but the payment stays ${after.status}: see its history`,
      payment: dto(after),
    };
  }

  return { list, detail, settle, push };
}

export type PaymentsAdmin = ReturnType<typeof createPaymentsAdmin>;
