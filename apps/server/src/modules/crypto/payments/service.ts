/**
 * Member side of crypto payments and the provider's callback: create a payment at the provider, read
 * its status (refreshed from the provider while it is open), the currencies and the minimum amount,
 * and the IPN callback. Every change of a payment goes through apply.ts.
 */
import { randomBytes } from 'node:crypto';
import { fromMicro, toMicro } from '@app/contracts/money';
import {
  isFinalPaymentStatus,
  PAYMENT,
  PAYMENT_PROVIDER_PATH,
  PAYMENT_STATUSES,
  type PaymentListItem,
  type PaymentMode,
} from '@app/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { AppError, badRequest, forbidden, notFound, withValues } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { assertOpen } from '../../operations/settings/service.js';
import { applyUpdate, microToDecimal, type Outcome, REVIEW } from './apply.js';
import {
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  providerPayment,
  sameDecimal,
} from './provider.js';
import * as repo from './repo.js';

export const NOT_FOUND = 'Payment not found';
/** A member's screen asks the provider again at most this often while a payment is open. */
const REFRESH_AFTER_MS = 10_000;
const MIN_CACHE_MS = 5 * 60_000;

export const dto = (p: repo.PaymentRow): PaymentListItem => ({
  payment_id: p.payment_id,
  payment_status: p.status as PaymentListItem['payment_status'],
  pay_address: p.pay_address,
  price_amount: fromMicro(p.price_amount),
  price_currency: p.price_currency,
  pay_amount: Number(p.pay_amount),
  pay_currency: p.pay_currency,
  actually_paid: p.actually_paid === null ? null : Number(p.actually_paid),
  order_id: p.order_id,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
  expires_at: p.expires_at?.toISOString() ?? null,
  credited_amount: p.credited_amount === null ? null : fromMicro(p.credited_amount),
  provider: p.provider,
  sandbox: p.provider === 'sandbox',
  user_id: Number(p.user_id),
  username: p.username,
  parent_payment_id: p.parent_payment_id,
  review: p.review,
  credited_at: p.credited_at?.toISOString() ?? null,
});

/** A provider failure as the API's answer: the spec's fallback text first, then what went wrong. */
export function providerFailure(prefix: string, error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  return new AppError('provider_error', `${prefix}: ${error.message}`, error.kind === 'timeout' ? 504 : 502);
}

/** Every payment route while PAYMENT_PROVIDER is off: nothing can be created, read from or credited by a provider. */
export const paymentsUnavailable = () => new AppError('payments_off', PAYMENT.unavailable, 503);

