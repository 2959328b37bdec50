/**
 * "What if" runs the live engine on a copy of tomorrow: with unchanged settings its projection of
 * the next days is what the live engine then pays when the clock moves over those days (ROI and
 * level income per day, liabilities, coverage), a proposal changes the figures and not the
 * platform, and only admins may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { DAY_MS, type Member, roiFixtures } from './roi-fixtures.js';
import { project } from './what-if-fixtures.js';

let t: TestApp;
let f: ReturnType<typeof roiFixtures>;
const members: Member[] = [];
const DAYS = 4;

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  // a line of four: each sponsors the next; level income 10, 5 and 3 % of the ROI, no unlock rule
  let sponsor: string | undefined;
  for (const amount of [1000, 500, 200, 100]) {
    const m = await t.register(sponsor);
    await f.invest(m, amount);
    members.push(m);
    sponsor = m.code;
  }
  const levels = await t.call('POST', '/plans/addinvestlevel', {
    token: f.admin(),
    body: { levels: [10, 5, 3], unlock_by_directs: false },
  });
  expect(levels.status, levels.raw).toBe(200);
});
afterAll(async () => t.close());

/** What the platform looks like: balances, claims, incomes, members, purchases, the plan, the level percents. */
async function state() {
  const { rows } = await t.db.query(
    `SELECT (SELECT coalesce(sum(balance), 0)::text FROM accounts WHERE owner_user_id IS NOT NULL) AS held,
            (SELECT count(*)::int FROM roi_claims) AS claims,
            (SELECT count(*)::int FROM incomes) AS incomes,
            (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM topups) AS topups,
            (SELECT row(roi_percent, cap_multiple)::text FROM plans ORDER BY id LIMIT 1) AS plan,
            (SELECT levels::text FROM level_percents WHERE kind = 'invest') AS levels`,
  );
  return rows[0];
}

const liabilities = async () =>
  Number(
    (await t.db.query(`SELECT coalesce(sum(balance), 0) AS s FROM accounts WHERE owner_user_id IS NOT NULL`))
      .rows[0].s,
  ) / 1e6;

async function paidBetween(since: Date, until: Date) {
  const { rows } = await t.db.query<{ kind: string; paid: string }>(
    `SELECT kind, sum(paid)::text AS paid FROM incomes WHERE created_at >= $1 AND created_at < $2 GROUP BY kind`,
    [since, until],
  );
  const out = { roi_income: 0, level_income: 0, direct_income: 0 };
  for (const r of rows) out[r.kind as keyof typeof out] = Number(r.paid) / 1e6;
  return out;
}

