import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

/**
 * Issue 29.6: a member is told of a transfer received, a support reply and a withdrawal requested,
 * and chooses their own minimum for income notifications, with the platform's as the default.
 */
let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
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
const usernameOf = async (m: Member) =>
  (await t.call('GET', `/users/${m.id}`, { token: m.token })).body.singleuser.username as string;

/** A verified member with `amount` in their fund wallet (an approved admin deposit). */
async function funded(amount: number, sponsor = root) {
  const m = await t.register(sponsor.code);
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  await t.call('PUT', `/deposite/${dep.body.deposite.id}`, { token: admin, body: { status: 'approved' } });
  return m;
}

describe('notifications of what happens to a member', () => {
  it('tells the recipient of a transfer who sent it, once, and not the sender', async () => {
    const a = await funded(50);
    const b = await t.register(root.code);
    const body = { amount: 12.5, password: a.password, recipient: b.code };
    for (let i = 0; i < 2; i++) {
      const sent = await t.call('POST', '/transfer/friend', {
        token: a.token,
        body,
        idempotencyKey: 'gift-0001',
      });
      expect(sent.status, sent.raw).toBe(201);
    }
    expect(await notesOf(b)).toEqual([
      {
        title: 'Transfer received',
        message: `${await usernameOf(a)} sent you 12.50 USDT: it is in your fund wallet.`,
      },
    ]);
    expect((await notesOf(a)).map((n) => n.title)).toEqual(['Deposit received']);
  });

  it('tells the member of their withdrawal request, with what will be sent', async () => {
    const m = await t.register(root.code);
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: `0x${'c'.repeat(40)}` } });
    // a manual credit takes two admins (issue 36): the owner asks, a finance admin approves
    const second = await secondEyes(t);
    await adjustByTwo(
      t,
      { ask: admin, approve: second.token },
      { user_id: m.id, wallet: 'earnings', amount: 100 },
    );
    const asked = await t.call('POST', '/withdrawalrequest/add', {
      token: m.token,
      body: { amount: 40, password: m.password },
    });
    expect(asked.status, asked.raw).toBe(201);
    expect(await notesOf(m)).toEqual([
      {
        title: 'Withdrawal requested',
        message:
          'Your profit withdrawal of 40.00 USDT is waiting for approval; 36.00 USDT will be sent to your address after the fee. The amount is held from your profit wallet until then.',
      },
    ]);
  });

  it('tells the member of every support reply, not of their own messages', async () => {
    const m = await t.register(root.code);
    const created = await t.call('POST', '/tickets', {
      token: m.token,
      body: { subject: 'Where is my deposit?', message: 'I sent 100 USDT an hour ago.' },
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.ticket.ticket_id ?? created.body.ticket.id;
    const reply = (token: string, message: string) =>
      t.call('POST', `/tickets/${id}/responses`, { token, body: { message } });
    expect((await reply(admin, 'It is confirmed now.')).status).toBe(201);
    expect((await reply(m.token, 'Thanks, I see it.')).status).toBe(201);
    expect((await reply(admin, 'Glad to help.')).status).toBe(201);
    const message = `Support answered your ticket #${id} "Where is my deposit?". Open Support to read the reply.`;
    expect(await notesOf(m)).toEqual([
      { title: 'Support replied', message },
      { title: 'Support replied', message },
    ]);
  });

  it("notifies incomes from the member's own minimum, the platform's by default", async () => {
    const sponsor = await funded(100);
    expect(
      (await t.call('POST', '/topup/add', { token: sponsor.token, body: { plan_id: planId, amount: 100 } }))
        .status,
    ).toBe(201);
    const settings = () => t.call('GET', '/notifications/settings', { token: sponsor.token });
    expect((await settings()).body).toEqual({
      prefs: { income_notify_min: null, platform_income_notify_min: 10 },
    });
    const buyer = async () => {
      const m = await funded(100, sponsor);
      const res = await t.call('POST', '/topup/add', {
        token: m.token,
        body: { plan_id: planId, amount: 100 },
      });
      expect(res.status, res.raw).toBe(201);
    };
    const incomes = async () => (await notesOf(sponsor)).filter((n) => n.title.endsWith('paid'));
    await buyer(); // 5 USDT referral income: under the platform's 10
    expect(await incomes()).toEqual([]);

    const set = (value: unknown, token = sponsor.token) =>
      t.call('PUT', '/notifications/settings', { token, body: { income_notify_min: value } });
    const saved = await set(0);
    expect(saved.body).toEqual({
      message: 'Notification settings saved',
      prefs: { income_notify_min: 0, platform_income_notify_min: 10 },
    });
    await buyer();
    expect(await incomes()).toEqual([
      { title: 'Referral income paid', message: '5.00 USDT of referral income was credited to you.' },
    ]);
    // back to the platform's: the next 5 USDT is not told again
    expect((await set(null)).body.prefs.income_notify_min).toBeNull();
    await buyer();
    expect(await incomes()).toHaveLength(1);

    expect((await set('abc')).status).toBe(400);
    expect((await set(-1)).status).toBe(400);
    expect((await set(5, admin)).status).toBe(403);
    expect((await t.call('GET', '/notifications/settings', { token: admin })).status).toBe(403);
  });
});
