import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import type { TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';
import { createPayment, ipnBody, type PaymentsTest, sendIpn, setupPayments } from './payments-fixtures.js';
import { payoutHash } from './payout-hashes.js';

/**
 * Issue 14.6: a member hears of their own money in /user/notifications: a deposit credited (admin,
 * crypto payment), a withdrawal approved or rejected, an income paid of at least the
 * `income_notify_min` setting. Written with the event, once per event however often it runs.
 */
let s: PaymentsTest;
let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;
let planId: number;
const BEP20 = `0x${'b'.repeat(40)}`;

beforeAll(async () => {
  s = await setupPayments();
  t = s.t;
  admin = s.admin;
  root = await t.register();
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Core', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
});
afterAll(async () => t.close());

type Note = { title: string; message: string };
const notesOf = async (m: Member): Promise<Note[]> => {
  const res = await t.call('GET', `/notifications/user/${m.id}`, { token: m.token });
  expect(res.status, res.raw).toBe(200);
  return res.body.notifications.map((n: Note) => ({ title: n.title, message: n.message }));
};

async function approvedDeposit(m: Member, amount: number) {
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  const res = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(res.status, res.raw).toBe(200);
}

describe('notifications of a member’s own money', () => {
  it('tells the member of a deposit an admin approved, and no one else', async () => {
    const m = await t.register(root.code);
    const other = await t.register(root.code);
    await approvedDeposit(m, 250);
    expect(await notesOf(m)).toEqual([
      { title: 'Deposit received', message: '250.00 USDT was added to your fund wallet.' },
    ]);
    expect(await notesOf(other)).toEqual([]);
    // the admin's own notification list is what admins wrote, not the members' events
    const list = await t.call('GET', '/notifications', { token: admin });
    expect(list.body.notifications.map((n: Note) => n.title)).not.toContain('Deposit received');
  });

  it('tells of a crypto payment once, with its IPN sent 10 times at once and the status screen racing', async () => {
    const m = await t.register(root.code);
    const p = await createPayment(t, m, 40);
    const body = ipnBody(p, 'finished');
    await Promise.all([
      ...Array.from({ length: 10 }, () => sendIpn(t, body)),
      t.call('GET', `/nowpayments/payment-status/${p.payment_id}`, { token: m.token }),
    ]);
    expect(await notesOf(m)).toEqual([
      { title: 'Deposit received', message: '40.00 USDT was added to your fund wallet.' },
    ]);
    // a payment that failed credits nothing and says nothing
    const failed = await createPayment(t, m, 9);
    expect((await sendIpn(t, ipnBody(failed, 'failed'))).status).toBe(200);
    expect(await notesOf(m)).toHaveLength(1);
  });

  it('tells of a withdrawal approved and of one rejected, each once', async () => {
    const m = await t.register(root.code);
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
    // a manual credit takes two admins (issue 36): the owner asks, a finance admin approves
    const second = await secondEyes(t);
    await adjustByTwo(
      t,
      { ask: admin, approve: second.token },
      { user_id: m.id, wallet: 'earnings', amount: 200 },
    );
    const ask = async (amount: number) =>
      (
        await t.call('POST', '/withdrawalrequest/add', {
          token: m.token,
          body: { amount, password: m.password },
        })
      ).body.withdrawal.id;
    const paid = await ask(100);
    const refused = await ask(50);
    for (let i = 0; i < 2; i++) {
      await t.call('PUT', `/withdrawalrequest/${paid}`, {
        token: admin,
        body: { status: 'approved', tx_hash: payoutHash('notified') },
      });
      await t.call('PUT', `/withdrawalrequest/${refused}`, {
        token: admin,
        body: { status: 'rejected', reason: 'Address on a sanctions list' },
      });
    }
    // (each request is told too: member-notifications-events.test.ts)
    expect((await notesOf(m)).filter((n) => n.title !== 'Withdrawal requested')).toEqual([
      {
        title: 'Withdrawal rejected',
        message:
          'Your profit withdrawal of 50.00 USDT was rejected; the amount is back in your profit wallet. Reason: Address on a sanctions list',
      },
      {
        title: 'Withdrawal paid',
        message: 'Your profit withdrawal of 100.00 USDT is paid: 90.00 USDT was sent to your address.',
      },
    ]);
  });

  it('tells of an income from the setting’s minimum (10 USDT by default), not of a smaller one', async () => {
    const sponsor = await t.register(root.code);
    await approvedDeposit(sponsor, 100);
    expect(
      (await t.call('POST', '/topup/add', { token: sponsor.token, body: { plan_id: planId, amount: 100 } }))
        .status,
    ).toBe(201);
    const buyer = async (amount: number) => {
      const m = await t.register(sponsor.code);
      await approvedDeposit(m, amount);
      const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
      expect(res.status, res.raw).toBe(201);
    };
    await buyer(100); // 5 % referral income: 5 USDT, under 10
    await buyer(400); // 20 USDT
    const incomes = (await notesOf(sponsor)).filter((n) => n.title.endsWith('paid'));
    expect(incomes).toEqual([
      { title: 'Referral income paid', message: '20.00 USDT of referral income was credited to you.' },
    ]);
    // with the minimum at 0, every income is told
    expect((await t.call('PUT', '/settings', { token: admin, body: { income_notify_min: 0 } })).status).toBe(
      200,
    );
    await buyer(100);
    expect((await notesOf(sponsor)).filter((n) => n.title.endsWith('paid'))).toHaveLength(2);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
