import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { signIpn } from '../../src/modules/crypto/payments/ipn.js';
import type { TestApp } from '../helpers.js';
import { approve, secondEyes } from './approval-fixtures.js';
import {
  createPayment,
  fundOf,
  historyOf,
  IPN_SECRET,
  ipnBody,
  type PaymentsTest,
  paymentCredits,
  STEP_SECONDS,
  sendIpn,
  setupPayments,
  statusOf,
} from './payments-fixtures.js';

let s: PaymentsTest;
let t: TestApp;
let a: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  s = await setupPayments();
  t = s.t;
  a = await t.register();
});
afterAll(async () => t.close());

const M = 1_000_000n;

describe('the sandbox provider end to end', () => {
  it('moves a payment waiting -> finished on its timer, its signed IPNs credit the fund once', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 25);
    expect(p).toMatchObject({ payment_status: 'waiting', price_amount: 25, pay_amount: 25 });
    expect(p.pay_address).toMatch(/^0x[0-9a-f]{40}$/);
    for (const expected of ['confirming', 'confirmed', 'sending', 'finished']) {
      t.clock.advance(STEP_SECONDS * 1000);
      await t.jobs.run('payments-sandbox');
      expect(await statusOf(t, p.payment_id)).toBe(expected);
    }
    expect(await fundOf(t, member.id)).toBe(25n * M);
    // the timer keeps ticking: nothing more is sent or credited
    t.clock.advance(STEP_SECONDS * 1000);
    await t.jobs.run('payments-sandbox');
    expect(await fundOf(t, member.id)).toBe(25n * M);
    const history = await historyOf(t, p.payment_id);
    expect(history.map((e) => [e.source, e.status])).toEqual([
      ['create', 'waiting'],
      ['ipn', 'confirming'],
      ['ipn', 'confirmed'],
      ['ipn', 'sending'],
      ['ipn', 'finished'],
    ]);
    const status = await t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, {
      token: member.token,
    });
    expect(status.body).toMatchObject({ payment_status: 'finished', credited_amount: 25, actually_paid: 25 });
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});

