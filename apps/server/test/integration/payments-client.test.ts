import { PAYMENT } from '@app/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NowPaymentsClient } from '../../src/modules/crypto/payments/nowpayments.js';
import { ProviderError } from '../../src/modules/crypto/payments/provider.js';
import type { TestApp } from '../helpers.js';
import { budget } from '../load-budget.js';
import {
  API_KEY,
  createPayment,
  freePort,
  IPN_SECRET,
  type PaymentsTest,
  sandboxControl,
  setupPayments,
} from './payments-fixtures.js';

/**
 * The NOWPayments HTTP client against the sandbox provider's server over HTTP (the sandbox speaks
 * the NOWPayments protocol), and how provider failures reach the member as the spec's messages.
 */
/**
 * How long the client waits for the provider: long enough that a busy machine never turns an answer
 * into a timeout (2 s idle, stretched by the load), while a "timeout" fault holds its answer three
 * times longer, so a timeout is always the client giving up, never luck.
 */
const PATIENCE_MS = budget(2_000);
const HELD_MS = Math.min(60_000, PATIENCE_MS * 3);

let s: PaymentsTest;
let t: TestApp;
let a: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  s = await setupPayments({ NOWPAYMENTS_TIMEOUT_MS: String(PATIENCE_MS) });
  t = s.t;
  a = await t.register();
});
afterAll(async () => t.close());

const client = (over: Partial<{ baseUrl: string; apiKey: string; timeoutMs: number }> = {}) =>
  new NowPaymentsClient('sandbox', {
    baseUrl: s.sandboxUrl,
    apiKey: API_KEY,
    ipnSecret: IPN_SECRET,
    timeoutMs: PATIENCE_MS,
    ...over,
  });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('the NOWPayments client against the sandbox server', () => {
  it('creates a payment, reads its status, the currencies and the minimum amount', async () => {
    const c = client();
    const created = await c.createPayment({
      price_amount: 12.5,
      price_currency: 'usd',
      pay_currency: 'usdtbsc',
      order_id: 'EH-test-1',
      order_description: 'test',
      ipn_callback_url: 'http://127.0.0.1:9/ipn',
    });
    expect(created).toMatchObject({
      payment_status: 'waiting',
      price_amount: '12.5',
      price_currency: 'usd',
      pay_amount: '12.5',
      pay_currency: 'usdtbsc',
      order_id: 'EH-test-1',
    });
    expect(created.payment_id).toMatch(/^\d{10}$/);
    expect(created.expiration_estimate_date).toBeTruthy();
    const read = await c.paymentStatus(created.payment_id);
    expect(read).toMatchObject({
      payment_id: created.payment_id,
      payment_status: 'waiting',
      actually_paid: '0',
    });
    expect(await c.currencies()).toContain('usdtbsc');
    expect(await c.minAmount('usdtbsc', 'usdtbsc')).toEqual({
      currency_from: 'usdtbsc',
      currency_to: 'usdtbsc',
      min_amount: 2,
    });
  });

  it('turns refusals, unknown payments, bad keys, junk, timeouts and a dead host into ProviderError', async () => {
    const c = client();
    const small = await failure(
      c.createPayment({
        price_amount: 1,
        price_currency: 'usd',
        pay_currency: 'usdtbsc',
        order_id: 'x',
        order_description: 'x',
        ipn_callback_url: 'http://127.0.0.1:9/ipn',
      }),
    );
    expect(small).toMatchObject({ kind: 'rejected', status: 400 });
    expect(small.message).toBe('the payment provider refused: amountTo is too small');
    expect(await failure(c.paymentStatus('123'))).toMatchObject({ kind: 'rejected', status: 404 });
    const key = await failure(client({ apiKey: 'wrong' }).currencies());
    expect(key).toMatchObject({
      kind: 'rejected',
      status: 403,
      message: 'the payment provider refused: Invalid api key',
    });

    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', {
      endpoint: 'currencies',
      mode: 'malformed',
    });
    expect(await failure(c.currencies())).toMatchObject({ kind: 'malformed' });
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', { endpoint: 'currencies', mode: 'error' });
    expect(await failure(c.currencies())).toMatchObject({
      kind: 'rejected',
      status: 500,
      message: 'the payment provider refused: Sandbox: simulated provider error',
    });
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', {
      endpoint: 'min-amount',
      mode: 'timeout',
      delay_ms: HELD_MS,
    });
    const started = Date.now();
    expect(await failure(c.minAmount('usdtbsc', 'usdtbsc'))).toMatchObject({
      kind: 'timeout',
      message: 'the payment provider did not answer in time',
    });
    // it gave up: it did not wait for the held answer
    expect(Date.now() - started).toBeLessThan(HELD_MS);
    // the fault was used up: the next call answers
    expect((await c.minAmount('usdtbsc', 'usdtbsc')).min_amount).toBe(2);

    const dead = client({ baseUrl: `http://127.0.0.1:${await freePort()}/v1` });
    expect(await failure(dead.currencies())).toMatchObject({ kind: 'unreachable' });
  });
});

