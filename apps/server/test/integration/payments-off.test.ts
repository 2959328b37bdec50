import { PAYMENT } from '@app/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { reconcile } from '../../src/ledger/reconcile.js';
import { signIpn } from '../../src/modules/crypto/payments/ipn.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createPayment,
  fundOf,
  IPN_SECRET,
  ipnBody,
  type PaymentsTest,
  paymentCredits,
  sendIpn,
  setupPayments,
} from './payments-fixtures.js';

/**
 * Issue 11.1 as the attack: on an install that configured no payment provider, a member asks for a
 * 1,000,000 USDT crypto payment. Before, the sandbox was the default and finished it by itself ~75 s
 * later, crediting money nobody paid. Now the default is `off`: a clear 503, nothing recorded, nothing
 * credited, whatever the jobs and the clock do. With the sandbox asked for, every answer says so.
 */
const MILLION = 1_000_000;
const DAY_MS = 24 * 3600_000;
/** A new session after the clock moved on past the old one's lifetime. */
async function signIn(t: TestApp, who: { email: string; password: string }): Promise<string> {
  const res = await t.call('POST', '/auth/signin', { body: { email: who.email, password: who.password } });
  expect(res.status, res.raw).toBe(200);
  return res.body.auth.token;
}
const count = async (t: TestApp, table: string) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

describe('a default install (no PAYMENT_PROVIDER)', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['register']>>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    member = await t.register();
    admin = await t.adminToken();
  });
  afterAll(async () => t.close());

  it('starts with crypto payments off and says so to members and admins', async () => {
    expect(t.config.PAYMENT_PROVIDER).toBe('off');
    for (const token of [member.token, admin]) {
      const res = await t.call('GET', '/nowpayments/config', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mode: 'off' });
    }
    expect((await t.call('GET', '/nowpayments/config')).status).toBe(401);
    // no job that could ask a provider, or play one
    expect(t.jobs.names().filter((n) => n.startsWith('payments'))).toEqual([]);
  });

  it('refuses a member’s 1,000,000 USDT payment with a clear 503 and credits nothing, even days later', async () => {
    const res = await t.call('POST', '/nowpayments/create-payment', {
      token: member.token,
      body: { price_amount: MILLION, price_currency: 'usd', pay_currency: 'usdtbsc', id: member.id },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: PAYMENT.unavailable, code: 'payment.unavailable' });
    for (const url of ['/nowpayments/currencies', '/nowpayments/min-amount/usdtbsc/usdtbsc']) {
      const other = await t.call('GET', url, { token: member.token });
      expect(other.status, url).toBe(503);
      expect(other.body.message, url).toBe(PAYMENT.unavailable);
    }
    // a callback claiming the payment finished, signed or not, finds no provider to believe it
    const forged = ipnBody(
      { payment_id: '5000000001', price_amount: MILLION, pay_amount: MILLION, order_id: `EH-${member.id}-x` },
      'finished',
    );
    expect((await sendIpn(t, forged)).status).toBe(503);
    expect((await sendIpn(t, forged, null)).status).toBe(503);

    t.clock.advance(2 * DAY_MS);
    for (const job of t.jobs.names().filter((n) => !n.startsWith('web3'))) await t.jobs.run(job);
    expect(await count(t, 'provider_payments')).toBe(0);
    expect(await count(t, 'sandbox_payments')).toBe(0);
    expect(await paymentCredits(t)).toEqual([]);
    expect(await fundOf(t, member.id)).toBe(0n);
    const token = await signIn(t, member);
    const wallets = await t.call('GET', `/users/${member.id}/wallets`, { token });
    expect(wallets.body.wallets.fund).toBe(0);
    const list = await t.call('GET', '/nowpayments/payments', { token });
    expect(list.status).toBe(200);
    expect(list.body.payments).toEqual([]);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('an admin cannot settle or push a payment either', async () => {
    admin = await t.adminToken(); // the clock moved on: a fresh session
    const settle = await t.call('POST', '/nowpayments/payments/123/settle', {
      token: admin,
      body: { amount: MILLION, reason: 'try anyway' },
    });
    const push = await t.call('POST', '/nowpayments/sandbox/123/status', {
      token: admin,
      body: { status: 'finished' },
    });
    for (const res of [settle, push]) {
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(PAYMENT.unavailable);
    }
    expect(await paymentCredits(t)).toEqual([]);
  });
});

