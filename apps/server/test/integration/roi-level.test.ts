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

const levels = (body: { levels: number[]; unlock_by_directs: boolean }) =>
  t.call('POST', '/plans/addinvestlevel', { token: f.admin(), body });
const DEFAULT_LEVELS = { levels: [10, 5, 3, 2, 1, 1, 1, 1, 1, 1], unlock_by_directs: true };

async function claimNow(m: Member) {
  await f.watch(m);
  const res = await f.claim(m);
  expect(res.status, res.raw).toBe(200);
  const { rows } = await t.db.query('SELECT max(id)::text AS id FROM roi_claims WHERE user_id = $1', [m.id]);
  return rows[0].id as string;
}

describe('level income on ROI claims (DOMAIN.md worked example)', () => {
  it('pays level 1 to B; level 2 to A only once A has two active directs', async () => {
    const a = await t.register(root.code);
    const b = await t.register(a.code);
    const c = await t.register(b.code);
    await f.invest(a, 100);
    await f.invest(b, 100);
    await f.invest(c, 1000);
    expect((await f.wallets(b)).earnings).toBe(50); // direct income 5 % of C's 1,000

    const claimId = await claimNow(c);
    expect(await f.incomesOf(b, 'level_income')).toEqual([
      {
        kind: 'level_income',
        amount: 0.5,
        paid: 0.5,
        cut: 0,
        source: c.id,
        level: 1,
        base: 5,
        percent: 10,
        ref_type: 'roi_claim',
        ref_id: claimId,
      },
    ]);
    expect(await f.incomesOf(a, 'level_income')).toEqual([]); // one active direct: level 2 locked
    expect(await f.incomesOf(root, 'level_income')).toEqual([]); // no plan: not active
    expect((await f.wallets(b)).earnings).toBe(50.5); // 50.5 of 700

    const a2 = await t.register(a.code);
    await f.invest(a2, 100); // A now has two active directs
    await f.later(DAY_MS, c);
    const second = await claimNow(c);
    expect(await f.incomesOf(a, 'level_income')).toEqual([
      expect.objectContaining({ level: 2, amount: 0.25, paid: 0.25, base: 5, percent: 5, ref_id: second }),
    ]);
    expect(await f.incomesOf(b, 'level_income')).toHaveLength(2); // once per claim
  });

  it('credits an upline crossing the cap only up to it and records the cut (B at 699.8)', async () => {
    const b = await t.register(root.code);
    const c = await t.register(b.code);
    const d = await t.register(b.code);
    await f.invest(b, 100); // limit 700
    await f.invest(c, 1000); // B +50
    await f.invest(d, 12_996); // B +649.8
    expect((await f.wallets(b)).earnings).toBe(699.8);
    await claimNow(c);
    expect(await f.incomesOf(b, 'level_income')).toEqual([
      expect.objectContaining({ level: 1, amount: 0.5, paid: 0.2, cut: 0.3 }),
    ]);
    expect((await f.wallets(b)).earnings).toBe(700);
    const { rows } = await t.db.query(
      `SELECT earning_limit::float8 / 1e6 AS lim, earned_before::float8 / 1e6 AS before
         FROM incomes WHERE user_id = $1 AND kind = 'level_income'`,
      [b.id],
    );
    expect(rows).toEqual([{ lim: 700, before: 699.8 }]);

    // at the limit: the next claim records a row paying nothing
    await f.later(DAY_MS, d);
    await claimNow(d);
    expect((await f.incomesOf(b, 'level_income')).at(-1)).toMatchObject({ paid: 0, cut: 6.498 }); // 10 % of 12,996 x 0.5 %
    expect((await f.wallets(b)).earnings).toBe(700);
  });
});

describe('who earns which level', () => {
  it('skips blocked, inactive and level-closed uplines without shifting the levels of the others', async () => {
    await levels({ levels: [10, 5, 3, 2], unlock_by_directs: false });
    try {
      const chain: Member[] = [];
      let sponsor = root;
      for (let i = 0; i < 5; i++) {
        const m = await t.register(sponsor.code);
        chain.push(m);
        sponsor = m;
      }
      const [u4, u3, u2, u1, claimant] = chain as [Member, Member, Member, Member, Member];
      for (const m of [u4, u3, u1, claimant]) await f.invest(m, 100); // u2 holds no plan: inactive
      await f.setUser(u1, { level_status: 'close' });
      await f.setUser(u3, { status: 'block' });
      await claimNow(claimant); // ROI 0.5

      expect(await f.incomesOf(u1, 'level_income')).toEqual([]);
      expect(await f.incomesOf(u2, 'level_income')).toEqual([]);
      expect(await f.incomesOf(u3, 'level_income')).toEqual([]);
      expect(await f.incomesOf(u4, 'level_income')).toEqual([
        expect.objectContaining({ level: 4, percent: 2, amount: 0.01, base: 0.5 }),
      ]);
    } finally {
      await levels(DEFAULT_LEVELS);
    }
  });

  it('pays as many levels as there are percents (default 10), each once per claim', async () => {
    await levels({ levels: [10, 5, 3, 2, 1, 1, 1, 1, 1, 1], unlock_by_directs: false });
    try {
      const chain: Member[] = [];
      let sponsor = root;
      for (let i = 0; i < 12; i++) {
        const m = await t.register(sponsor.code);
        await f.invest(m, 100);
        chain.push(m);
        sponsor = m;
      }
      const claimant = chain.at(-1)!;
      await f.invest(claimant, 9900); // active plan 10,000: ROI 50
      await claimNow(claimant);
      const uplines = chain.slice(0, -1).reverse(); // level 1 first
      const paid = await Promise.all(
        uplines.map(async (u) => (await f.incomesOf(u, 'level_income'))[0]?.paid),
      );
      expect(paid).toEqual([5, 2.5, 1.5, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, undefined]);
    } finally {
      await levels(DEFAULT_LEVELS);
    }
  });

  it('members of one line claiming at once all get paid (their own claims and their uplines’ do not deadlock)', async () => {
    await levels({ levels: [10, 5, 3, 2, 1, 1, 1, 1, 1, 1], unlock_by_directs: false });
    try {
      const line: Member[] = [];
      let sponsor = root;
      for (let i = 0; i < 8; i++) {
        const m = await t.register(sponsor.code);
        await f.invest(m, 1000);
        line.push(m);
        sponsor = m;
      }
      for (const m of line) await f.watch(m, 0);
      t.clock.advance(10_000);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(line.map((m) => f.claim(m)));
        expect(answers.map((a) => a.status)).toEqual(line.map(() => 200));
        await f.later(24 * 3_600_000, ...line);
        for (const m of line) await f.watch(m, 0);
        t.clock.advance(10_000);
      }
      // the top member earned level 1..7 from the seven below, three times
      expect(await f.incomesOf(line[0]!, 'level_income')).toHaveLength(21);
    } finally {
      await levels(DEFAULT_LEVELS);
    }
  });

  it('level k needs k active directs under the unlock rule', async () => {
    const top = await t.register(root.code);
    const mid = await t.register(top.code);
    const claimant = await t.register(mid.code);
    await f.invest(top, 100);
    await f.invest(mid, 100);
    await f.invest(claimant, 1000);
    // top has one active direct (mid): level 2 locked; an inactive second direct does not count
    await t.register(top.code);
    await claimNow(claimant);
    expect(await f.incomesOf(top, 'level_income')).toEqual([]);
    expect(await f.incomesOf(mid, 'level_income')).toHaveLength(1);
  });
});