describe('provider failures as the member sees them', () => {
  const create = () =>
    t.call('POST', '/nowpayments/create-payment', {
      token: a.token,
      body: { price_amount: 20, price_currency: 'usd', pay_currency: 'usdtbsc', id: a.id },
    });

  it("answers create-payment failures with 'Failed to create payment' and what went wrong, creating nothing", async () => {
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', { endpoint: 'create', mode: 'error' });
    const error = await create();
    expect(error.status).toBe(502);
    expect(error.body.message).toBe(
      `${PAYMENT.createFailed}: the payment provider refused: Sandbox: simulated provider error`,
    );
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', {
      endpoint: 'create',
      mode: 'timeout',
      delay_ms: HELD_MS,
    });
    const slow = await create();
    expect(slow.status).toBe(504);
    expect(slow.body.message).toBe(`${PAYMENT.createFailed}: the payment provider did not answer in time`);
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', { endpoint: 'create', mode: 'malformed' });
    expect((await create()).body.message).toMatch(
      /^Failed to create payment: the payment provider sent an answer/,
    );
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM provider_payments');
    expect(rows[0].n).toBe(0);
    expect((await create()).status).toBe(201);
  });

  it("answers payment-status failures with 'Failed to fetch payment status' while the payment is open", async () => {
    const p = await createPayment(t, a, 30);
    t.clock.advance(11_000);
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', {
      endpoint: 'status',
      mode: 'timeout',
      delay_ms: HELD_MS,
    });
    const slow = await t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, { token: a.token });
    expect(slow.status).toBe(504);
    expect(slow.body.message).toBe(`${PAYMENT.statusFailed}: the payment provider did not answer in time`);
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', { endpoint: 'status', mode: 'reject' });
    const refused = await t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, { token: a.token });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      `${PAYMENT.statusFailed}: the payment provider refused: Sandbox: simulated refusal`,
    );
    const ok = await t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, { token: a.token });
    expect(ok.status).toBe(200);
    expect(ok.body.payment_status).toBe('waiting');
  });

  it('answers currency and minimum failures with a message; the minimum is enforced on creation', async () => {
    await sandboxControl(s.sandboxUrl, 'POST', '/sandbox/faults', { endpoint: 'currencies', mode: 'error' });
    const currencies = await t.call('GET', '/nowpayments/currencies', { token: a.token });
    expect(currencies.status).toBe(502);
    expect(currencies.body.message).toMatch(/^Failed to fetch currencies: /);
    expect((await t.call('GET', '/nowpayments/currencies', { token: a.token })).body.currencies).toContain(
      'usdtbsc',
    );
    const min = await t.call('GET', '/nowpayments/min-amount/usdtbsc/usdtbsc', { token: a.token });
    expect(min.body).toEqual({ currency_from: 'usdtbsc', currency_to: 'usdtbsc', min_amount: 2 });
    const below = await t.call('POST', '/nowpayments/create-payment', {
      token: a.token,
      body: { price_amount: 1.99, price_currency: 'usd', pay_currency: 'usdtbsc', id: a.id },
    });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('The amount must be at least 2 USDT');
  });
});