describe('the IPN callback', () => {
  it('credits once for a valid signature, and once for the same IPN 20 times at once', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 40.5);
    const body = ipnBody(p, 'finished');
    const first = await sendIpn(t, body);
    expect(first.status).toBe(200);
    expect(await fundOf(t, member.id)).toBe(40_500_000n);

    const other = await createPayment(t, member, 12);
    const burst = await Promise.all(Array.from({ length: 20 }, () => sendIpn(t, ipnBody(other, 'finished'))));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await fundOf(t, member.id)).toBe(52_500_000n);
    const credits = (await paymentCredits(t)).filter((c) => c.amount === 12n * M || c.amount === 40_500_000n);
    expect(credits).toHaveLength(2);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('credits once when the IPN and the polling job (and the status screen) race', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 30);
    // the provider has the money; its IPN and our polling arrive together
    await t.db.query(
      `UPDATE sandbox_payments SET status = 'finished', actually_paid = pay_amount, auto = false WHERE payment_id = $1`,
      [p.payment_id],
    );
    t.clock.advance(3 * 60_000);
    const [ipn] = await Promise.all([
      sendIpn(t, ipnBody(p, 'finished')),
      t.jobs.run('payments-poll'),
      t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, { token: member.token }),
      sendIpn(t, ipnBody(p, 'finished')),
    ]);
    expect(ipn.status).toBe(200);
    expect(await statusOf(t, p.payment_id)).toBe('finished');
    expect(await fundOf(t, member.id)).toBe(30n * M);
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM transfers t JOIN provider_payments p ON t.ref_id = p.id::text
       WHERE t.ref_type = 'provider_payment' AND p.payment_id = $1`,
      [p.payment_id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a wrong signature, a tampered nested field, an unknown payment, another currency or amount', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 20);
    const body = ipnBody(p, 'finished');
    const refusals: Array<[string, Awaited<ReturnType<typeof sendIpn>>, number]> = [
      ['no signature', await sendIpn(t, body, null), 401],
      ['signed with another secret', await sendIpn(t, body, signIpn(body, 'another-secret')), 401],
      ['not hex', await sendIpn(t, body, 'z'.repeat(128)), 401],
      ['truncated', await sendIpn(t, body, signIpn(body, IPN_SECRET).slice(0, 64)), 401],
    ];
    const signed = signIpn(body, IPN_SECRET);
    const tampered = { ...body, fee: { ...body.fee, serviceFee: 5 } };
    refusals.push(['tampered nested field', await sendIpn(t, tampered, signed), 401]);
    refusals.push(['tampered amount', await sendIpn(t, { ...body, actually_paid: 999 }, signed), 401]);
    refusals.push(['unknown payment', await sendIpn(t, { ...body, payment_id: 1 }), 404]);
    refusals.push(['other pay currency', await sendIpn(t, { ...body, pay_currency: 'btc' }), 400]);
    refusals.push(['other price currency', await sendIpn(t, { ...body, price_currency: 'eur' }), 400]);
    refusals.push(['other price amount', await sendIpn(t, { ...body, price_amount: 2000 }), 400]);
    refusals.push(['other pay amount', await sendIpn(t, { ...body, pay_amount: 2000 }), 400]);
    refusals.push(['other order', await sendIpn(t, { ...body, order_id: 'EH-1-x' }), 400]);
    refusals.push(['unknown status', await sendIpn(t, { ...body, payment_status: 'paid' }), 400]);
    for (const [what, res, code] of refusals) expect(res.status, what).toBe(code);
    expect(await fundOf(t, member.id)).toBe(0n);
    expect(await statusOf(t, p.payment_id)).toBe('waiting');
    // refusals with a valid signature are on the payment's history; the unknown one is kept apart
    const history = await historyOf(t, p.payment_id);
    expect(history.filter((e) => !e.accepted).map((e) => e.note)).toEqual([
      'Refused: pay currency differs',
      'Refused: price currency differs',
      'Refused: price amount differs',
      'Refused: pay amount differs',
      'Refused: order id differs',
      'Refused: unknown status "paid"',
    ]);
    const unknown = await t.db.query(
      `SELECT note FROM provider_payment_events WHERE payment_ref IS NULL AND payment_id = '1'`,
    );
    expect(unknown.rows.map((r) => r.note)).toEqual(['Refused: unknown payment']);
    // the genuine IPN still works afterwards
    expect((await sendIpn(t, body)).status).toBe(200);
    expect(await fundOf(t, member.id)).toBe(20n * M);
  });

  it('never lets a status arriving out of order undo a final one or step back', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 15);
    expect((await sendIpn(t, ipnBody(p, 'sending'))).status).toBe(200);
    expect((await sendIpn(t, ipnBody(p, 'confirming'))).status).toBe(200);
    expect(await statusOf(t, p.payment_id)).toBe('sending');
    await sendIpn(t, ipnBody(p, 'finished'));
    for (const late of ['confirming', 'waiting', 'failed', 'expired', 'partially_paid', 'refunded']) {
      const res = await sendIpn(t, ipnBody(p, late));
      expect(res.status, late).toBe(200);
      expect(res.body.message).toBe('OK (ignored: already finished)');
    }
    expect(await statusOf(t, p.payment_id)).toBe('finished');
    expect(await fundOf(t, member.id)).toBe(15n * M);

    const failed = await createPayment(t, member, 10);
    await sendIpn(t, ipnBody(failed, 'failed'));
    await sendIpn(t, ipnBody(failed, 'finished'));
    expect(await statusOf(t, failed.payment_id)).toBe('failed');
    expect(await fundOf(t, member.id)).toBe(15n * M);
    expect((await historyOf(t, failed.payment_id)).at(-1)).toMatchObject({
      status: 'finished',
      accepted: false,
      note: 'Ignored: the payment is already failed',
    });
  });
});

describe('payments that need a decision', () => {
  it('a partially paid payment waits for an admin, who settles it once (audited)', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 50);
    await sendIpn(t, ipnBody(p, 'partially_paid', { actually_paid: 20 }));
    const review = await t.call('GET', '/nowpayments/payments?review=true', { token: s.admin });
    expect(review.body.payments.map((x: { payment_id: string }) => x.payment_id)).toContain(p.payment_id);
    const url = `/nowpayments/payments/${p.payment_id}/settle`;
    const tooMuch = await t.call('POST', url, { token: s.admin, body: { amount: 50.01, reason: 'paid 20' } });
    expect(tooMuch.status).toBe(400);
    expect((await t.call('POST', url, { token: s.admin, body: { amount: 20, reason: '' } })).status).toBe(
      400,
    );
    const settled = await t.call('POST', url, {
      token: s.admin,
      body: { amount: 20, reason: 'customer paid 20' },
    });
    expect(settled.status, settled.raw).toBe(200);
    expect(settled.body.payment).toMatchObject({
      credited_amount: 20,
      review: null,
      payment_status: 'partially_paid',
    });
    expect(
      (await t.call('POST', url, { token: s.admin, body: { amount: 20, reason: 'again' } })).status,
    ).toBe(409);
    // the rest arrives later: finished, but the settlement already credited this payment
    await sendIpn(t, ipnBody(p, 'finished'));
    expect(await statusOf(t, p.payment_id)).toBe('finished');
    expect(await fundOf(t, member.id)).toBe(20n * M);
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE action = 'payment.settle'`);
    expect(audit.rows[0].after).toMatchObject({ credited_amount: 20, reason: 'customer paid 20' });
    expect(audit.rows[0].before).toMatchObject({ credited_amount: null });
  });

  it("a settlement past one admin's limits waits for a second admin (issue 36), then credits once", async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 1500);
    await sendIpn(t, ipnBody(p, 'partially_paid', { actually_paid: 1200 }));
    const url = `/nowpayments/payments/${p.payment_id}/settle`;
    const asked = await t.call('POST', url, { token: s.admin, body: { amount: 1200, reason: 'paid 1200' } });
    expect(asked.status, asked.raw).toBe(202);
    expect(asked.body.approval).toMatchObject({ kind: 'payment', user_id: member.id, amount: 1200 });
    expect(asked.body.approval.summary).toContain('above the four-eyes amount');
    expect(await fundOf(t, member.id)).toBe(0n);
    const second = await secondEyes(t);
    await approve(t, second.token, asked);
    expect(await fundOf(t, member.id)).toBe(1200n * M);
    const again = await t.call('POST', url, { token: s.admin, body: { amount: 1200, reason: 'again' } });
    expect(again.status).toBe(409);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('a payment the provider opens for one of ours (parent_payment_id) is recorded, not credited', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 10);
    const child = ipnBody(p, 'finished', {
      payment_id: 7000000001,
      parent_payment_id: Number(p.payment_id),
      price_amount: 10,
      pay_amount: 10,
      actually_paid: 10,
    });
    expect((await sendIpn(t, child)).status).toBe(200);
    expect((await sendIpn(t, child)).status).toBe(200);
    expect(await fundOf(t, member.id)).toBe(0n);
    const detail = await t.call('GET', `/nowpayments/payments/${p.payment_id}`, { token: s.admin });
    expect(detail.body.children).toHaveLength(1);
    expect(detail.body.children[0]).toMatchObject({
      payment_id: '7000000001',
      parent_payment_id: p.payment_id,
      payment_status: 'finished',
      credited_amount: null,
    });
    expect(detail.body.children[0].review).toMatch(/settle by hand/);
    const settle = await t.call('POST', '/nowpayments/payments/7000000001/settle', {
      token: s.admin,
      body: { amount: 10, reason: 'late payment checked on chain' },
    });
    expect(settle.status, settle.raw).toBe(200);
    expect(await fundOf(t, member.id)).toBe(10n * M);
    // an unknown parent is an unknown payment
    const orphan = ipnBody(p, 'finished', { payment_id: 7000000002, parent_payment_id: 42 });
    expect((await sendIpn(t, orphan)).status).toBe(404);
  });
});

