import { INCOME_KINDS } from '@app/contracts/incomes';
import { expect } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { creditIncomes } from '../../src/modules/compensation/incomes/credit.js';
import type { IncomeItem } from '../../src/modules/compensation/incomes/income.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { approve, secondEyesWhenNeeded } from './approval-fixtures.js';

/**
 * Shared setup of the income-view tests (incomes-views-*.test.ts). The clock stands at
 * Sun 1 Nov 2026 10:00 UTC: the 7-day period is 26 Oct..1 Nov, the one before 19..25 Oct.
 *   A (under the root) holds a 100 plan: limit 700. C1 (under A) buys 1,000: A earns 50 direct.
 *   B (under the root) holds a 200 plan; D1 (under B) buys 100: B earns 5 direct.
 *   Incomes paid through creditIncomes at earlier instants (the kinds whose rules are not built here):
 *     10 Sep: A salary 10 (in the 30 days before the last 30).
 *     20 Oct (previous period): A level 4 (from C1, level 1, 10 % of 40), reward 20, ad bonus 2.
 *     30 Oct (this period): A level 6 (10 % of 60), ROI 0.5, ad bonus 1, video bonus 0.25, CTO 3.
 *   A's total earnings are then 90.5 of 700 (bonuses and CTO are outside the limit).
 * `capA()` then has C2 buy 15,000 (direct 750: 609.5 paid, 140.5 cut) and C3 buy 100 (5, all cut).
 */
export let t: TestApp;
export let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
export let root: Member;
export let a: Member;
export let b: Member;
export let c1: Member;
export let c2: Member;
let planId: number;

export const NOW = new Date('2026-11-01T10:00:00Z');
const PREVIOUS = new Date('2026-10-20T12:00:00Z');
const CURRENT = new Date('2026-10-30T08:00:00Z');
const OLD = new Date('2026-09-10T09:00:00Z');

/** A second finance admin, made the first time a deposit needs one (issue 36). */
let approver: () => Promise<string>;

/** A deposit by hand, approved by the admin, or past what one admin may approve alone by two. */
async function fund(m: Member, amount: number) {
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  expect(dep.status).toBe(201);
  const res = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  if (res.status === 202) await approve(t, await approver(), res);
  else expect(res.status, res.raw).toBe(200);
}

/** A member funded with `amount` who buys a plan of that amount. */
export async function buyer(sponsor: Member, amount: number) {
  const m = await t.register(sponsor.code);
  await fund(m, amount);
  const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
  expect(res.status, res.raw).toBe(201);
  return m;
}

/** Pays incomes the way every income rule does, at `at`. */
export const pay = (items: IncomeItem[], key: string, at: Date) =>
  withTx(t.db, (tx) => creditIncomes(tx, items, key, at));

const U = 1_000_000n;
const usdt = (v: number) => BigInt(Math.round(v * 1e6));

export async function setupIncomes() {
  t = await createTestApp();
  admin = await t.adminToken();
  approver = secondEyesWhenNeeded(t);
  root = await t.register();
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Growth', min_amount: 100, max_amount: 20000 },
    })
  ).body.plan.id;
  a = await buyer(root, 100);
  b = await buyer(root, 200);
  c1 = await buyer(a, 1000);
  await buyer(b, 100);

  await pay([{ userId: a.id, kind: 'salary', amount: 10n * U, refType: 'salary', refId: 'sep' }], 's:1', OLD);
  await pay(
    [
      {
        userId: a.id,
        kind: 'level_income',
        amount: 4n * U,
        refType: 'roi_claim',
        refId: 'p1',
        sourceUserId: c1.id,
        level: 1,
        baseAmount: 40n * U,
        percent: '10',
      },
      { userId: a.id, kind: 'reward', amount: 20n * U, refType: 'reward', refId: 'r1' },
      {
        userId: a.id,
        kind: 'bonus',
        amount: 2n * U,
        refType: 'bonus_claim',
        refId: 'b1',
        meta: { bonus_type: 'add_income' },
      },
    ],
    'p:1',
    PREVIOUS,
  );
  await pay(
    [
      {
        userId: a.id,
        kind: 'level_income',
        amount: 6n * U,
        refType: 'roi_claim',
        refId: 'c1',
        sourceUserId: c1.id,
        level: 1,
        baseAmount: 60n * U,
        percent: '10',
      },
      {
        userId: a.id,
        kind: 'roi_income',
        amount: usdt(0.5),
        refType: 'roi_claim',
        refId: 'c2',
        baseAmount: 100n * U,
        percent: '0.5',
      },
      {
        userId: a.id,
        kind: 'bonus',
        amount: 1n * U,
        refType: 'bonus_claim',
        refId: 'b2',
        meta: { bonus_type: 'add_income' },
      },
      {
        userId: a.id,
        kind: 'bonus',
        amount: usdt(0.25),
        refType: 'bonus_claim',
        refId: 'b3',
        meta: { bonus_type: 'roi_income' },
      },
      { userId: a.id, kind: 'cto', amount: 3n * U, refType: 'cto_period', refId: '2026-10' },
    ],
    'c:1',
    CURRENT,
  );
}

/** A reaches the limit: C2's 15,000 pays 609.5 of its 750 direct income, C3's 100 pays none of its 5. */
export async function capA() {
  c2 = await buyer(a, 15000);
  await buyer(a, 100);
}

/** The ledger's income credits to a member in [since, until), by kind (the ad bonus as add_income). */
export async function ledgerIncomes(userId: number, since = new Date(0), until = new Date('2100-01-01')) {
  const { rows } = await t.db.query<{ part: string; wallet: string; paid: bigint }>(
    `SELECT CASE WHEN tr.kind = 'bonus' AND tr.meta->>'bonus_type' = 'add_income' THEN 'add_income'
                 ELSE tr.kind END AS part, ac.kind AS wallet, sum(tr.amount)::bigint AS paid
       FROM transfers tr JOIN accounts ac ON ac.id = tr.credit_account
      WHERE ac.owner_user_id = $1 AND tr.status = 'posted' AND tr.kind = ANY($2)
        AND tr.created_at >= $3 AND tr.created_at < $4
      GROUP BY 1, 2`,
    [userId, INCOME_KINDS, since, until],
  );
  return rows;
}

/** USDT of a sum of micro-units. */
export const asUsdt = (micro: bigint) => Number(micro) / 1e6;

/** GET as the admin, as a member (their token) or anonymously (null). */
export const get = (url: string, token: string | null = admin) => t.call('GET', url, token ? { token } : {});
export const ok = async (url: string, token: string = admin) => {
  const res = await t.call('GET', url, { token });
  expect(res.status, res.raw).toBe(200);
  return res.body;
};
