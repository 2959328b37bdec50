/**
 * THE one place a provider's word about a payment changes it (IPN, polling, the status route's
 * refresh): inside the caller's transaction, with the payment row locked. It checks that the
 * provider describes the payment we created (amount, currencies, order), never lets a late or
 * repeated status undo a final one, records every change, and credits the member's fund once when
 * the payment is finished (ledger key `payment:<row id>`, so even two racing transactions post once).
 */
import { isFinalPaymentStatus, PAYMENT_STATUSES, type PaymentStatus } from '@app/contracts/payments';
import type { Tx } from '../../../db/pool.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';
import { depositCredited, notifyMembers } from '../../content/notifications/events.js';
import { type ProviderPayment, sameDecimal } from './provider.js';
import * as repo from './repo.js';

export type Source = 'ipn' | 'poll';

export interface Outcome {
  /** Refused: the provider described another payment; nothing changed, the caller answers 400. */
  refused?: string;
  changed: boolean;
  credited: boolean;
  /** Acknowledged without effect (a repeat, or a status that would undo a later one). */
  ignored?: string;
}

/** Order along the normal path; partially_paid stands apart (more money may still come). */
const RANK: Partial<Record<PaymentStatus, number>> = { waiting: 0, confirming: 1, confirmed: 2, sending: 3 };

export const REVIEW = {
  partial: 'Partially paid: wait for the rest, or settle the amount received by hand',
  child: (parent: string) =>
    `The provider opened this payment for money sent to payment ${parent} (repeated or late payment): check what arrived and settle by hand`,
};

/** Why the provider's description is not of our payment, or null when it is. */
export function mismatch(p: repo.PaymentRow, incoming: ProviderPayment): string | null {
  if (incoming.price_currency.toLowerCase() !== p.price_currency) return 'price currency differs';
  if (incoming.pay_currency.toLowerCase() !== p.pay_currency) return 'pay currency differs';
  if (!sameDecimal(incoming.price_amount, microToDecimal(p.price_amount))) return 'price amount differs';
  if (p.parent_id === null && incoming.pay_amount && !sameDecimal(incoming.pay_amount, p.pay_amount))
    return 'pay amount differs';
  if (incoming.order_id && incoming.order_id !== p.order_id) return 'order id differs';
  return null;
}

export function microToDecimal(micro: bigint): string {
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

export async function applyUpdate(
  tx: Tx,
  p: repo.PaymentRow,
  incoming: ProviderPayment,
  source: Source,
  now: Date,
  payload?: unknown,
): Promise<Outcome> {
  const event = (status: string | null, accepted: boolean, note: string) =>
    repo.insertEvent(tx, {
      paymentRef: p.id,
      provider: p.provider,
      paymentId: p.payment_id,
      source,
      status,
      accepted,
      note,
      actuallyPaid: incoming.actually_paid ?? null,
      payload,
      now,
    });

  const wrong = mismatch(p, incoming);
  if (wrong) {
    await event(incoming.payment_status, false, `Refused: ${wrong}`);
    return { refused: wrong, changed: false, credited: false };
  }
  const status = incoming.payment_status.toLowerCase();
  if (!(PAYMENT_STATUSES as readonly string[]).includes(status)) {
    await event(null, false, `Refused: unknown status "${incoming.payment_status.slice(0, 40)}"`);
    return { refused: 'unknown status', changed: false, credited: false };
  }
  const paid = incoming.actually_paid ?? p.actually_paid;

  if (status === p.status) {
    // a repeat; only more money arriving on a partial payment is news
    if (paid !== null && (p.actually_paid === null || !sameDecimal(paid, p.actually_paid))) {
      await repo.update(tx, p.id, { ...current(p), actuallyPaid: paid, now });
      await event(status, true, 'Amount received changed');
      return { changed: true, credited: false };
    }
    return { changed: false, credited: false, ignored: 'repeat' };
  }

  const reopensLocalExpiry = p.status === 'expired' && p.expired_locally;
  if (isFinalPaymentStatus(p.status) && !reopensLocalExpiry) {
    await event(status, false, `Ignored: the payment is already ${p.status}`);
    return { changed: false, credited: false, ignored: `already ${p.status}` };
  }
  const from = RANK[p.status as PaymentStatus];
  const to = RANK[status as PaymentStatus];
  if (from !== undefined && to !== undefined && to < from) {
    await event(status, false, `Ignored: arrived after ${p.status}`);
    return { changed: false, credited: false, ignored: `after ${p.status}` };
  }

  // a child payment keeps its review note; a partial one asks for a decision until the rest arrives
  let review = p.review;
  if (p.parent_id === null && status === 'partially_paid' && !p.transfer_id) review = REVIEW.partial;
  else if (p.parent_id === null && p.review === REVIEW.partial) review = null;
  await repo.update(tx, p.id, {
    status,
    actuallyPaid: paid,
    expiredLocally: false,
    review,
    now,
  });
  await event(
    status,
    true,
    reopensLocalExpiry ? 'After our own expiry: the provider reports money arrived' : '',
  );

  if (status !== 'finished') return { changed: true, credited: false };
  if (p.transfer_id) {
    await event(status, true, 'Already credited by an admin settlement; nothing more credited');
    return { changed: true, credited: false };
  }
  if (p.parent_id !== null) return { changed: true, credited: false };
  await credit(tx, p, source, now, { actually_paid: paid });
  return { changed: true, credited: true };
}

function current(p: repo.PaymentRow) {
  return { status: p.status, expiredLocally: p.expired_locally, review: p.review };
}

/** Posts the deposit (platform:cash -> member fund) once per payment and marks the row credited. */
export async function credit(
  tx: Tx,
  p: repo.PaymentRow,
  source: string,
  now: Date,
  meta: Record<string, unknown>,
  amount: bigint = p.price_amount,
) {
  const { transfers } = await post(
    tx,
    {
      idempotencyKey: `payment:${p.id}`,
      transfers: [
        {
          kind: 'deposit',
          debit: platform('platform:cash'),
          credit: member(Number(p.user_id), 'fund'),
          amount,
          refType: 'provider_payment',
          refId: String(p.id),
          meta: {
            source: 'provider',
            provider: p.provider,
            payment_id: p.payment_id,
            pay_currency: p.pay_currency,
            via: source,
            ...meta,
          },
        },
      ],
    },
    now,
  );
  await repo.markCredited(tx, p.id, transfers[0]!.id, amount, now);
  await notifyMembers(tx, [depositCredited(`deposit:crypto:${p.id}`, Number(p.user_id), amount)], now);
  return transfers[0]!;
}