describe('what if', () => {
  it('projects the days the live engine then pays, and changes nothing', async () => {
    const planId = await f.plan();
    const before = await state();
    const res = await project(t, f.admin(), {
      days: DAYS,
      plans: [{ id: planId, roi_percent: 40, cap_multiple: 1 }],
      levels: [20, 10, 5],
    });
    expect(res.body.status, res.raw).toBe('done');
    expect(await state()).toEqual(before);
    const { current, proposed } = res.body.result;
    expect(res.body.result.members).toBe(4);
    expect(current.days).toHaveLength(DAYS);

    // day 1 by hand: 0.5 % of each plan; level income on each claim to up to three uplines
    expect(current.days[0].incomes).toEqual({
      roi_income: 9, // 5 + 2.5 + 1 + 0.5
      // a's 2.5 pays 0.25 up; b's 1 pays 0.1 and 0.05; c's 0.5 pays 0.05, 0.025 and 0.015
      level_income: 0.49,
      direct_income: 0,
      reward: 0,
      salary: 0,
      cto: 0,
    });

    // the live engine over the same days: each member watches and claims, in the same order
    for (let day = 1; day <= DAYS; day++) {
      await f.later(DAY_MS, ...members);
      const since = t.clock.now();
      for (const m of members) {
        await f.watch(m);
        const claimed = await f.claim(m);
        expect(claimed.status, claimed.raw).toBe(200);
      }
      const projected = current.days[day - 1];
      expect({
        ...projected.incomes,
        ...(await paidBetween(since, new Date(t.clock.now().getTime() + 1))),
      }).toEqual(projected.incomes);
      expect(await liabilities()).toBe(projected.liabilities);
      expect(projected.claims).toBe(4);
    }

    // the proposal pays far more and brings the first members to their limit within the period
    expect(proposed.totals.roi_income).toBeGreaterThan(current.totals.roi_income * 10);
    expect(proposed.days.at(-1).members_at_cap).toBeGreaterThan(0);
    expect(current.days.at(-1).members_at_cap).toBe(0);
    expect(proposed.days.at(-1).coverage).toBeLessThan(current.days.at(-1).coverage);
  });

  it('applies the claim rate to the same members in both columns, and answers only admins', async () => {
    const res = await project(t, f.admin(), { days: 2, claim_rate: 0 });
    expect(res.body.status, res.raw).toBe('done');
    expect(res.body.result.current.totals).toEqual({
      roi_income: 0,
      level_income: 0,
      direct_income: 0,
      reward: 0,
      salary: 0,
      cto: 0,
      claims: 0,
      joins: 0,
      withdrawals: 0,
      paid: 0,
    });
    expect(res.body.result.current.days[1].liabilities).toBe(await liabilities());

    expect((await t.call('POST', '/plans/what-if', { token: members[0]!.token, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/plans/what-if', { body: {} })).status).toBe(401);
    const bad = await t.call('POST', '/plans/what-if', { token: f.admin(), body: { days: 400 } });
    expect(bad.body.message).toMatch(/365 days/);
    const huge = await t.call('POST', '/plans/what-if', {
      token: f.admin(),
      body: { days: 365, joins_per_day: 10_000 },
    });
    expect(huge).toMatchObject({ status: 400 });
    expect(huge.body.message).toMatch(/at most 10,000,000 \(ten million\)/);
    expect(bad.status).toBe(400);
    const unknown = await t.call('POST', '/plans/what-if', {
      token: f.admin(),
      body: { days: 1, plans: [{ id: 99_999, roi_percent: 1 }] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Plan 99999 does not exist' } });
    const hugeId = await t.call('POST', '/plans/what-if', {
      token: f.admin(),
      body: { days: 1, plans: [{ id: 2 ** 40, roi_percent: 1 }] },
    });
    expect(hugeId.status, hugeId.raw).toBe(400);
  });

  it('lets new members join: they deposit, buy, pay their sponsor direct income and claim; nothing stays', async () => {
    const before = await state();
    const res = await project(t, f.admin(), {
      days: 3,
      joins_per_day: 2,
      join_amount: 100,
      plans: [{ id: await f.plan(), direct_percent: 10 }],
    });
    expect(res.body.status, res.raw).toBe('done');
    expect(await state()).toEqual(before);
    const { current, proposed } = res.body.result;
    expect(current.days.map((d: { joins: number }) => d.joins)).toEqual([2, 2, 2]);
    expect(current.totals.joins).toBe(6);
    // each join deposits 100: reserves grow by 200 a day
    expect(current.days[1].reserves - current.days[0].reserves).toBeCloseTo(200, 6);
    expect(current.days[0].deposits).toBe(200);
    // 5 % direct income now, 10 % proposed, on each 100 bought (when the sponsor earns it)
    expect(current.totals.direct_income).toBeGreaterThan(0);
    expect(proposed.totals.direct_income).toBeCloseTo(current.totals.direct_income * 2, 6);
    // the joiners claim too: more claims each day than the four members of before
    expect(current.days[2].claims).toBeGreaterThan(current.days[0].claims);
    expect(res.body.result.assumptions.join(' ')).toMatch(/2 new member\(s\) a day/);
  });
});
