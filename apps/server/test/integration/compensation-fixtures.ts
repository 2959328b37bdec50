import { expect } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { approveDeposit, secondEyes } from './approval-fixtures.js';

/**
 * Shared setup of the rewards, salary, CTO and leadership tests: a fresh app per test file (call
 * setupCompensation() in beforeAll, t.close() in afterAll), a plan on sale, and shortcuts to fund
 * members and have them buy. The bindings are live: tests read the current values.
 */
export let t: TestApp;
export let admin: string;
/** A second finance admin, two days on the team: the other pair of eyes (issue 36). */
export let second: Awaited<ReturnType<typeof secondEyes>>;
export let planId: number;
export type Member = Awaited<ReturnType<TestApp['register']>>;
export let root: Member;

export const DAY = 86_400_000;

export async function setupCompensation() {
  t = await createTestApp();
  admin = await t.adminToken();
  second = await secondEyes(t);
  root = await t.register();
  const plan = await t.call('POST', '/plans/add', {
    token: admin,
    body: { name: 'Growth', min_amount: 10, max_amount: 100000 },
  });
  expect(plan.status, plan.raw).toBe(201);
  planId = plan.body.plan.id;
}

/**
 * A deposit the admin records and approves; past what one admin may approve alone (the four-eyes
 * amount, the 24 h totals) the second admin approves it (four eyes is staff-money.test.ts's).
 */
export async function fund(m: Member, amount: number) {
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  expect(dep.status, dep.raw).toBe(201);
  await approveDeposit(t, { ask: admin, approve: second.token }, dep.body.deposite.id);
}

/** The member buys a plan of `amount` (funded first). */
export async function buy(m: Member, amount: number) {
  await fund(m, amount);
  const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
  expect(res.status, res.raw).toBe(201);
  return res.body.topup.id as number;
}

/** A new member under `sponsor`, who buys `amount` when given. */
export async function member(sponsor: Member, amount?: number) {
  const m = await t.register(sponsor.code);
  if (amount) await buy(m, amount);
  return m;
}

/** A member's wallets in USDT. */
export async function wallets(m: { id: number }) {
  const { rows } = await t.db.query<{ kind: string; balance: bigint }>(
    'SELECT kind, balance FROM accounts WHERE owner_user_id = $1',
    [m.id],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.balance) / 1e6])) as Record<string, number>;
}

export const earnings = async (m: { id: number }) => (await wallets(m)).earnings ?? 0;

export async function incomes(userId: number, kind: string) {
  const { rows } = await t.db.query(
    'SELECT amount, paid, cut, ref_type, ref_id FROM incomes WHERE user_id = $1 AND kind = $2 ORDER BY id',
    [userId, kind],
  );
  return rows;
}

export async function count(table: string, where = 'true', params: unknown[] = []) {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return rows[0]!.n;
}

/**
 * Moves the clock; sessions do not outlive a long move (admins 8 h, members 24 h), so the admins and
 * the named members sign in again.
 */
export async function advance(ms: number, ...members: Member[]) {
  t.clock.advance(ms);
  admin = await t.adminToken();
  const again = await t.call('POST', '/auth/adminsignin', {
    body: { email: second.email, password: second.password },
  });
  expect(again.status, again.raw).toBe(200);
  second = { ...second, token: again.body.admin.token };
  for (const m of members) {
    const res = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(res.status, res.raw).toBe(200);
    m.token = res.body.auth.token;
  }
}

export async function setSettings(body: Record<string, unknown>) {
  const res = await t.call('PUT', '/settings', { token: admin, body });
  expect(res.status, res.raw).toBe(200);
}

export async function expectReconciled() {
  const report = await reconcile(t.db);
  expect(
    report.ok,
    JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
  ).toBe(true);
}

export type Caller = 'anonymous' | 'memberA' | 'memberB' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'memberA', 'memberB', 'admin'];
