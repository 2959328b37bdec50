import { BONUS_MSG } from '@app/contracts/bonuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { DAY_MS, type Member, roiFixtures } from './roi-fixtures.js';

let t: TestApp;
let root: Member;
let f: ReturnType<typeof roiFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  root = await t.register();
});
afterAll(async () => {
  expect((await reconcile(t.db)).ok).toBe(true);
  await t.close();
});

/** POST /bonus and DELETE /bonus/{id} live outside /api/v1 (spec 7). */
async function unprefixed(method: 'POST' | 'DELETE', url: string, token?: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
const create = (body: Record<string, unknown>, token = f.admin()) =>
  unprefixed('POST', '/bonus', token, body);
const claim = (m: Member, bonus_type: string, token = m.token) =>
  t.call('POST', '/bonus/claim', { token, body: { user_id: m.id, bonus_type, plan_id: null } });
const bonusIncomes = async (m: Member) => (await f.incomesOf(m, 'bonus')).map((i) => i.paid);

describe('admin bonuses', () => {
  it('creates bonuses by type (POST /bonus), one live bonus per type, refusing bad input', async () => {
    const video = await create({ title: 'Video bonus', bonus_type: 'roi_income', amount: 1 });
    expect(video).toMatchObject({
      status: 201,
      body: {
        message: BONUS_MSG.created,
        bonus: { bonus_type: 'roi_income', amount: 1, period_hours: 24, is_active: true, media_url: '' },
      },
    });
    const ad = await create({ title: 'Ad bonus', bonus_type: 'add_income', amount: 0.5, period_hours: 12 });
    expect(ad.status).toBe(201);
    expect((await create({ title: 'Login', bonus_type: 'daily_login', amount: 2 })).status).toBe(201);
    expect(await create({ title: 'Again', bonus_type: 'roi_income', amount: 3 })).toMatchObject({
      status: 409,
      body: { message: BONUS_MSG.typeTaken },
    });
    for (const bad of [
      { title: '', bonus_type: 'x_bonus', amount: 1 },
      { title: 'x', bonus_type: 'Bad Type', amount: 1 },
      { title: 'x', bonus_type: 'x_bonus', amount: 0 },
      { title: 'x', bonus_type: 'x_bonus', amount: 1, period_hours: 0 },
      { title: 'x', bonus_type: 'x_bonus', amount: 1, media_url: 'javascript:alert(1)' },
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const list = await t.call('GET', '/bonus', { token: f.admin() });
    expect(list.body.bonus.map((b: { bonus_type: string }) => b.bonus_type)).toEqual([
      'roi_income',
      'add_income',
      'daily_login',
    ]);
    expect(list.body.bonus[0]).toMatchObject({ claims: 0, paid_total: 0 });
  });

  it('updates (PUT /api/v1/bonus/{id}) and deletes (DELETE /bonus/{id}), audited', async () => {
    const made = await create({ title: 'Weekend', bonus_type: 'weekend_bonus', amount: 1 });
    const id = made.body.bonus.id;
    const upd = await t.call('PUT', `/bonus/${id}`, {
      token: f.admin(),
      body: { amount: 1.5, period_hours: 48 },
    });
    expect(upd.body).toMatchObject({ message: BONUS_MSG.updated, bonus: { amount: 1.5, period_hours: 48 } });
    expect(
      (await t.call('PUT', `/bonus/${id}`, { token: f.admin(), body: { bonus_type: 'roi_income' } })).status,
    ).toBe(409);
    expect((await t.call('PUT', `/bonus/${id}`, { token: f.admin(), body: { amount: -1 } })).status).toBe(
      400,
    );
    expect(await unprefixed('DELETE', `/bonus/${id}`, f.admin())).toEqual({
      status: 200,
      body: { message: BONUS_MSG.deleted },
    });
    expect((await unprefixed('DELETE', `/bonus/${id}`, f.admin())).status).toBe(404);
    expect((await t.call('PUT', `/bonus/${id}`, { token: f.admin(), body: { amount: 2 } })).status).toBe(404);
    const again = await create({ title: 'Weekend 2', bonus_type: 'weekend_bonus', amount: 1 });
    expect(again.status).toBe(201);
    const { rows } = await t.db.query(
      `SELECT action FROM audit_log WHERE target_type = 'bonus' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['bonus.create', 'bonus.update', 'bonus.delete']);
  });
});

describe('claiming bonuses', () => {
  it('pays the video bonus to a member without a plan after a watch, once per 24 h, into earnings', async () => {
    const m = await t.register(root.code);
    expect(await claim(m, 'roi_income')).toMatchObject({
      status: 400,
      body: { message: BONUS_MSG.noSession },
    });
    await f.watch(m, 10);
    const ok = await claim(m, 'roi_income');
    expect(ok).toMatchObject({ status: 200, body: { message: 'Bonus has been claimed', amount: 1 } });
    expect(await f.wallets(m)).toMatchObject({ earnings: 1 });
    const { rows } = await t.db.query(
      `SELECT earning_limit, ref_type FROM incomes WHERE user_id = $1 AND kind = 'bonus'`,
      [m.id],
    );
    expect(rows).toEqual([{ earning_limit: null, ref_type: 'bonus_claim' }]); // outside the limit
    const mine = await t.call('GET', '/bonus', { token: m.token });
    expect(mine.body.bonus.find((b: { bonus_type: string }) => b.bonus_type === 'roi_income')).toMatchObject({
      last_claimed_at: t.clock.now().toISOString(),
      next_claim_at: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
    });

    await f.later(DAY_MS - 10_001, m);
    await f.watch(m, 10);
    expect((await claim(m, 'roi_income')).status).toBe(409); // 1 ms early
    t.clock.advance(1);
    expect((await claim(m, 'roi_income')).status).toBe(200);
    expect(await bonusIncomes(m)).toEqual([1, 1]);
  });

  it('refuses the video bonus to members with a plan; the ad bonus needs an ad watch', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 100);
    await f.watch(m);
    expect(await claim(m, 'roi_income')).toMatchObject({
      status: 400,
      body: { message: BONUS_MSG.videoBonusHasPlan },
    });
    expect(await claim(m, 'add_income')).toMatchObject({
      status: 400,
      body: { message: BONUS_MSG.noAdSession },
    });
    await f.watch(m, 5, 'ad');
    expect((await claim(m, 'add_income')).status).toBe(400);
    t.clock.advance(5000);
    expect((await claim(m, 'add_income')).status).toBe(200);
    expect(await bonusIncomes(m)).toEqual([0.5]);
    expect(await claim(m, 'no_such_bonus')).toMatchObject({
      status: 404,
      body: { message: BONUS_MSG.noneOfType },
    });
  });

  it('twenty claims racing pay once', async () => {
    const m = await t.register(root.code);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m, 'daily_login')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await bonusIncomes(m)).toEqual([2]);
  });

  it('an inactive bonus is hidden from members and cannot be claimed', async () => {
    const m = await t.register(root.code);
    const list = await t.call('GET', '/bonus', { token: f.admin() });
    const login = list.body.bonus.find((b: { bonus_type: string }) => b.bonus_type === 'daily_login');
    await t.call('PUT', `/bonus/${login.id}`, { token: f.admin(), body: { is_active: false } });
    expect(await claim(m, 'daily_login')).toMatchObject({ status: 404 });
    const mine = await t.call('GET', '/bonus', { token: m.token });
    expect(mine.body.bonus.map((b: { bonus_type: string }) => b.bonus_type)).not.toContain('daily_login');
    await t.call('PUT', `/bonus/${login.id}`, { token: f.admin(), body: { is_active: true } });
  });

  it('access: anonymous, member A, member B, admin', async () => {
    const a = await t.register(root.code);
    const b = await t.register(root.code);
    expect((await t.call('GET', '/bonus')).status).toBe(401);
    expect((await t.call('GET', '/bonus', { token: a.token })).status).toBe(200);
    expect((await t.call('GET', '/bonus', { token: b.token })).status).toBe(200);
    expect(await claim(a, 'daily_login', '')).toMatchObject({ status: 401 });
    expect(await claim(a, 'daily_login', b.token)).toMatchObject({
      status: 403,
      body: { message: BONUS_MSG.ownOnly },
    });
    expect((await claim(a, 'daily_login', f.admin())).status).toBe(403);
    expect((await claim(a, 'daily_login')).status).toBe(200);
    const body = { title: 'x', bonus_type: 'x_bonus', amount: 1 };
    expect((await unprefixed('POST', '/bonus', undefined, body)).status).toBe(401);
    expect((await unprefixed('POST', '/bonus', a.token, body)).status).toBe(403);
    expect((await unprefixed('DELETE', '/bonus/1', a.token)).status).toBe(403);
    expect((await t.call('PUT', '/bonus/1', { token: a.token, body: { amount: 9 } })).status).toBe(403);
    expect((await t.call('POST', '/bonus', { token: f.admin(), body })).status).toBe(404); // no versioned create
  });
});
