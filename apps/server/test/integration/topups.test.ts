import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let planId: number;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Growth', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
});
afterAll(async () => t.close());

async function fund(m: Member, amount: number) {
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  await t.call('PUT', `/deposite/${dep.body.deposite.id}`, { token: admin, body: { status: 'approved' } });
}
const me = async (m: Member) => (await t.call('GET', `/users/${m.id}`, { token: m.token })).body.singleuser;
const buy = (m: Member, body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/topup/add',
    headers: { authorization: `Bearer ${m.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

describe('buying a plan', () => {
  it('moves fund to principal, activates the member and records the events', async () => {
    const m = await t.register(root.code);
    await fund(m, 1000);
    const res = await buy(m, { plan_id: planId, amount: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json().topup).toMatchObject({
      kind: 'purchase',
      payer_id: m.id,
      user_id: m.id,
      plan_id: planId,
      plan_name: 'Growth',
      amount: 400,
      status: 'done',
    });
    expect(await me(m)).toMatchObject({
      business_balance: 600,
      active_plan: 400,
      is_active: 'active',
      plan_id: planId,
      activation_date: t.clock.now().toISOString(),
    });
    const events = await t.db.query('SELECT kind, amount FROM tree_events WHERE user_id = $1 ORDER BY id', [
      m.id,
    ]);
    expect(events.rows).toEqual([
      { kind: 'joined', amount: 0n },
      { kind: 'invested', amount: 400_000_000n },
      { kind: 'activated', amount: 0n },
    ]);
  });

  it('refuses amounts outside the plan and more than the fund holds, changing nothing', async () => {
    const m = await t.register(root.code);
    await fund(m, 150);
    for (const amount of [99.99, 10000.01, -1, 0, '1e3', 1.0000001]) {
      const res = await buy(m, { plan_id: planId, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const broke = await buy(m, { plan_id: planId, amount: 200 });
    // issue 38: the values of the message beside its code, for the member's language
    expect(broke.json()).toEqual({
      message: 'Insufficient balance in your fund wallet',
      code: 'funds.insufficient',
      params: { wallet: 'fund' },
    });
    expect(await me(m)).toMatchObject({ business_balance: 150, active_plan: 0, is_active: 'inactive' });
  });

  it('tops up a friend found by referral code or username', async () => {
    const payer = await t.register(root.code);
    const friend = await t.register(root.code);
    await fund(payer, 500);
    const byCode = await buy(payer, { recipient: friend.code.toLowerCase(), plan_id: planId, amount: 100 });
    expect(byCode.json().topup).toMatchObject({ payer_id: payer.id, user_id: friend.id });
    const { rows } = await t.db.query('SELECT username FROM users WHERE id = $1', [friend.id]);
    await buy(payer, { recipient: rows[0].username, plan_id: planId, amount: 150 });
    expect(await me(friend)).toMatchObject({ active_plan: 250, is_active: 'active', business_balance: 0 });
    expect(await me(payer)).toMatchObject({ business_balance: 250, active_plan: 0 });
    const notFound = await buy(payer, { recipient: 'nobody-here', plan_id: planId, amount: 100 });
    expect(notFound.statusCode).toBe(400);
    expect((await buy(payer, { userby_id: friend.id, plan_id: planId, amount: 100 })).statusCode).toBe(403);
  });

  it('answers a retried request with the first purchase and charges once; a different request with the same key is 409', async () => {
    const m = await t.register(root.code);
    await fund(m, 1000);
    const first = await buy(m, { plan_id: planId, amount: 300 }, 'retry-key-0001');
    const again = await buy(m, { plan_id: planId, amount: 300 }, 'retry-key-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json().topup.id).toBe(first.json().topup.id);
    expect((await me(m)).business_balance).toBe(700);
    const different = await buy(m, { plan_id: planId, amount: 301 }, 'retry-key-0001');
    expect(different.statusCode).toBe(409);
    expect((await me(m)).business_balance).toBe(700);
    const topups = await t.db.query('SELECT count(*)::int AS n FROM topups WHERE payer_id = $1', [m.id]);
    expect(topups.rows[0].n).toBe(1);
  });

  it('accepts exactly the affordable purchases among 20 racing ones', async () => {
    const m = await t.register(root.code);
    await fund(m, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => buy(m, { plan_id: planId, amount: 150 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(14);
    expect(await me(m)).toMatchObject({ business_balance: 100, active_plan: 900 });
  });
});

describe('activation and reversal', () => {
  it('charges the activation fee once and marks the member paid', async () => {
    const m = await t.register(root.code);
    await fund(m, 25);
    const res = await t.call('POST', '/topup/entry', { token: m.token, body: { id: m.id } });
    expect(res.status).toBe(201);
    expect(res.body.topup).toMatchObject({ kind: 'activation', amount: 10 });
    expect(await me(m)).toMatchObject({ paid_member: true, business_balance: 15 });
    const twice = await t.call('POST', '/topup/entry', { token: m.token, body: { id: m.id } });
    expect(twice).toMatchObject({ status: 400, body: { message: 'This member is already activated' } });
  });

  it('lets only an admin reverse a purchase, never edit it, and restores the payer', async () => {
    const m = await t.register(root.code);
    await fund(m, 500);
    const id = (await buy(m, { plan_id: planId, amount: 200 })).json().topup.id;
    expect((await t.call('DELETE', `/topup/${id}`, { token: m.token })).status).toBe(403);
    expect((await t.call('PUT', `/topup/${id}`, { token: admin, body: {} })).status).toBe(400);
    const rev = await t.call('DELETE', `/topup/${id}`, { token: admin });
    expect(rev.status).toBe(200);
    expect(await me(m)).toMatchObject({ business_balance: 500, active_plan: 0, is_active: 'inactive' });
    expect((await t.call('DELETE', `/topup/${id}`, { token: admin })).status).toBe(409);
    const audit = await t.db.query(
      `SELECT action FROM audit_log WHERE target_type = 'topup' AND target_id = $1`,
      [String(id)],
    );
    expect(audit.rows).toEqual([{ action: 'topup.reverse' }]);
  });

  it('shows a member only the top-ups they paid or received', async () => {
    const a = await t.register(root.code);
    const b = await t.register(root.code);
    await fund(a, 200);
    const id = (await buy(a, { plan_id: planId, amount: 100 })).json().topup.id;
    // issue 37.24: /topup/by/{id} takes the member's id (the spec family's meaning)
    expect((await t.call('GET', `/topup/by/${a.id}`, { token: b.token })).status).toBe(403);
    const own = await t.call('GET', `/topup/by/${a.id}`, { token: a.token });
    expect(own.body.singletopup.map((x: { id: number }) => x.id)).toEqual([id]);
    const list = await t.call('GET', '/topup/list', { token: b.token });
    expect(list.body.alltopup).toEqual([]);
    expect((await t.call('GET', '/topup/list', { token: admin })).body.total).toBeGreaterThan(5);
    expect((await t.call('POST', '/topup/add', { body: { plan_id: planId, amount: 100 } })).status).toBe(401);
  });

  it('keeps the ledger reconciled', async () => {
    const report = await reconcile(t.db);
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
