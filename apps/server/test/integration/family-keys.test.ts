/**
 * Issue 37.24: where the spec names a call but not its answer's keys or its parameter's meaning,
 * the spec family's back end decides (its front end, pointed at our API, reads these keys). Our own
 * keys stay beside the family's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

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
      body: { name: 'Core', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
});
afterAll(async () => t.close());

async function fund(m: Member, amount: number) {
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  await t.call('PUT', `/deposite/${dep.body.deposite.id}`, { token: admin, body: { status: 'approved' } });
}
const buy = (m: Member, body: Record<string, unknown>) =>
  t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, ...body } });

describe('GET /withdrawalrequest/list', () => {
  it('answers the list under allwithdrawal too', async () => {
    const eyes = await secondEyes(t);
    const m = await t.register(root.code);
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: `0x${'b'.repeat(40)}` } });
    await adjustByTwo(
      t,
      { ask: admin, approve: eyes.token },
      { user_id: m.id, wallet: 'earnings', amount: 200 },
    );
    const req = await t.call('POST', '/withdrawalrequest/add', {
      token: m.token,
      body: { amount: 100, password: m.password },
    });
    expect(req.status, req.raw).toBe(201);
    for (const token of [admin, m.token]) {
      const list = (await t.call('GET', '/withdrawalrequest/list', { token })).body;
      expect(list.allwithdrawal.map((w: { id: number }) => w.id)).toContain(req.body.withdrawal.id);
      expect(list.allwithdrawal).toEqual(list.allwithdrawals);
    }
  });
});

describe('GET /topup/by/{id}', () => {
  it("takes a member's id and answers that member's top-ups as an array", async () => {
    const a = await t.register(root.code);
    const b = await t.register(root.code);
    await fund(a, 1000);
    const own = (await buy(a, { amount: 100 })).body.topup.id;
    const forB = (await buy(a, { amount: 200, user_id: b.id })).body.topup.id;
    const mine = await t.call('GET', `/topup/by/${a.id}`, { token: a.token });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.singletopup.map((x: { id: number }) => x.id)).toEqual([forB, own]);
    expect(mine.body).toMatchObject({ total: 2, currentPage: 1 });
    const hers = await t.call('GET', `/topup/by/${b.id}`, { token: b.token });
    expect(hers.body.singletopup).toMatchObject([{ id: forB, user_id: b.id, payer_id: a.id, amount: 200 }]);
    // a member reads only their own; an admin of the member areas anyone's, others none
    expect((await t.call('GET', `/topup/by/${a.id}`, { token: b.token })).status).toBe(403);
    expect((await t.call('GET', `/topup/by/${b.id}`, { token: admin })).body.singletopup).toHaveLength(1);
    const content = await addAdmin(t, 'content', ['content']);
    const signin = await t.call('POST', '/auth/adminsignin', {
      body: { email: content.email, password: content.password },
    });
    expect((await t.call('GET', `/topup/by/${b.id}`, { token: signin.body.admin.token })).status).toBe(403);
    expect((await t.call('GET', '/topup/by/99999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/topup/by/abc', { token: admin })).status).toBe(400);
  });
});

describe('GET /referral/full/{code}', () => {
  it('answers treeData as the array of direct members, each with its referrals, and the member as root', async () => {
    const top = await t.register(root.code);
    const d1 = await t.register(top.code);
    const d2 = await t.register(top.code);
    const g1 = await t.register(d1.code);
    for (const query of ['', '?depth=2']) {
      const res = await t.call('GET', `/referral/full/${top.code}${query}`, { token: top.token });
      expect(res.status, res.raw).toBe(200);
      expect(Array.isArray(res.body.treeData)).toBe(true);
      const ids = (res.body.treeData as Array<{ id: number; referrals: Array<{ id: number }> }>).map((n) => [
        n.id,
        n.referrals.map((r) => r.id),
      ]);
      expect(ids).toEqual([
        [d1.id, [g1.id]],
        [d2.id, []],
      ]);
      expect(res.body.root).toMatchObject({ id: top.id, level: 0, direct_count: 2 });
      expect(res.body.root.referrals).toEqual(res.body.treeData);
    }
  });
});

describe('GET /qr', () => {
  it('answers the latest link as qr (active only for a member)', async () => {
    const m = await t.register(root.code);
    expect((await t.call('GET', '/qr', { token: m.token })).body.qr).toBeNull();
    const add = (title: string, active: boolean) =>
      t.call('POST', '/qr/add', {
        token: admin,
        body: { title, url: `https://example.com/${title}`, active },
      });
    const first = (await add('first', true)).body.qrlink;
    await t.clock.advance(1000);
    const draft = (await add('draft', false)).body.qrlink;
    expect((await t.call('GET', '/qr', { token: m.token })).body.qr).toEqual(first);
    expect((await t.call('GET', '/qr', { token: admin })).body.qr).toEqual(draft);
    // on a later page too, `qr` is still the latest
    expect((await t.call('GET', '/qr?page=2&limit=1', { token: admin })).body.qr).toEqual(draft);
  });
});
