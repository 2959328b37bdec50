/**
 * The economy simulation of the compensation issue: a few hundred members over 60 simulated days
 * (the injected clock moves) join under random sponsors, get deposits, buy plans, claim their daily
 * ROI after watching, compound, get blocked, and withdraw, all through the real API. Every balance,
 * every income and every earning total is checked against the independent model of DOMAIN.md's
 * rules (`economy-model.ts`); the caps hold; the ledger reconciles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { SessionAuth } from '../../src/modules/identity/auth/tokens.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { raiseSoloLimits } from './approval-fixtures.js';
import { EconomyModel, type ModelMember, type PlanRule } from './economy-model.js';
import { payoutHash } from './payout-hashes.js';

const DAYS = Number(process.env.SIM_DAYS ?? 60);
const MEMBERS = Number(process.env.SIM_MEMBERS ?? 200);
const HOUR = 3_600_000;
const micro = (usdt: number) => BigInt(Math.round(usdt * 1e6));

let t: TestApp;
let admin: string;
let seed = 20261122;
/** A small deterministic generator: a failing run can be replayed exactly. */
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;

const tokens = new Map<number, string>();
const codes = new Map<number, string>();
let model: EconomyModel;
const plans: (PlanRule & { min: number; max: number })[] = [];
const refused = new Map<string, number>();

beforeAll(async () => {
  // the rules of income are what this test is about; four eyes on big payouts has its own test
  // (payouts.test.ts), and one admin decides every withdrawal and deposit here: no four-eyes amount
  // and no 24 h limit on what one admin approves alone (staff-money.test.ts tests those)
  t = await createTestApp({ FOUR_EYES_ABOVE_USDT: '1000000000' });
  admin = await t.adminToken();
  await raiseSoloLimits(t, admin);
  for (const p of [
    {
      name: 'Starter',
      min_amount: 50,
      max_amount: 1000,
      roi_percent: 0.5,
      cap_multiple: 7,
      direct_percent: 5,
    },
    {
      name: 'Turbo',
      min_amount: 100,
      max_amount: 5000,
      roi_percent: 2.5,
      cap_multiple: 2,
      direct_percent: 8,
    },
  ]) {
    const res = await t.call('POST', '/plans/add', { token: admin, body: p });
    plans.push({
      id: res.body.plan.id,
      roiMicroPercent: micro(p.roi_percent),
      directMicroPercent: micro(p.direct_percent),
      cap: BigInt(p.cap_multiple),
      min: p.min_amount,
      max: p.max_amount,
    });
  }
  model = new EconomyModel([10, 5, 3, 2, 1, 1, 1, 1, 1, 1].map(micro), 24 * HOUR);
});
afterAll(async () => t.close());

const as = (m: ModelMember) => ({ token: tokens.get(m.id)! });
const now = () => t.clock.now().getTime();

/**
 * Sessions last a day (admins 8 h), so every simulated morning everyone signs in again. Tokens are
 * issued by the session service directly: 240 password hashes a day would only measure argon2.
 */
async function signInEveryone() {
  const sessions = new SessionAuth(t.db, 'x'.repeat(48), t.clock);
  admin = await t.adminToken();
  const signedIn = [...model.members.values()].filter((m) => !m.blocked);
  await Promise.all(
    signedIn.map(async (m) => tokens.set(m.id, (await sessions.issue(t.db, m.id, 'member', {})).token)),
  );
}

async function join() {
  const all = [...model.members.values()];
  // half the newcomers join under one of the latest members: long legs as well as wide ones
  const sponsor = all.length === 0 ? null : rand() < 0.5 ? pick(all.slice(-15)) : pick(all);
  const sponsorCode = sponsor ? codes.get(sponsor.id) : undefined;
  const r = await t.register(sponsorCode);
  tokens.set(r.id, r.token);
  codes.set(r.id, r.code);
  await t.db.query(`UPDATE users SET verify_at = $2, bep20 = $3 WHERE id = $1`, [
    r.id,
    t.clock.now(),
    '0x52908400098527886E0F7030069857D2E4169EE7',
  ]);
  model.join(r.id, sponsor?.id ?? null);
}