describe('with PAYMENT_PROVIDER=sandbox asked for', () => {
  let s: PaymentsTest;
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['register']>>;
  beforeAll(async () => {
    s = await setupPayments();
    t = s.t;
    member = await t.register();
  });
  afterAll(async () => t.close());

  it('marks every answer that shows a payment as a sandbox (test) payment', async () => {
    expect((await t.call('GET', '/nowpayments/config', { token: member.token })).body).toEqual({
      mode: 'sandbox',
    });
    const created = await createPayment(t, member, 25);
    expect(created).toMatchObject({ provider: 'sandbox', sandbox: true });
    const status = await t.call('GET', `/nowpayments/payment-status/${created.payment_id}`, {
      token: member.token,
    });
    expect(status.body).toMatchObject({ payment_id: created.payment_id, sandbox: true });
    const mine = await t.call('GET', '/nowpayments/payments', { token: member.token });
    expect(mine.body.payments.map((p: { sandbox: boolean }) => p.sandbox)).toEqual([true]);
    const all = await t.call('GET', '/nowpayments/payments', { token: s.admin });
    expect(all.body.payments.map((p: { sandbox: boolean }) => p.sandbox)).toEqual([true]);
    const detail = await t.call('GET', `/nowpayments/payments/${created.payment_id}`, { token: s.admin });
    expect(detail.body.payment).toMatchObject({ sandbox: true });
    const pushed = await t.call('POST', `/nowpayments/sandbox/${created.payment_id}/status`, {
      token: s.admin,
      body: { status: 'waiting' },
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.payment).toMatchObject({ sandbox: true });
  });

  it('a sandbox payment left open is never finished once the server restarts with the default (off)', async () => {
    const victim = await createPayment(t, member, MILLION);
    // the same database, the server started again without PAYMENT_PROVIDER
    const jobs = new Scheduler(t.db);
    const off = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', WEB_DIST: '/nonexistent' }),
      db: t.db,
      clock: t.clock,
      jwtSecret: 'x'.repeat(48),
      logger: false,
      jobs,
    });
    await off.ready();
    try {
      const as = { authorization: `Bearer ${member.token}` };
      const status = await off.inject({
        method: 'GET',
        url: `/api/v1/nowpayments/payment-status/${victim.payment_id}`,
        headers: as,
      });
      expect(status.statusCode).toBe(503);
      expect(status.json()).toEqual({ message: PAYMENT.unavailable, code: 'payment.unavailable' });
      // a callback signed with the sandbox's key, as the sandbox would have sent it
      const body = ipnBody(victim, 'finished');
      const ipn = await off.inject({
        method: 'POST',
        url: '/api/v1/nowpayments/ipn',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(body, IPN_SECRET) },
        payload: JSON.stringify(body),
      });
      expect(ipn.statusCode).toBe(503);
      t.clock.advance(2 * DAY_MS);
      for (const job of jobs.names().filter((n) => !n.startsWith('web3'))) await jobs.run(job);
      // the record stays readable, marked as a test payment, and uncredited
      const list = await off.inject({
        method: 'GET',
        url: '/api/v1/nowpayments/payments',
        headers: { authorization: `Bearer ${await signIn(t, member)}` },
      });
      expect(list.statusCode).toBe(200);
      const row = list
        .json()
        .payments.find((p: { payment_id: string }) => p.payment_id === victim.payment_id);
      expect(row).toMatchObject({ payment_status: 'waiting', credited_amount: null, sandbox: true });
      expect(await fundOf(t, member.id)).toBe(0n);
      expect(await paymentCredits(t)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