const known = (status: string) => (PAYMENT_STATUSES as readonly string[]).includes(status.toLowerCase());

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  /** null when PAYMENT_PROVIDER is off: every call then answers 503. */
  provider: PaymentProvider | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, clock, log } = deps;
  const live = (): PaymentProvider => {
    if (!deps.provider) throw paymentsUnavailable();
    return deps.provider;
  };
  const minCache = new Map<string, { value: number; at: number }>();

  async function minimum(from: string, to: string) {
    const provider = live();
    const key = `${from}:${to}`;
    const cached = minCache.get(key);
    if (cached && clock.now().getTime() - cached.at < MIN_CACHE_MS) return cached.value;
    const { min_amount } = await provider.minAmount(from, to);
    minCache.set(key, { value: min_amount, at: clock.now().getTime() });
    return min_amount;
  }

  async function create(
    actor: Actor,
    body: { price_amount: bigint; price_currency: string; pay_currency: string; id: number },
  ) {
    const provider = live();
    if (body.id !== actor.userId) throw forbidden('You can create payments only for yourself');
    await assertOpen(db, 'deposits_open');
    const price = fromMicro(body.price_amount);
    const min = await minimum(body.pay_currency, body.pay_currency).catch(() => null);
    if (min !== null && price < min)
      throw withValues(
        400,
        `The amount must be at least ${min} ${PAYMENT.priceCurrencyLabel}`,
        'payment.minimum',
        {
          amount: String(min),
        },
      );
    const orderId = `EH-${actor.userId}-${randomBytes(8).toString('hex')}`;
    let created: ProviderPayment;
    try {
      created = await provider.createPayment({
        price_amount: price,
        price_currency: body.price_currency,
        pay_currency: body.pay_currency,
        order_id: orderId,
        order_description: `Deposit to the fund wallet of member ${actor.userId}`,
        ipn_callback_url: `${deps.publicUrl.replace(/\/+$/, '')}/api/v1/${PAYMENT_PROVIDER_PATH}/ipn`,
      });
    } catch (error) {
      throw providerFailure(PAYMENT.createFailed, error);
    }
    const now = clock.now();
    const row = {
      provider: provider.name,
      paymentId: created.payment_id,
      userId: actor.userId,
      orderId,
      status: created.payment_status.toLowerCase(),
      priceAmount: body.price_amount,
      priceCurrency: body.price_currency,
      payCurrency: body.pay_currency,
      payAmount: created.pay_amount ?? '',
      actuallyPaid: created.actually_paid ?? null,
      payAddress: created.pay_address ?? '',
      expiresAt: parseDate(created.expiration_estimate_date),
      now,
    };
    const wrong =
      created.price_currency.toLowerCase() !== body.price_currency ||
      created.pay_currency.toLowerCase() !== body.pay_currency ||
      !sameDecimal(created.price_amount, microToDecimal(body.price_amount)) ||
      (created.order_id ? created.order_id !== orderId : false);
    if (wrong || !known(row.status) || !row.payAddress || !row.payAmount) {
      log.error(
        { payment: created.payment_id, wrong },
        'provider answered create-payment with another payment',
      );
      throw new AppError(
        'provider_error',
        `${PAYMENT.createFailed}: the provider's answer does not match the request`,
        502,
      );
    }
    const id = await withTx(db, async (tx) => {
      const inserted = await repo.insert(tx, row);
      await repo.insertEvent(tx, {
        paymentRef: inserted,
        provider: provider.name,
        paymentId: created.payment_id,
        source: 'create',
        status: row.status,
        accepted: true,
        now,
      });
      return inserted;
    });
    return dto((await repo.findById(db, id))!);
  }

  async function find(actor: Actor, paymentId: string) {
    const provider = live();
    const p = await repo.findByPaymentId(db, provider.name, paymentId);
    if (!p) throw notFound(NOT_FOUND);
    assertSelfOrAdmin(actor, Number(p.user_id));
    return p;
  }

  /** Asks the provider and applies its answer (source `poll`). Provider failures are thrown as ProviderError. */
  async function refresh(p: repo.PaymentRow): Promise<{ row: repo.PaymentRow; outcome: Outcome }> {
    const provider = live();
    const incoming = await provider.paymentStatus(p.payment_id);
    return withTx(db, async (tx) => {
      const locked = (await repo.findById(tx, p.id, true))!;
      const now = clock.now();
      const outcome =
        incoming.payment_id === p.payment_id
          ? await applyUpdate(tx, locked, incoming, 'poll', now)
          : { refused: 'another payment id', changed: false, credited: false };
      if (outcome.refused)
        log.warn({ payment: p.payment_id, reason: outcome.refused }, 'payment status refused');
      await repo.markChecked(tx, p.id, now);
      return { row: (await repo.findById(tx, p.id))!, outcome };
    });
  }

  async function status(actor: Actor, paymentId: string) {
    const p = await find(actor, paymentId);
    const fresh = p.last_checked_at && clock.now().getTime() - p.last_checked_at.getTime() < REFRESH_AFTER_MS;
    if (isFinalPaymentStatus(p.status) || fresh) return dto(p);
    try {
      return dto((await refresh(p)).row);
    } catch (error) {
      throw providerFailure(PAYMENT.statusFailed, error);
    }
  }

  async function currencies() {
    const provider = live();
    try {
      return { currencies: await provider.currencies() };
    } catch (error) {
      throw providerFailure('Failed to fetch currencies', error);
    }
  }

  async function minAmount(from: string, to: string) {
    live();
    try {
      const value = await minimum(from, to);
      return { currency_from: from, currency_to: to, min_amount: value };
    } catch (error) {
      // the provider calls the request itself invalid: a pair it does not support is the caller's input
      if (error instanceof ProviderError && error.kind === 'rejected' && error.status === 400) {
        throw badRequest(`Unsupported currency pair: ${from} to ${to}`);
      }
      throw providerFailure('Failed to fetch the minimum amount', error);
    }
  }

  /** The provider's callback: signature first, then the payment it names (or its parent). */
  async function ipn(body: unknown, signature: string | undefined, ip: string) {
    // off: 503, so the provider keeps retrying and the callback is applied once a provider is back
    const provider = live();
    if (!provider.verifyCallback(body, signature)) {
      log.warn({ ip }, 'IPN refused: bad signature');
      throw new AppError('bad_signature', 'Invalid IPN signature', 401);
    }
    const parsed = providerPayment.safeParse(body);
    const now = clock.now();
    if (!parsed.success) {
      await repo.insertEvent(db, {
        paymentRef: null,
        provider: provider.name,
        paymentId: null,
        source: 'ipn',
        status: null,
        accepted: false,
        note: 'Refused: unreadable IPN body',
        payload: body,
        now,
      });
      log.warn({ ip }, 'IPN refused: unreadable body');
      throw badRequest('Unreadable IPN body');
    }
    const incoming = parsed.data;
    const outcome = await withTx(db, (tx) => ipnInTx(tx, incoming, body, now));
    if (outcome.refused) {
      log.warn({ payment: incoming.payment_id, reason: outcome.refused }, 'IPN refused');
      if (outcome.refused === 'unknown payment') throw notFound(NOT_FOUND);
      throw badRequest(`IPN refused: ${outcome.refused}`);
    }
    return { message: outcome.ignored ? `OK (ignored: ${outcome.ignored})` : 'OK' };
  }

  async function ipnInTx(tx: Tx, incoming: ProviderPayment, body: unknown, now: Date): Promise<Outcome> {
    const provider = live();
    let p = await repo.findByPaymentId(tx, provider.name, incoming.payment_id, true);
    if (!p && incoming.parent_payment_id) {
      const parent = await repo.findByPaymentId(tx, provider.name, incoming.parent_payment_id, true);
      // the parent's lock serialises two first callbacks of the same child
      p = await repo.findByPaymentId(tx, provider.name, incoming.payment_id, true);
      if (!p && parent) return openChild(tx, parent, incoming, body, now);
    }
    if (!p) {
      await repo.insertEvent(tx, {
        paymentRef: null,
        provider: provider.name,
        paymentId: incoming.payment_id,
        source: 'ipn',
        status: incoming.payment_status,
        accepted: false,
        note: 'Refused: unknown payment',
        payload: body,
        now,
      });
      return { refused: 'unknown payment', changed: false, credited: false };
    }
    return applyUpdate(tx, p, incoming, 'ipn', now, body);
  }

  /** A payment the provider opened for money sent to one of ours: recorded, never credited by itself. */
  async function openChild(
    tx: Tx,
    parent: repo.PaymentRow,
    incoming: ProviderPayment,
    body: unknown,
    now: Date,
  ): Promise<Outcome> {
    const provider = live();
    const status = incoming.payment_status.toLowerCase();
    if (!known(status)) return { refused: 'unknown status', changed: false, credited: false };
    const price = toMicro(incoming.price_amount);
    const id = await repo.insert(tx, {
      provider: provider.name,
      paymentId: incoming.payment_id,
      parentId: parent.id,
      parentPaymentId: parent.payment_id,
      userId: parent.user_id,
      orderId: incoming.order_id ?? parent.order_id,
      status,
      priceAmount: price && price > 0n ? price : parent.price_amount,
      priceCurrency: incoming.price_currency.toLowerCase(),
      payCurrency: incoming.pay_currency.toLowerCase(),
      payAmount: incoming.pay_amount ?? incoming.actually_paid ?? '0',
      actuallyPaid: incoming.actually_paid ?? null,
      payAddress: incoming.pay_address ?? parent.pay_address,
      expiresAt: null,
      review: REVIEW.child(parent.payment_id),
      now,
    });
    const note = (text: string, ref: bigint, paymentId: string) =>
      repo.insertEvent(tx, {
        paymentRef: ref,
        provider: provider.name,
        paymentId,
        source: 'ipn',
        status,
        accepted: true,
        note: text,
        actuallyPaid: incoming.actually_paid ?? null,
        payload: body,
        now,
      });
    await note(
      `Opened by the provider for payment ${parent.payment_id}; left for an admin`,
      id,
      incoming.payment_id,
    );
    await note(
      `The provider opened payment ${incoming.payment_id} for this one`,
      parent.id,
      parent.payment_id,
    );
    return { changed: true, credited: false };
  }

  /** What the payment screens show: off, the live provider, or the sandbox (test payments). */
  const mode: PaymentMode = deps.provider?.name ?? 'off';

  return { mode, create, status, find, refresh, currencies, minAmount, ipn, live };
}

function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
