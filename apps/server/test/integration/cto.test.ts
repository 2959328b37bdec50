import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  count,
  earnings,
  expectReconciled,
  incomes,
  type Member,
  member,
  root,
  setSettings,
  setupCompensation,
  t,
} from './compensation-fixtures.js';

// The clock stands at 1 Nov 2026: the period 2026-11 has started, 2026-12 has not.
let q1: Member;
let q2: Member;
let q3: Member;
let n1: Member;
let n2: Member;

beforeAll(async () => {
  await setupCompensation();
  // qualified: own active plan >= 100 and directs' business >= 1,000 (the defaults)
  q1 = await member(root, 100);
  await member(q1, 600);
  await member(q1, 400);
  q2 = await member(root, 200);
  await member(q2, 1000);
  q3 = await member(root, 500);
  await member(q3, 1000);
  // not qualified: a plan below 100; directs' business of 999
  n1 = await member(root, 50);
  await member(n1, 2000);
  n2 = await member(root, 100);
  await member(n2, 999);
});
afterAll(async () => t.close());

async function pool(period: string, amount: number) {
  const res = await t.call('POST', '/cto', { token: admin, body: { period, amount } });
  expect(res.status, res.raw).toBe(201);
  return res.body.cto.id as number;
}
const pay = (id: number) => t.call('POST', '/cto/pay', { token: admin, body: { id } });

describe('CTO pools', () => {
  it('shows who qualifies now: to admins the list, to a member their own standing', async () => {
    const overview = (await t.call('GET', '/cto', { token: admin })).body;
    expect(overview.rules).toEqual({ min_active_plan: 100, min_directs_business: 1000 });
    expect(overview.qualified.total).toBe(3);
    expect(overview.qualified.data.map((m: { user_id: number }) => m.user_id)).toEqual([q1.id, q2.id, q3.id]);
    expect(overview.qualified.data[0]).toMatchObject({ active_plan: 100, directs_business: 1000 });
    const mine = (await t.call('GET', '/cto', { token: n2.token })).body;
    expect(mine).toMatchObject({
      qualified: null,
      me: { qualified: false, active_plan: 100, directs_business: 999 },
    });
    expect((await t.call('GET', '/cto', { token: q1.token })).body.me.qualified).toBe(true);
    expect(n1.id).toBeGreaterThan(0);
  });

  it('shares a pool equally, rounded down to the micro-unit; the remainder is not paid', async () => {
    const id = await pool('2026-11', 100.000001);
    const preview = (await t.call('GET', `/cto/byid/${id}`, { token: admin })).body.preview;
    expect(preview).toMatchObject({ members: 3, share: 33.333333, remainder: 0.000002 });
    const before = await Promise.all([q1, q2, q3, n1, n2].map(earnings));
    const res = await pay(id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.cto).toMatchObject({ status: 'paid', members: 3, share: 33.333333, remainder: 0.000002 });
    const after = await Promise.all([q1, q2, q3, n1, n2].map(earnings));
    expect(after.map((v, i) => Math.round((v - before[i]!) * 1e6))).toEqual([
      33333333, 33333333, 33333333, 0, 0,
    ]);
    // outside the earning limit: q1's limit (700) is not what decides it
    expect(await incomes(q1.id, 'cto')).toEqual([
      expect.objectContaining({
        amount: 33_333_333n,
        paid: 33_333_333n,
        cut: 0n,
        ref_type: 'cto_pool',
        ref_id: String(id),
      }),
    ]);
    const detail = (await t.call('GET', `/cto/byid/${id}`, { token: admin })).body;
    expect(detail.preview).toBeNull();
    expect(detail.payments.map((p: { user_id: number; amount: number }) => [p.user_id, p.amount])).toEqual([
      [q1.id, 33.333333],
      [q2.id, 33.333333],
      [q3.id, 33.333333],
    ]);
    const mine = await t.call('GET', `/cto/transaction/${q1.id}`, { token: q1.token });
    expect(mine.body).toMatchObject({ total: 1, totalPages: 1, currentPage: 1 });
    expect(mine.body.transactions[0]).toMatchObject({ period: '2026-11', amount: 33.333333 });
  });

  it('pays a period once: a second pay and racing pays are refused, nothing more is paid', async () => {
    const id = (await t.call('GET', '/cto/list?status=paid', { token: admin })).body.allcto[0].id;
    const again = await pay(id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The CTO pool of 2026-11 was already paid');
    expect(await count('cto_payments')).toBe(3);

    const racing = await pool('2026-10', 30);
    const results = await Promise.all(Array.from({ length: 6 }, () => pay(racing)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await count('cto_payments', 'pool_id = $1', [racing])).toBe(3);
    expect((await incomes(q2.id, 'cto')).map((r) => r.paid)).toEqual([33_333_333n, 10_000_000n]);
  });

  it('refuses a month not started, a second pool for a month, and paying when nobody qualifies', async () => {
    const december = await pool('2026-12', 50);
    const early = await pay(december);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The period 2026-12 has not started yet');
    const dup = await t.call('POST', '/cto', { token: admin, body: { period: '2026-12', amount: 10 } });
    expect(dup.status).toBe(409);
    const september = await pool('2026-09', 10);
    await setSettings({ cto_min_active_plan: 100000 });
    const nobody = await pay(september);
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toContain('No member qualifies');
    await setSettings({ cto_min_active_plan: 100 });
    expect((await t.call('GET', `/cto/byid/${september}`, { token: admin })).body.cto.status).toBe('open');
  });

  it('PUT /cto/{id} deletes a pool not yet paid and refuses a paid one', async () => {
    const list = (await t.call('GET', '/cto/list', { token: admin })).body;
    const december = list.allcto.find((p: { period: string }) => p.period === '2026-12');
    const paid = list.allcto.find((p: { period: string }) => p.period === '2026-11');
    const del = await t.call('PUT', `/cto/${december.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await t.call('PUT', `/cto/${december.id}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/cto/byid/${december.id}`, { token: admin })).status).toBe(404);
    const refused = await t.call('PUT', `/cto/${paid.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A paid CTO pool cannot be deleted');
    // the month is free again once its pool is deleted
    await pool('2026-12', 75);
    expect(await count('audit_log', `action LIKE 'cto.%'`)).toBeGreaterThanOrEqual(8);
  });

  it('bad input is a clear 400 and changes nothing', async () => {
    const pools = await count('cto_pools');
    for (const body of [
      { period: '2026-13', amount: 10 },
      { period: 'November', amount: 10 },
      { period: '2027-01', amount: 0 },
      { period: '2027-01', amount: 1.0000001 },
      { period: '2027-01', amount: 10, extra: true },
      { amount: 10 },
    ]) {
      const res = await t.call('POST', '/cto', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await count('cto_pools')).toBe(pools);
    expect((await t.call('POST', '/cto/pay', { token: admin, body: {} })).status).toBe(400);
    expect((await t.call('POST', '/cto/pay', { token: admin, body: { id: 'x' } })).status).toBe(400);
    expect((await t.call('POST', '/cto/pay', { token: admin, body: { id: 999999 } })).status).toBe(404);
    expect((await t.call('GET', '/cto/list?status=gone', { token: admin })).status).toBe(400);
    await expectReconciled();
  });
});
