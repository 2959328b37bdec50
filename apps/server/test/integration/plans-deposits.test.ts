import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<TestApp['register']>>;
let b: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = await t.register();
  b = await t.register(a.code);
});
afterAll(async () => t.close());

describe('settings', () => {
  it('serves the DOMAIN.md defaults, lets an admin change one knob, and audits it', async () => {
    const before = await t.call('GET', '/settings', { token: a.token });
    expect(before.body.settings).toMatchObject({
      withdrawal_min: 10,
      fee_profit_percent: 10,
      fee_roi_percent: 5,
    });
    expect((await t.call('PUT', '/settings', { token: a.token, body: { withdrawal_min: 1 } })).status).toBe(
      403,
    );
    const res = await t.call('PUT', '/settings', { token: admin, body: { withdrawal_min: 20 } });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ withdrawal_min: 20, fee_profit_percent: 10 });
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE action = 'settings.update'`);
    expect(audit.rows[0].before.withdrawal_min).toBe(10);
    expect(audit.rows[0].after.withdrawal_min).toBe(20);
    for (const body of [
      { withdrawal_min: -1 },
      { fee_roi_percent: 101 },
      { fee_roi_percent: 1.23456 },
      { surprise: true },
    ]) {
      expect((await t.call('PUT', '/settings', { token: admin, body })).status).toBe(400);
    }
    await t.call('PUT', '/settings', { token: admin, body: { withdrawal_min: 10 } });
  });
});

describe('plans', () => {
  it('creates, lists, edits only the named fields, and retires plans', async () => {
    const created = await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Starter', min_amount: 100, max_amount: 999.99 },
    });
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({
      name: 'Starter',
      min_amount: 100,
      max_amount: 999.99,
      roi_percent: 0.5,
      cap_multiple: 7,
      direct_percent: 5,
      is_active: true,
    });
    const id = created.body.plan.id;
    const edited = await t.call('PUT', `/plans/${id}`, { token: admin, body: { roi_percent: 0.75 } });
    expect(edited.body.plan).toMatchObject({ name: 'Starter', roi_percent: 0.75, cap_multiple: 7 });
    const list = await t.call('GET', '/plans/list', { token: a.token });
    expect(list.body.allplans.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await t.call('GET', `/plans/${id}`, { token: a.token })).body.singleplan.name).toBe('Starter');
    expect(
      (
        await t.call('POST', '/plans/add', {
          token: a.token,
          body: { name: 'X', min_amount: 1, max_amount: 2 },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/plans/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/plans/${id}`, { token: a.token })).status).toBe(404);
  });

  it('refuses bad amounts and percents with a message', async () => {
    for (const body of [
      { name: 'Bad', min_amount: -1, max_amount: 10 },
      { name: 'Bad', min_amount: 0, max_amount: 10 },
      { name: 'Bad', min_amount: 10, max_amount: 5 },
      { name: 'Bad', min_amount: '1.0000001', max_amount: 10 },
      { name: 'Bad', min_amount: 'ten', max_amount: 10 },
      { name: 'Bad', min_amount: 1e12, max_amount: 1e13 },
      { name: 'Bad', min_amount: 1, max_amount: 10, roi_percent: -0.5 },
    ]) {
      const res = await t.call('POST', '/plans/add', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('stores level percents and activation plans', async () => {
    expect(
      (await t.call('POST', '/plans/addinvestlevel', { token: admin, body: { levels: [12, 6, 3] } })).status,
    ).toBe(200);
    const levels = await t.call('GET', '/plans/levels', { token: a.token });
    expect(levels.body.levels.find((l: { kind: string }) => l.kind === 'invest')).toEqual({
      kind: 'invest',
      levels: [12, 6, 3],
      unlock_by_directs: true,
    });
    const act = await t.call('POST', '/actplan/add', { token: admin, body: { name: 'Activation', fee: 10 } });
    expect(act.body.singleactplan).toMatchObject({ name: 'Activation', fee: 10, is_active: true });
    const list = await t.call('GET', '/actplan/list', { token: a.token });
    expect(list.body.allactplans).toHaveLength(1);
    const upd = await t.call('PUT', `/actplan/${act.body.singleactplan.id}`, {
      token: admin,
      body: { fee: 12.5 },
    });
    expect(upd.body.singleactplan).toMatchObject({ fee: 12.5, is_active: true });
  });
});

describe('admin deposits', () => {
  it('stays pending until approved, then credits fund exactly once even when approved twice at once', async () => {
    const created = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { user_id: b.id, amount: '250.125' },
    });
    expect(created.status).toBe(201);
    const id = created.body.deposite.id;
    expect(created.body.deposite).toMatchObject({ status: 'pending', amount: 250.125, user_id: b.id });
    expect((await t.call('GET', `/users/${b.id}`, { token: b.token })).body.singleuser.business_balance).toBe(
      0,
    );

    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('PUT', `/deposite/${id}`, { token: admin, body: { status: 'approved' } }),
      ),
    );
    // PUT is idempotent: every caller gets 200, exactly one of them did the crediting
    expect(approvals.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(approvals.filter((r) => r.body.message === 'Deposit approved and credited')).toHaveLength(1);
    expect((await t.call('GET', `/users/${b.id}`, { token: b.token })).body.singleuser.business_balance).toBe(
      250.125,
    );
    const credited = await t.db.query(
      `SELECT count(*)::int AS n FROM transfers WHERE ref_type = 'deposit' AND ref_id = $1`,
      [String(id)],
    );
    expect(credited.rows[0].n).toBe(1);
    const change = await t.call('PUT', `/deposite/${id}`, { token: admin, body: { amount: 1 } });
    expect(change.status).toBe(409);
    expect((await t.call('DELETE', `/deposite/${id}`, { token: admin })).status).toBe(409);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('lets a member see only their own deposits', async () => {
    await t.call('POST', '/deposite/add', { token: admin, body: { user_id: a.id, amount: 5 } });
    const mine = await t.call('GET', '/deposite/list', { token: b.token });
    expect(mine.body.alldeposite.every((d: { user_id: number }) => d.user_id === b.id)).toBe(true);
    const all = await t.call('GET', '/deposite/list', { token: admin });
    expect(all.body.total).toBe(2);
    const other = all.body.alldeposite.find((d: { user_id: number }) => d.user_id === a.id);
    expect((await t.call('GET', `/deposite/by/${other.id}`, { token: b.token })).status).toBe(403);
    expect(
      (await t.call('POST', '/deposite/add', { token: b.token, body: { user_id: b.id, amount: 5 } })).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `/deposite/${other.id}`, { token: b.token, body: { status: 'approved' } })).status,
    ).toBe(403);
  });

  it('records a deposit once per Idempotency-Key, even when the retries race', async () => {
    const body = { user_id: b.id, amount: 12.5, note: 'Wire 8841' };
    const count = async () =>
      Number((await t.db.query(`SELECT count(*) FROM deposits WHERE note = 'Wire 8841'`)).rows[0].count);
    const tries = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', '/deposite/add', { token: admin, body, idempotencyKey: 'deposit-retry-0001' }),
      ),
    );
    expect(tries.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(tries.map((r) => r.body.deposite.id)).size).toBe(1);
    expect(await count()).toBe(1);
    const reused = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { ...body, amount: 99 },
      idempotencyKey: 'deposit-retry-0001',
    });
    expect(reused).toMatchObject({ status: 409 });
    expect(reused.body.message).toMatch(/already used for a different request/);
    expect(await count()).toBe(1);
    // without a key, each request is a new deposit
    await t.call('POST', '/deposite/add', { token: admin, body });
    expect(await count()).toBe(2);
  });

  it('refuses bad amounts and unknown members, and changes nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM deposits')).rows[0].n;
    for (const body of [
      { user_id: b.id, amount: -5 },
      { user_id: b.id, amount: 0 },
      { user_id: b.id, amount: 1.1234567 },
      { user_id: b.id, amount: 'lots' },
      { user_id: b.id, amount: 5e9 },
      { user_id: 999999, amount: 5 },
    ]) {
      const res = await t.call('POST', '/deposite/add', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM deposits')).rows[0].n).toBe(before);
  });
});

describe('plans on sale', () => {
  it('shows members only active plans, admins all of them', async () => {
    const hidden = await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Paused', min_amount: 10, max_amount: 20, is_active: false },
    });
    const memberList = await t.call('GET', '/plans/list', { token: a.token });
    expect(memberList.body.allplans.map((p: { id: number }) => p.id)).not.toContain(hidden.body.plan.id);
    const adminList = await t.call('GET', '/plans/list', { token: admin });
    expect(adminList.body.allplans.map((p: { id: number }) => p.id)).toContain(hidden.body.plan.id);
  });
});
