import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, approve, issueCodesByTwo, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let admin: string;
/** The second finance admin, two days on the team: approves what `admin` asks (issue 36). */
let eyes: Awaited<ReturnType<typeof secondEyes>>;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  eyes = await secondEyes(t);
  root = await t.register();
});
const byTwo = () => ({ ask: admin, approve: eyes.token });
const codeCount = async (where = 'true', params: unknown[] = []) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM codes WHERE ${where}`, params)).rows[0].n as number;
afterAll(async () => t.close());

async function verified(credit: { wallet: string; amount: number } | null = null) {
  const m = await t.register(root.code);
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  if (credit) {
    await adjustByTwo(t, byTwo(), { user_id: m.id, wallet: credit.wallet, amount: credit.amount });
  }
  return m;
}
const user = async (m: Member) => (await t.call('GET', `/users/${m.id}`, { token: m.token })).body.singleuser;

describe('transfers', () => {
  it('moves own earnings to own fund with the password', async () => {
    const m = await verified({ wallet: 'earnings', amount: 80 });
    const wrong = await t.call('POST', '/transfer/touser', {
      token: m.token,
      body: { amount: 30, password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Password is incorrect' } });
    const ok = await t.call('POST', '/transfer/touser', {
      token: m.token,
      body: { amount: 30, password: m.password },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.transfer).toMatchObject({
      kind: 'to_self',
      from_wallet: 'earnings',
      to_wallet: 'fund',
      amount: 30,
    });
    expect((await user(m)).business_balance).toBe(30);
  });

  it('sends fund to a friend by username or referral code, and both see it', async () => {
    const a = await verified({ wallet: 'fund', amount: 100 });
    const b = await verified();
    const sent = await t.call('POST', '/transfer/friend', {
      token: a.token,
      body: { amount: 40, password: a.password, recipient: b.code },
    });
    expect(sent.body.transfer).toMatchObject({
      kind: 'to_friend',
      from_user_id: a.id,
      to_user_id: b.id,
      amount: 40,
    });
    expect((await user(a)).business_balance).toBe(60);
    expect((await user(b)).business_balance).toBe(40);
    expect((await t.call('GET', `/transfer/byid/${sent.body.transfer.id}`, { token: b.token })).status).toBe(
      200,
    );
    const stranger = await verified();
    expect(
      (await t.call('GET', `/transfer/byid/${sent.body.transfer.id}`, { token: stranger.token })).status,
    ).toBe(403);
    expect((await t.call('GET', '/transfer/list', { token: b.token })).body.alltransfer).toHaveLength(1);
    expect((await t.call('GET', '/transfer/list', { token: stranger.token })).body.alltransfer).toHaveLength(
      0,
    );
  });

  it('refuses unverified or blocked senders, overdrafts, self-sends and bad amounts, changing nothing', async () => {
    const unverified = await t.register(root.code);
    expect(
      (
        await t.call('POST', '/transfer/touser', {
          token: unverified.token,
          body: { amount: 1, password: unverified.password },
        })
      ).body.message,
    ).toBe('Verify your email before transferring');
    const a = await verified({ wallet: 'fund', amount: 10 });
    const b = await verified();
    const over = await t.call('POST', '/transfer/friend', {
      token: a.token,
      body: { amount: 11, password: a.password, recipient: b.code },
    });
    expect(over.body.message).toBe('Insufficient balance in your fund wallet');
    // issue 29.7: the refusal names the section as the Transfers page titles it
    const toSelf = await t.call('POST', '/transfer/friend', {
      token: a.token,
      body: { amount: 1, password: a.password, recipient: a.code },
    });
    expect(toSelf.status).toBe(400);
    expect(toSelf.body.message).toBe(
      'You cannot send money to yourself. To move money between your own wallets, use "Earnings to fund wallet".',
    );
    for (const amount of [-1, 0, 1.0000001, 'abc']) {
      expect(
        (
          await t.call('POST', '/transfer/friend', {
            token: a.token,
            body: { amount, password: a.password, recipient: b.code },
          })
        ).status,
      ).toBe(400);
    }
    expect((await user(a)).business_balance).toBe(10);
    expect(
      (
        await t.call('POST', '/transfer/friend', {
          token: admin,
          body: { amount: 1, password: 'x', recipient: b.code },
        })
      ).status,
    ).toBe(403);
  });

  it('settles transfers in opposite directions at once without deadlock or loss', async () => {
    const a = await verified({ wallet: 'fund', amount: 50 });
    const b = await verified({ wallet: 'fund', amount: 50 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [from, to] = i % 2 ? [a, b] : [b, a];
        return t.call('POST', '/transfer/friend', {
          token: from.token,
          body: { amount: 2, password: from.password, recipient: to.code },
        });
      }),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await user(a)).business_balance).toBe(50);
    expect((await user(b)).business_balance).toBe(50);
  });
});

describe('activation codes', () => {
  it('are issued by two admins, redeemed once even with 20 redemptions racing', async () => {
    // one admin asks: nothing is issued until a second finance admin approves
    const asked = await t.call('POST', '/codes', { token: admin, body: { count: 3, value: 25 } });
    expect(asked.status, asked.raw).toBe(202);
    expect(asked.body.approval).toMatchObject({ kind: 'codes', status: 'pending', amount: 75 });
    expect(await codeCount()).toBe(0);
    const approved = await approve(t, eyes.token, asked);
    expect(approved.body.message).toBe('Approved: 3 activation codes issued');
    const issued = (await t.call('GET', '/codes', { token: admin })).body.codes;
    expect(issued).toHaveLength(3);
    const code = issued[0].code as string;
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    const m = await verified();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call('POST', '/codes/redeem', { token: m.token, body: { code } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect((await user(m)).business_balance).toBe(25);
    const used = await t.call('GET', '/codes?used=true', { token: admin });
    expect(used.body.codes).toEqual([expect.objectContaining({ code, used_by: m.id, value: 25 })]);
    expect((await t.call('GET', '/codes?used=false', { token: admin })).body.total).toBe(2);
    expect((await t.call('GET', '/codes', { token: m.token })).status).toBe(403);
    expect((await t.call('POST', '/codes', { token: m.token, body: { count: 1, value: 5 } })).status).toBe(
      403,
    );
  });

  it('asks one batch per Idempotency-Key when an admin retries, issued once', async () => {
    const issue = () =>
      t.call('POST', '/codes', {
        token: admin,
        body: { count: 2, value: 7 },
        idempotencyKey: 'codes-retry-001',
      });
    const [first, second] = await Promise.all([issue(), issue()]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.approval.id).toBe(first.body.approval.id);
    await approve(t, eyes.token, first);
    const again = await t.call('POST', `/approvals/${second.body.approval.id}/approve`, {
      token: eyes.token,
    });
    expect(again.status).toBe(409);
    expect(await codeCount('value = 7000000')).toBe(2);
  });

  it("accepts the spec's own request, a list of codes, worth the activation fee", async () => {
    const issued = await t.call('POST', '/codes', {
      token: admin,
      body: { codes: ['AUDIT1234', 'spec-less2'] },
    });
    expect(issued.status, issued.raw).toBe(400); // a dash is not a code character
    const ok = await issueCodesByTwo(t, byTwo(), { codes: ['AUDIT1234', ' audit5678 '] });
    // stored as redemption compares them: upper case, trimmed; worth the activation fee (10 USDT by default)
    expect(ok).toEqual([
      expect.objectContaining({ code: 'AUDIT1234', value: 10, used_by: null }),
      expect.objectContaining({ code: 'AUDIT5678', value: 10, used_by: null }),
    ]);
    const priced = await issueCodesByTwo(t, byTwo(), { codes: ['PRICED0001'], value: 40 });
    expect(priced).toEqual([expect.objectContaining({ code: 'PRICED0001', value: 40 })]);
    const m = await verified();
    t.clock.advance(10 * 60_000); // past the redemption limit the race above used up
    expect(
      (await t.call('POST', '/codes/redeem', { token: m.token, body: { code: 'audit1234' } })).status,
    ).toBe(200);
    expect((await user(m)).business_balance).toBe(10);
  });

  it('refuses a code that exists or is listed twice, and then creates none of the list', async () => {
    const before = await codeCount();
    // a code that exists is found when the approval issues them: nothing is created, the request stays
    const asked = await t.call('POST', '/codes', {
      token: admin,
      body: { codes: ['FRESH0001', 'audit1234'] },
    });
    expect(asked.status, asked.raw).toBe(202);
    const taken = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: eyes.token });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Code AUDIT1234 already exists' } });
    const twice = await t.call('POST', '/codes', {
      token: admin,
      body: { codes: ['FRESH0002', 'fresh0002'] },
    });
    expect(twice).toMatchObject({ status: 400, body: { message: 'codes: FRESH0002 is listed twice' } });
    for (const body of [
      { codes: [] },
      { codes: ['SHORT'] },
      { codes: ['AUDIT9999'], count: 1, value: 5 },
      { codes: 'AUDIT9999' },
      { codes: ['AUDIT9999'], value: 0 },
      {},
    ]) {
      const res = await t.call('POST', '/codes', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // two requests for the same new code approved at once: one batch is created, the other is told
    const requests = await Promise.all(
      [1, 2].map(() => t.call('POST', '/codes', { token: admin, body: { codes: ['RACED0001'], value: 5 } })),
    );
    expect(requests.map((r) => r.status)).toEqual([202, 202]);
    expect(requests[0]!.body.approval.id).not.toBe(requests[1]!.body.approval.id);
    const racing = await Promise.all(
      requests.map((r) => t.call('POST', `/approvals/${r.body.approval.id}/approve`, { token: eyes.token })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await codeCount()).toBe(before + 1);
  });

  it('answers a retried list with the same request (Idempotency-Key), creating the codes once', async () => {
    const issue = () =>
      t.call('POST', '/codes', {
        token: admin,
        body: { codes: ['RETRY0001'] },
        idempotencyKey: 'codes-list-001',
      });
    const first = await issue();
    const second = await issue();
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.approval).toEqual(first.body.approval);
    await approve(t, eyes.token, second);
    expect(await codeCount('code = $1', ['RETRY0001'])).toBe(1);
  });

  it('keeps the ledger reconciled', async () => {
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
