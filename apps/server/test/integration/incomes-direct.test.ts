import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { depositByHand, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let admin: string;
/** Approves the deposits past what `admin` may approve alone (issue 36). */
let eyes: string;
let planId: number;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  eyes = (await secondEyes(t)).token;
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
  await depositByHand(t, { ask: admin, approve: eyes }, m.id, amount);
}
const buy = (m: Member, amount: number) =>
  t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
const wallets = async (m: Member) => {
  const { rows } = await t.db.query<{ kind: string; balance: bigint }>(
    'SELECT kind, balance FROM accounts WHERE owner_user_id = $1',
    [m.id],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.balance) / 1e6]));
};
const incomesOf = async (m: Member) =>
  (
    await t.db.query(
      `SELECT kind, amount, paid, cut, source_user_id, level, base_amount, percent, earning_limit, earned_before
         FROM incomes WHERE user_id = $1 ORDER BY id`,
      [m.id],
    )
  ).rows;

describe('direct income', () => {
  it('pays the active sponsor 5 % of a purchase, once, with its cause (DOMAIN.md worked example)', async () => {
    const b = await t.register(root.code);
    const c = await t.register(b.code);
    await fund(b, 100);
    await buy(b, 100);
    await fund(c, 1000);
    expect((await buy(c, 1000)).status).toBe(201);
    expect(await wallets(b)).toMatchObject({ earnings: 50, principal: 100 });
    expect(await incomesOf(b)).toEqual([
      {
        kind: 'direct_income',
        amount: 50_000_000n,
        paid: 50_000_000n,
        cut: 0n,
        source_user_id: BigInt(c.id),
        level: 1,
        base_amount: 1_000_000_000n,
        percent: '5.0000',
        earning_limit: 700_000_000n,
        earned_before: 0n,
      },
    ]);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('pays an inactive or blocked sponsor nothing', async () => {
    const idle = await t.register(root.code);
    const c = await t.register(idle.code);
    await fund(c, 200);
    await buy(c, 200);
    expect(await incomesOf(idle)).toEqual([]);
    expect((await wallets(idle)).earnings ?? 0).toBe(0);
  });

  it('credits only up to the earning limit and records the cut', async () => {
    const b = await t.register(root.code);
    await fund(b, 100);
    await buy(b, 100); // limit 700
    const buyers = await Promise.all(Array.from({ length: 3 }, () => t.register(b.code)));
    for (const c of buyers) await fund(c, 5000);
    // 3 purchases of 5,000 pay 250 each: 250 + 250 + 200 (cut 50)
    await Promise.all(buyers.map((c) => buy(c, 5000)));
    const rows = await incomesOf(b);
    expect(rows.map((r) => Number(r.paid) / 1e6).sort()).toEqual([200, 250, 250]);
    expect(rows.map((r) => Number(r.cut) / 1e6).sort()).toEqual([0, 0, 50]);
    expect((await wallets(b)).earnings).toBe(700);
    const fourth = await t.register(b.code);
    await fund(fourth, 100);
    await buy(fourth, 100);
    const last = (await incomesOf(b)).at(-1)!;
    expect(last).toMatchObject({ amount: 5_000_000n, paid: 0n, cut: 5_000_000n });
    expect((await wallets(b)).earnings).toBe(700);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
