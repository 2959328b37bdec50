/**
 * `payments-poll`: asks the provider about open payments nobody has heard of for a while (a lost
 * IPN must not leave money uncredited), and expires payments still waiting long after the
 * provider's own expiry. Idempotent: every change goes through apply.ts under the row lock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { ProviderError } from './provider.js';
import * as repo from './repo.js';
import type { PaymentsService } from './service.js';

/** An open payment is polled when nothing was heard of it for this long. */
export const STALE_AFTER_MS = 2 * 60_000;
/** A payment still waiting this long after its expiry date is expired by us. */
export const EXPIRY_GRACE_MS = 60 * 60_000;
/** Without an expiry date from the provider, a payment waits this long. */
export const DEFAULT_LIFETIME_MS = 7 * 24 * 3600_000;
const BATCH = 50;

export function createPaymentsPoll(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  log: FastifyBaseLogger;
}) {
  const { db, clock, payments, log } = deps;

  function overdue(p: repo.PaymentRow, now: Date) {
    const expiry = p.expires_at?.getTime() ?? p.created_at.getTime() + DEFAULT_LIFETIME_MS;
    return p.status === 'waiting' && now.getTime() > expiry + EXPIRY_GRACE_MS;
  }

  async function expireLocally(p: repo.PaymentRow, why: string) {
    await withTx(db, async (tx) => {
      const locked = (await repo.findById(tx, p.id, true))!;
      const now = clock.now();
      if (!overdue(locked, now)) return;
      await repo.update(tx, p.id, {
        status: 'expired',
        actuallyPaid: locked.actually_paid,
        expiredLocally: true,
        review: locked.review,
        now,
      });
      await repo.insertEvent(tx, {
        paymentRef: p.id,
        provider: p.provider,
        paymentId: p.payment_id,
        source: 'expiry',
        status: 'expired',
        accepted: true,
        note: `Expired by us: ${why}`,
        now,
      });
    });
  }

  return async function run() {
    const now = clock.now();
    const stale = await repo.stale(db, new Date(now.getTime() - STALE_AFTER_MS), BATCH);
    let changed = 0;
    let expired = 0;
    for (const p of stale) {
      try {
        const { row, outcome } = await payments.refresh(p);
        if (outcome.changed) changed += 1;
        if (overdue(row, clock.now())) {
          await expireLocally(row, 'still waiting after its expiry date');
          expired += 1;
        }
      } catch (error) {
        // checked, even in vain: a payment the provider cannot answer for must not starve the others
        await repo.markChecked(db, p.id, clock.now());
        if (error instanceof ProviderError && error.status === 404 && overdue(p, clock.now())) {
          await expireLocally(p, 'the provider no longer knows it');
          expired += 1;
        } else log.warn({ payment: p.payment_id, err: (error as Error).message }, 'payment poll failed');
      }
    }
    return { checked: stale.length, changed, expired };
  };
}