describe('expiry and the deposits switch', () => {
  it('expires a payment still waiting after its expiry, yet credits it if the provider later says finished', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 11);
    t.clock.advance(26 * 3600_000);
    // the sandbox expires its own payment on its next tick; here only our job runs
    await t.db.query(`UPDATE sandbox_payments SET auto = false WHERE payment_id = $1`, [p.payment_id]);
    await t.db.query(
      `UPDATE sandbox_payments SET expires_at = expires_at + interval '10 days' WHERE payment_id = $1`,
      [p.payment_id],
    );
    await t.jobs.run('payments-poll');
    expect(await statusOf(t, p.payment_id)).toBe('expired');
    expect((await historyOf(t, p.payment_id)).at(-1)).toMatchObject({ source: 'expiry', status: 'expired' });
    expect((await sendIpn(t, ipnBody(p, 'finished'))).status).toBe(200);
    expect(await statusOf(t, p.payment_id)).toBe('finished');
    expect(await fundOf(t, member.id)).toBe(11n * M);
  });

  it('closed deposits refuse new payments but still credit money that already arrived', async () => {
    const member = await t.register(a.code);
    const p = await createPayment(t, member, 9);
    const admin = await t.adminToken(); // the clock has moved past the first admin session
    const closed = await t.call('PUT', '/settings', { token: admin, body: { deposits_open: false } });
    expect(closed.status, closed.raw).toBe(200);
    try {
      const refused = await t.call('POST', '/nowpayments/create-payment', {
        token: member.token,
        body: { price_amount: 9, price_currency: 'usd', pay_currency: 'usdtbsc', id: member.id },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Deposits are closed/);
      expect((await sendIpn(t, ipnBody(p, 'finished'))).status).toBe(200);
      expect(await fundOf(t, member.id)).toBe(9n * M);
    } finally {
      await t.call('PUT', '/settings', { token: admin, body: { deposits_open: true } });
    }
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
