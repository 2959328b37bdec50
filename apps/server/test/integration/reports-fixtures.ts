import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { payoutHash } from './payout-hashes.js';

/** The payout hash the reports' paid withdrawal is approved with. */
export const PAID_HASH = payoutHash('reports-paid');

/**
 * Shared setup of the reports tests (reports-*.test.ts): the dashboard figures and period reports,
 * against a scenario built through the API:
 *   Sun 1 Nov: deposits A 1,000 (approved the same day) and B 500 (recorded).
 *   Mon 2 Nov: B's 500 approved; A buys a 400 plan, B a 300 plan; deposits A 200 (left pending)
 *              and B 50 (rejected).
 *   Wed 4 Nov: principal withdrawals: B 100 approved (20 % fee: 80 paid, 20 kept), B 50 rejected,
 *              A 100 left pending, A 20 cancelled by A.
 * Each test file calls setupReports() in its own beforeAll (a fresh app and database per file) and
 * closes `t` in afterAll; the bindings below are live, so the tests read the current values.
 */
export let t: TestApp;
export let admin: string;
let planId: number;
type Member = Awaited<ReturnType<TestApp['register']>>;
export let root: Member;
export let a: Member;
export let b: Member;
const DAY = 86_400_000;
const BEP20 = `0x${'c'.repeat(40)}`;
const NOTE_FORMULA = '=HYPERLINK("http://evil.test","click"), "quoted"\nsecond line';

/** A fresh app: the admin, a root member and members A and B under it (verified, with a BEP20 address), and a plan. */
export async function setupReports() {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
  a = await t.register(root.code);
  b = await t.register(root.code);
  for (const m of [a, b]) {
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
  }
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Core', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
}

/** Moves the clock; sessions expire (admin 8 h, member 24 h), so everyone signs in again. */
async function advance(days: number) {
  t.clock.advance(days * DAY);
  admin = await t.adminToken();
  for (const m of [a, b]) {
    m.token = (
      await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })
    ).body.auth.token;
  }
}

async function deposit(m: Member, amount: number, note: string) {
  const res = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount, note } });
  expect(res.status).toBe(201);
  return res.body.deposite.id as number;
}
const decideDeposit = async (id: number, status: 'approved' | 'rejected') =>
  expect((await t.call('PUT', `/deposite/${id}`, { token: admin, body: { status } })).status).toBe(200);
async function withdraw(m: Member, amount: number) {
  const res = await t.call('POST', '/withdrawalrequest/add/principle', {
    token: m.token,
    body: { amount, password: m.password },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.withdrawal.id as number;
}
export const overview = async () => {
  const res = await t.call('GET', '/reports/overview', { token: admin });
  expect(res.status).toBe(200);
  return res.body;
};
export const report = async (kind: string, query = '') => {
  const res = await t.call('GET', `/reports/${kind}?${query}`, { token: admin });
  expect(res.status, res.raw).toBe(200);
  return res.body;
};
export const csv = (query: string, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/reports/${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** Builds the scenario above through the API; the clock ends on Wednesday 4 November. */
export async function buildScenario() {
  // Sunday 1 November
  await decideDeposit(await deposit(a, 1000, NOTE_FORMULA), 'approved');
  const bDeposit = await deposit(b, 500, '@SUM(1)');
  // Monday 2 November
  await advance(1);
  await decideDeposit(bDeposit, 'approved');
  for (const [m, amount] of [
    [a, 400],
    [b, 300],
  ] as const) {
    const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
    expect(res.status).toBe(201);
  }
  await deposit(a, 200, '+cmd');
  await decideDeposit(await deposit(b, 50, '-2+3'), 'rejected');
  const monday = await overview();
  expect(monday.deposits).toEqual({
    approved_total: 1500,
    approved_count: 2,
    approved_today: 500,
    approved_today_count: 1,
    pending_amount: 200,
    pending_count: 1,
    awaiting_approval_amount: 200,
    awaiting_approval_count: 1,
    by_channel: {
      admin: { total: 1500, count: 2 },
      crypto: { total: 0, count: 0 },
      wallet: { total: 0, count: 0 },
      code: { total: 0, count: 0 },
    },
  });
  // Wednesday 4 November
  await advance(2);
  const paid = await withdraw(b, 100);
  const rejected = await withdraw(b, 50);
  await withdraw(a, 100);
  const cancelled = await withdraw(a, 20);
  const decide = (id: number, body: Record<string, unknown>) =>
    t.call('PUT', `/withdrawalrequest/update/principle/${id}`, { token: admin, body });
  expect((await decide(paid, { status: 'approved', tx_hash: PAID_HASH })).status).toBe(200);
  expect((await decide(rejected, { status: 'rejected', reason: 'check' })).status).toBe(200);
  expect((await t.call('DELETE', `/withdrawalrequest/${cancelled}`, { token: a.token })).status).toBe(200);
}
