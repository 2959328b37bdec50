import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers.js';
import { createPayment, type PaymentsTest, sendIpn, setupPayments } from './payments-fixtures.js';

/** Who may call each payment route (anonymous / member A / member B / admin), and bad input. */
let s: PaymentsTest;
let t: TestApp;
let a: Awaited<ReturnType<TestApp['register']>>;
let b: Awaited<ReturnType<TestApp['register']>>;
let paymentA: Awaited<ReturnType<typeof createPayment>>;
beforeAll(async () => {
  s = await setupPayments();
  t = s.t;
  a = await t.register();
  b = await t.register(a.code);
  paymentA = await createPayment(t, a, 25);
});
afterAll(async () => t.close());

type Caller = 'anonymous' | 'memberA' | 'memberB' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'memberA', 'memberB', 'admin'];
const token = (who: Caller) =>
  ({ anonymous: undefined, memberA: a.token, memberB: b.token, admin: s.admin })[who];
const count = async () =>
  (await t.db.query('SELECT count(*)::int AS n FROM provider_payments')).rows[0].n as number;
const body = (id: number, over: Record<string, unknown> = {}) => ({
  price_amount: 10,
  price_currency: 'usd',
  pay_currency: 'usdtbsc',
  id,
  ...over,
});

describe('access', () => {
  it('create-payment: a member for themselves only; no admin, no visitor', async () => {
    const expected: Record<Caller, number> = { anonymous: 401, memberA: 201, memberB: 403, admin: 403 };
    for (const who of CALLERS) {
      const res = await t.call('POST', '/nowpayments/create-payment', {
        token: token(who),
        body: body(a.id),
      });
      expect(res.status, who).toBe(expected[who]);
    }
    const forB = await t.call('POST', '/nowpayments/create-payment', { token: a.token, body: body(b.id) });
    expect(forB.body.message).toBe('You can create payments only for yourself');
  });

  it('payment-status and payment detail: the owner and admins', async () => {
    const expected: Record<Caller, number> = { anonymous: 401, memberA: 200, memberB: 403, admin: 200 };
    for (const who of CALLERS) {
      const status = await t.call('GET', `/nowpayments/payment-status/${paymentA.payment_id}`, {
        token: token(who),
      });
      expect(status.status, who).toBe(expected[who]);
      const detail = await t.call('GET', `/nowpayments/payments/${paymentA.payment_id}`, {
        token: token(who),
      });
      expect(detail.status, who).toBe(expected[who]);
      if (detail.status === 200)
        expect(detail.body.history[0]).toMatchObject({ source: 'create', status: 'waiting' });
    }
    const unknown = await t.call('GET', '/nowpayments/payment-status/999', { token: a.token });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
    expect((await t.call('GET', '/nowpayments/payment-status/..%2F..', { token: a.token })).status).toBe(400);
  });

  it('currencies and min-amount: any signed-in caller', async () => {
    const expected: Record<Caller, number> = { anonymous: 401, memberA: 200, memberB: 200, admin: 200 };
    for (const who of CALLERS) {
      expect((await t.call('GET', '/nowpayments/currencies', { token: token(who) })).status, who).toBe(
        expected[who],
      );
      expect(
        (await t.call('GET', '/nowpayments/min-amount/usdtbsc/usdtbsc', { token: token(who) })).status,
        who,
      ).toBe(expected[who]);
    }
    expect((await t.call('GET', '/nowpayments/min-amount/usdt$bsc/x', { token: a.token })).status).toBe(400);
    // a well-formed pair the provider does not support is the caller's input: 400, not 502
    const unsupported = await t.call('GET', '/nowpayments/min-amount/zzz9/usdtbsc', { token: a.token });
    expect(unsupported).toMatchObject({
      status: 400,
      body: { message: 'Unsupported currency pair: zzz9 to usdtbsc' },
    });
  });

  it('payment lists: a member sees their own (whatever user_id says), an admin everyone', async () => {
    await createPayment(t, b, 12);
    expect((await t.call('GET', '/nowpayments/payments')).status).toBe(401);
    const mine = await t.call('GET', `/nowpayments/payments?user_id=${b.id}`, { token: a.token });
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.payments.map((p: { user_id: number }) => p.user_id))).toEqual(new Set([a.id]));
    const theirs = await t.call('GET', '/nowpayments/payments', { token: b.token });
    expect(theirs.body.payments.map((p: { user_id: number }) => p.user_id)).toEqual([b.id]);
    const all = await t.call('GET', '/nowpayments/payments?limit=100', { token: s.admin });
    expect(new Set(all.body.payments.map((p: { user_id: number }) => p.user_id))).toEqual(
      new Set([a.id, b.id]),
    );
    const onlyB = await t.call('GET', `/nowpayments/payments?user_id=${b.id}`, { token: s.admin });
    expect(onlyB.body).toMatchObject({ total: 1, totalPages: 1, currentPage: 1 });
    expect((await t.call('GET', '/nowpayments/payments?status=paid', { token: s.admin })).status).toBe(400);
  });

  it('settle and sandbox push: admins only', async () => {
    const p = await createPayment(t, a, 30);
    for (const who of ['anonymous', 'memberA', 'memberB'] as const) {
      const push = await t.call('POST', `/nowpayments/sandbox/${p.payment_id}/status`, {
        token: token(who),
        body: { status: 'partially_paid' },
      });
      // no session: 401; a member's session: 403 (signed in, but not an admin)
      expect(push.status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const pushed = await t.call('POST', `/nowpayments/sandbox/${p.payment_id}/status`, {
      token: s.admin,
      body: { status: 'partially_paid' },
    });
    expect(pushed.status, pushed.raw).toBe(200);
    expect(pushed.body).toMatchObject({
      message: 'Sandbox payment moved to partially_paid',
      payment: { payment_status: 'partially_paid', actually_paid: 15 },
    });
    // it came back as a signed IPN from the sandbox
    const detail = await t.call('GET', `/nowpayments/payments/${p.payment_id}`, { token: s.admin });
    expect(detail.body.history.at(-1)).toMatchObject({
      source: 'ipn',
      status: 'partially_paid',
      accepted: true,
    });
    for (const who of ['anonymous', 'memberA', 'memberB'] as const) {
      const settle = await t.call('POST', `/nowpayments/payments/${p.payment_id}/settle`, {
        token: token(who),
        body: { amount: 15, reason: 'paid half' },
      });
      expect(settle.status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const settled = await t.call('POST', `/nowpayments/payments/${p.payment_id}/settle`, {
      token: s.admin,
      body: { amount: 15, reason: 'paid half' },
    });
    expect(settled.status).toBe(200);
    const audits = await t.db.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [
      p.payment_id,
    ]);
    expect(audits.rows.map((r) => r.action)).toEqual(['payment.sandbox_push', 'payment.settle']);
    // a payment without a decision to take cannot be settled
    const open = await t.call('POST', `/nowpayments/payments/${paymentA.payment_id}/settle`, {
      token: s.admin,
      body: { amount: 1, reason: 'no reason' },
    });
    expect(open.status).toBe(409);
  });

  it('the IPN route is public but answers only to a valid signature', async () => {
    const res = await sendIpn(
      t,
      { payment_id: Number(paymentA.payment_id), payment_status: 'finished' },
      null,
    );
    expect(res).toMatchObject({ status: 401, body: { message: 'Invalid IPN signature' } });
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nowpayments/ipn',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('refuses bad amounts and currencies with a clear 400 and creates nothing', async () => {
    // a member of their own: every create-payment counts against one account's budget (10 in 10 minutes)
    const c = await t.register(a.code);
    const before = await count();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ price_amount: 0 }, /greater than zero/],
      [{ price_amount: -5 }, /Enter an amount of 0 or more/],
      [{ price_amount: 'abc' }, /Enter a number/],
      [{ price_amount: 10.123 }, /at most 2 decimals/],
      [{ price_amount: 2_000_000 }, /at most 1,000,000/],
      [{ price_amount: undefined }, /price_amount/],
      [{ pay_currency: 'btc' }, /Only usdtbsc/],
      [{ price_currency: 'eur' }, /Only usd/],
      [{ id: 'me' }, /id/],
      [{ extra: true }, /extra|Unrecognized/i],
    ];
    for (const [over, message] of cases) {
      const res = await t.call('POST', '/nowpayments/create-payment', {
        token: c.token,
        body: body(c.id, over),
      });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message, JSON.stringify(over)).toMatch(message);
    }
    const settle = await t.call('POST', `/nowpayments/payments/${paymentA.payment_id}/settle`, {
      token: s.admin,
      body: { amount: -1, reason: 'x' },
    });
    expect(settle.status).toBe(400);
    const push = await t.call('POST', `/nowpayments/sandbox/${paymentA.payment_id}/status`, {
      token: s.admin,
      body: { status: 'paid' },
    });
    expect(push.status).toBe(400);
    expect(await count()).toBe(before);

    // those ten spent the member's budget: the eleventh call in 10 minutes is refused, even a good one
    const eleventh = await t.call('POST', '/nowpayments/create-payment', {
      token: c.token,
      body: body(c.id),
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(/Too many requests/);
    expect(await count()).toBe(before);
    t.clock.advance(10 * 60_000 + 1000);
    const later = await t.call('POST', '/nowpayments/create-payment', { token: c.token, body: body(c.id) });
    expect(later.status, later.raw).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