async function depositAndBuy(m: ModelMember) {
  const plan = pick(plans);
  // a third buy the minimum: small limits under big teams are where the cap bites
  const amount =
    rand() < 0.33 ? plan.min : Math.round((plan.min + rand() * (plan.max - plan.min) * 0.6) * 100) / 100;
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
  expect(dep.status, JSON.stringify(dep.body)).toBe(201);
  const approved = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status, approved.raw).toBe(200);
  model.deposit(m, micro(amount));
  const res = await t.call('POST', '/topup/add', { ...as(m), body: { plan_id: plan.id, amount } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  model.buy(m, plan, micro(amount));
}

/** A member's own request from their own address (the watch route is limited per IP). */
async function callAs(m: ModelMember, method: 'POST' | 'PUT', url: string, body?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${tokens.get(m.id)}` },
    remoteAddress: `10.${(m.id >> 16) & 255}.${(m.id >> 8) & 255}.${m.id & 255}`,
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function claimRound(claimants: ModelMember[]) {
  // starting to watch moves no money: all at once; the claims then go one by one, in the model's order
  const started = await Promise.all(
    claimants.map((m) => callAs(m, 'POST', '/referral/watch-session', { purpose: 'video' })),
  );
  // a blocked member's sessions were ended: they cannot even start watching
  started.forEach((res, i) => {
    expect(res.status, JSON.stringify(res.body)).toBe(claimants[i]!.blocked ? 401 : 201);
  });
  t.clock.advance(10_000);
  for (const m of claimants) {
    const expected = model.refusal(m, now());
    const res = await callAs(m, 'PUT', `/referral/self-trade/${m.id}`);
    if (expected === null) {
      expect(res.status, `member ${m.id}: ${JSON.stringify(res.body)}`).toBe(200);
      model.claim(m, now());
    } else {
      expect(res.status, `member ${m.id} should be refused (${expected})`).toBeGreaterThanOrEqual(400);
      refused.set(expected, (refused.get(expected) ?? 0) + 1);
    }
  }
}

async function withdraw(m: ModelMember, wallet: 'roi' | 'earnings') {
  const available = wallet === 'roi' ? m.roi : m.earnings;
  if (available < micro(10) || m.blocked) return;
  const amount = Number(available / 1_000_000n);
  const path = wallet === 'roi' ? '/withdrawalrequest/add/roiwithdrawal' : '/withdrawalrequest/add';
  const res = await t.call('POST', path, { ...as(m), body: { amount, password: 'MemberPass123' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.withdrawal.id;
  const approve = rand() < 0.7;
  const decide = wallet === 'roi' ? `/withdrawalrequest/update/roi/${id}` : `/withdrawalrequest/${id}`;
  const body = approve
    ? { status: 'approved', tx_hash: payoutHash(id) }
    : { status: 'rejected', reason: 'test' };
  expect((await t.call('PUT', decide, { token: admin, body })).status).toBe(200);
  if (approve) {
    if (wallet === 'roi') m.roi -= micro(amount);
    else m.earnings -= micro(amount);
  }
}

/** Blocking ends the member's sessions, so a blocked member stays blocked for the rest of the run. */
async function block(m: ModelMember) {
  const res = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { status: 'block' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  m.blocked = true;
}

async function compare() {
  const { rows } = await t.db.query<{ owner_user_id: bigint; kind: string; balance: bigint }>(
    'SELECT owner_user_id, kind, balance FROM accounts WHERE owner_user_id IS NOT NULL',
  );
  const actual = new Map(rows.map((r) => [`${r.owner_user_id}:${r.kind}`, r.balance]));
  const totals = new Map(
    (await t.db.query('SELECT user_id, total FROM member_earnings')).rows.map((r) => [
      Number(r.user_id),
      r.total,
    ]),
  );
  const incomes = (
    await t.db.query<{ user_id: bigint; kind: string; amount: bigint; paid: bigint }>(
      'SELECT user_id, kind, amount, paid FROM incomes ORDER BY id',
    )
  ).rows;
  for (const m of model.members.values()) {
    const got = (kind: string) => actual.get(`${m.id}:${kind}`) ?? 0n;
    const want = {
      fund: m.fund,
      earnings: m.earnings,
      roi: m.roi,
      principal: m.principal,
      compound: m.compound,
    };
    expect({
      fund: got('fund'),
      earnings: got('earnings'),
      roi: got('roi'),
      principal: got('principal'),
      compound: got('compound'),
    }).toEqual(want);
    expect(totals.get(m.id) ?? 0n, `total earnings of ${m.id}`).toBe(m.total);
    const mine = incomes.filter((r) => Number(r.user_id) === m.id);
    const summary = (xs: { kind: string; amount: bigint; paid: bigint }[]) =>
      xs.map((x) => `${x.kind}:${x.amount}:${x.paid}`).sort();
    expect(summary(mine), `incomes of ${m.id}`).toEqual(summary(m.incomes));
  }
}

describe('economy simulation', () => {
  it(`${MEMBERS} members over ${DAYS} days earn exactly what the rules owe`, async () => {
    for (let day = 0; day < DAYS; day++) {
      await signInEveryone();
      const joiners = day < 30 ? Math.min(Math.ceil(MEMBERS / 30), MEMBERS - model.members.size) : 0;
      for (let i = 0; i < joiners; i++) await join();
      const members = [...model.members.values()];
      for (const m of members) if (!m.blocked && rand() < (m.active ? 0.04 : 0.35)) await depositAndBuy(m);
      t.clock.advance(Math.floor(rand() * 2 * HOUR));
      // blocked members still try: the server must refuse them
      await claimRound(members.filter((m) => m.active && rand() < 0.75));
      for (const m of members) {
        if (rand() < 0.05) await withdraw(m, rand() < 0.5 ? 'roi' : 'earnings');
        if (rand() < 0.02 && !m.blocked && m.compoundMicroPercent === 0n) {
          const res = await t.call('PUT', '/withdrawalrequest/compound/amount', {
            ...as(m),
            body: { percent: 25 },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          m.compoundMicroPercent = micro(25);
        }
        if (rand() < 0.003 && !m.blocked) await block(m);
      }
      if (day % 15 === 14) await compare();
      if (process.env.SIM_TRACE) console.log(`day ${day}: ${Math.round(performance.now())} ms`);
      // the next morning comes 22 to 24 hours later: some come back before their 24 hours are up
      t.clock.advance(22 * HOUR + Math.floor(rand() * 2 * HOUR) - 10_000);
    }
    await compare();
    // the cap held at every payment: nothing was paid past the limit as it stood then
    const over = await t.db.query(
      'SELECT count(*)::int AS n FROM incomes WHERE earning_limit IS NOT NULL AND paid > 0 AND earned_before + paid > earning_limit',
    );
    expect(over.rows[0].n).toBe(0);
    const report = await reconcile(t.db);
    expect(
      report.ok,
      JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(true);
    // the run exercised what it claims to: caps reached, cooldowns and blocked members refused
    const cut = await t.db.query('SELECT count(*)::int AS n FROM incomes WHERE cut > 0');
    expect(cut.rows[0].n).toBeGreaterThan(0);
    expect(refused.get('cooldown') ?? 0).toBeGreaterThan(0);
    expect(refused.get('blocked') ?? 0).toBeGreaterThan(0);
    expect(model.members.size).toBe(MEMBERS);
  }, 1_200_000);
});
