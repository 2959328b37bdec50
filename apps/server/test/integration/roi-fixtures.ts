/** Shared setup of the daily ROI, level income and bonus tests. */
import type { TestApp } from '../helpers.js';
import { approve, secondEyesWhenNeeded } from './approval-fixtures.js';

export type Member = Awaited<ReturnType<TestApp['register']>>;

export const DAY_MS = 24 * 3_600_000;

export function roiFixtures(t: TestApp) {
  let planId = 0;
  let adminToken = '';
  const admin = () => adminToken;
  async function init() {
    adminToken = await t.adminToken();
    return adminToken;
  }

  /**
   * Moves the server's clock by `ms` and signs the admin and the given members in again (member
   * sessions last 24 h, admin sessions 8 h).
   */
  async function later(ms: number, ...members: Member[]) {
    t.clock.advance(ms);
    await init();
    for (const m of members) {
      const res = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
      if (res.status !== 200) throw new Error(`sign-in: ${res.raw}`);
      m.token = res.body.auth.token;
    }
  }

  async function plan() {
    if (planId) return planId;
    const res = await t.call('POST', '/plans/add', {
      token: admin(),
      body: { name: 'Daily', min_amount: 10, max_amount: 100_000 },
    });
    if (res.status !== 201) throw new Error(`plan: ${res.raw}`);
    planId = res.body.plan.id;
    return planId;
  }

  /** A second finance admin, made the first time a deposit needs one. */
  const approver = secondEyesWhenNeeded(t);

  /** A deposit by hand, approved by the admin, or past what one admin may approve alone by two (issue 36). */
  async function fund(m: Member, amount: number) {
    const dep = await t.call('POST', '/deposite/add', { token: admin(), body: { user_id: m.id, amount } });
    const res = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
      token: admin(),
      body: { status: 'approved' },
    });
    if (res.status === 202) await approve(t, await approver(), res);
    else if (res.status !== 200) throw new Error(`deposit: ${res.status} ${res.raw}`);
  }

  /** Deposits and buys a plan of `amount` for the member (active from now on). */
  async function invest(m: Member, amount: number) {
    const id = await plan();
    await fund(m, amount);
    const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: id, amount } });
    if (res.status !== 201) throw new Error(`buy: ${res.raw}`);
  }

  /** Starts a watch session and lets `seconds` pass on the server's clock. */
  async function watch(m: Member, seconds = 10, purpose?: 'video' | 'ad') {
    const res = await t.call('POST', '/referral/watch-session', {
      token: m.token,
      ...(purpose ? { body: { purpose } } : {}),
    });
    if (res.status !== 201) throw new Error(`watch: ${res.status} ${res.raw}`);
    t.clock.advance(seconds * 1000);
    return res.body.session;
  }

  const claim = (m: Member, token = m.token) => t.call('PUT', `/referral/self-trade/${m.id}`, { token });

  async function wallets(m: Member) {
    const { rows } = await t.db.query<{ kind: string; balance: bigint }>(
      'SELECT kind, balance FROM accounts WHERE owner_user_id = $1',
      [m.id],
    );
    const out: Record<string, number> = { fund: 0, earnings: 0, roi: 0, principal: 0, compound: 0 };
    for (const r of rows) out[r.kind] = Number(r.balance) / 1e6;
    return out;
  }

  async function incomesOf(m: Member, kind?: string) {
    const { rows } = await t.db.query(
      `SELECT kind, amount::float8 / 1e6 AS amount, paid::float8 / 1e6 AS paid, cut::float8 / 1e6 AS cut,
              source_user_id::int AS source, level, base_amount::float8 / 1e6 AS base, percent::float8 AS percent,
              ref_type, ref_id
         FROM incomes WHERE user_id = $1 ${kind ? 'AND kind = $2' : ''} ORDER BY id`,
      kind ? [m.id, kind] : [m.id],
    );
    return rows as Array<{
      kind: string;
      amount: number;
      paid: number;
      cut: number;
      source: number | null;
      level: number | null;
      base: number | null;
      percent: number | null;
      ref_type: string;
      ref_id: string;
    }>;
  }

  async function setUser(m: Member, patch: Record<string, string>) {
    const res = await t.call('PUT', `/users/${m.id}`, { token: admin(), body: patch });
    if (res.status !== 200) throw new Error(`edit user: ${res.raw}`);
  }

  return { init, admin, later, plan, fund, invest, watch, claim, wallets, incomesOf, setUser };
}
