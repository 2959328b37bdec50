import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  advance,
  count,
  DAY,
  earnings,
  expectReconciled,
  incomes,
  type Member,
  member,
  root,
  setupCompensation,
  t,
} from './compensation-fixtures.js';

let starter: number;
let leaderTier: number;
let s: Member; // qualifies for Starter first, later upgrades
let h: Member; // qualifies for the highest tier at once

async function tier(body: Record<string, unknown>) {
  const res = await t.call('POST', '/salary/tiers', { token: admin, body });
  expect(res.status, res.raw).toBe(201);
  return res.body.tier.id as number;
}
const run = async () => expect(await t.jobs.run('salary-daily')).toBe(true);
const assignments = async (m: Member) =>
  (
    await t.db.query<{ name: string; status: string; paid_months: number }>(
      'SELECT name, status, paid_months FROM salary_assignments WHERE user_id = $1 ORDER BY id',
      [m.id],
    )
  ).rows.map((r) => `${r.name}:${r.status}:${r.paid_months}`);
const payments = async (m: Member) => count('salary_payments', 'user_id = $1', [m.id]);

beforeAll(async () => {
  await setupCompensation();
  starter = await tier({
    name: 'Starter',
    amount: 50,
    months: 3,
    required_directs: 2,
    required_business: 1000,
  });
  leaderTier = await tier({
    name: 'Leader',
    amount: 200,
    months: 2,
    required_directs: 3,
    required_business: 5000,
  });
  s = await member(root, 1000);
  await member(s, 500);
  await member(s, 500); // 2 active directs, team business 1,000: Starter
  h = await member(root, 1000);
  for (const amount of [2000, 2000, 2000]) await member(h, amount); // 3 directs, 6,000: Leader
});
afterAll(async () => t.close());

describe('the daily salary run', () => {
  it('assigns the highest tier each member qualifies for; a second run changes nothing', async () => {
    await run();
    expect(await assignments(s)).toEqual(['Starter:active:0']);
    expect(await assignments(h)).toEqual(['Leader:active:0']);
    expect(await assignments(root)).toEqual([]); // two active directs and the business, but no plan of their own
    await run();
    expect(await count('salary_assignments')).toBe(2);
    expect(await count('salary_payments')).toBe(0);
    const ranks = await t.call('GET', '/leadership/list', { token: admin });
    expect(ranks.body.allleadership.map((l: { rank: string }) => l.rank).sort()).toEqual([
      'Leader',
      'Starter',
    ]);
  });

  it('pays every 30 days from the assignment, once per month, however often it runs', async () => {
    const before = await earnings(s);
    await advance(29 * DAY, s, h);
    await run();
    expect(await payments(s)).toBe(0);
    await advance(DAY, s, h);
    await run();
    await run();
    expect(await payments(s)).toBe(1);
    expect(await earnings(s)).toBe(before + 50);
    expect(await incomes(s.id, 'salary')).toEqual([
      expect.objectContaining({
        amount: 50_000_000n,
        paid: 50_000_000n,
        ref_type: 'salary',
        ref_id: `${s.id}:${starter}:1`,
      }),
    ]);
    expect(await earnings(h)).toBeGreaterThanOrEqual(200);
    expect(await assignments(h)).toEqual(['Leader:active:1']);
  });

  it('never downgrades: a member who falls back below the tier keeps it', async () => {
    const direct = (
      await t.db.query<{ id: bigint }>('SELECT id FROM users WHERE sponsor_id = $1 ORDER BY id LIMIT 1', [
        h.id,
      ])
    ).rows[0]!.id;
    const edit = await t.call('PUT', `/users/${direct}`, { token: admin, body: { is_active: 'inactive' } });
    expect(edit.status, edit.raw).toBe(200);
    await run();
    expect(await assignments(h)).toEqual(['Leader:active:1']); // qualifies for Starter only now: not given
  });

  it('upgrades: the months due of the old tier are paid, then the higher tier starts', async () => {
    await advance(15 * DAY, s, h);
    await member(s, 4000); // 3 directs, 5,000: Leader
    await advance(15 * DAY, s, h); // 60 days since Starter: month 2 is due
    await run();
    expect(await assignments(s)).toEqual(['Starter:replaced:2', 'Leader:active:0']);
    const history = (await t.call('GET', `/salary/user-history/${s.id}`, { token: s.token })).body;
    expect(history.current).toMatchObject({ tier_name: 'Leader', paid_months: 0, months: 2 });
    expect(
      history.payments.map((p: { tier_name: string; month: number }) => `${p.tier_name}:${p.month}`),
    ).toEqual(['Starter:2', 'Starter:1']);
    expect(history.total_paid).toBe(100);
    const ranks = (await t.call('GET', `/leadership/by/${s.id}`, { token: s.token })).body.leadership;
    expect(ranks.map((r: { rank: string }) => r.rank)).toEqual(['Leader', 'Starter']);
  });

  it('stops when the months are used; a blocked member’s month waits until they are unblocked', async () => {
    // h: Leader month 1 was paid on day 30; months 2 falls due on day 60 (passed above)
    await run();
    expect(await assignments(h)).toEqual(['Leader:completed:2']);
    await advance(90 * DAY, s, h);
    await t.call('PUT', `/users/${s.id}`, { token: admin, body: { status: 'block' } });
    await run();
    expect(await assignments(h)).toEqual(['Leader:completed:2']);
    expect(await assignments(s)).toEqual(['Starter:replaced:2', 'Leader:active:0']);
    await t.call('PUT', `/users/${s.id}`, { token: admin, body: { status: 'unblock' } });
    await run();
    expect(await assignments(s)).toEqual(['Starter:replaced:2', 'Leader:completed:2']);
    expect(await payments(s)).toBe(4);
  });
});

describe('salary lists and figures', () => {
  it('answers data, total, total_pages, current_page; members see only their own', async () => {
    const all = await t.call('GET', '/salary/user-salaries?limit=2', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, total_pages: 2, current_page: 1 });
    expect(all.body.data).toHaveLength(2);
    const own = await t.call('GET', '/salary/user-salaries', { token: h.token });
    expect(own.body.data.map((a: { user_id: number }) => a.user_id)).toEqual([h.id]);
    const tx = await t.call('GET', `/salary/transactions?user_id=${s.id}`, { token: admin });
    expect(tx.body).toMatchObject({ total: 4, total_pages: 1, current_page: 1 });
    const mine = await t.call('GET', `/salary/transactions?user_id=${s.id}`, { token: h.token });
    expect(mine.body.data.every((p: { user_id: number }) => p.user_id === h.id)).toBe(true);
    const stats = (await t.call('GET', '/salary/tier-stats', { token: admin })).body.tiers;
    expect(stats).toEqual([
      expect.objectContaining({ name: 'Leader', active: 0, completed: 2, payments: 4, paid: 800 }),
      expect.objectContaining({ name: 'Starter', replaced: 1, payments: 2, paid: 100 }),
    ]);
    const dash = (await t.call('GET', '/salary/admin-dashboard', { token: admin })).body;
    expect(dash).toMatchObject({
      tiers: 2,
      active_assignments: 0,
      completed_assignments: 2,
      members_paid: 2,
      total_paid: 900,
    });
    const today = (await t.call('GET', '/salary/today-stats', { token: admin })).body;
    expect(today).toMatchObject({ payments: 2, paid: 400, new_assignments: 0, due_next_24h: 0 });
  });

  it('tiers: bad input is a 400 and creates nothing; edits and deletes are audited', async () => {
    const tiers = await count('salary_tiers');
    for (const body of [
      { name: '', amount: 10, months: 1, required_directs: 0, required_business: 0 },
      { name: 'X', amount: 0, months: 1, required_directs: 0, required_business: 0 },
      { name: 'X', amount: 10, months: 0, required_directs: 0, required_business: 0 },
      { name: 'X', amount: 10, months: 1, required_directs: -1, required_business: 0 },
      { name: 'X', amount: 10, months: 1, required_directs: 0, required_business: -5 },
      { name: 'X', amount: 10, months: 1.5, required_directs: 0, required_business: 0 },
      { name: 'X', amount: 10, months: 1, required_directs: 0 },
    ]) {
      const res = await t.call('POST', '/salary/tiers', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count('salary_tiers')).toBe(tiers);
    expect(
      (await t.call('PUT', `/salary/tiers/${starter}`, { token: admin, body: { months: 0 } })).status,
    ).toBe(400);
    const edit = await t.call('PUT', `/salary/tiers/${starter}`, { token: admin, body: { amount: 60 } });
    expect(edit.body.tier.amount).toBe(60);
    const temp = await tier({
      name: 'Temp',
      amount: 1,
      months: 1,
      required_directs: 100,
      required_business: 0,
    });
    expect((await t.call('DELETE', `/salary/tiers/${temp}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/salary/tiers/${temp}`, { token: admin })).status).toBe(404);
    const listed = (await t.call('GET', '/salary/tiers', { token: h.token })).body.tiers;
    expect(listed.map((x: { name: string }) => x.name)).toEqual(['Leader', 'Starter']);
    expect(await count('audit_log', `action LIKE 'salary_tier.%'`)).toBe(5);
    expect(leaderTier).toBeGreaterThan(0);
  });

  it('an admin removes a leadership entry; salary is untouched', async () => {
    const entry = (await t.call('GET', `/leadership/by/${h.id}`, { token: admin })).body.leadership[0];
    const res = await t.call('DELETE', `/leadership/${entry.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect((await t.call('DELETE', `/leadership/${entry.id}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/leadership/by/${h.id}`, { token: h.token })).body.leadership).toEqual([]);
    expect(await assignments(h)).toEqual(['Leader:completed:2']);
    // other members see the board without team figures
    const board = (await t.call('GET', '/leadership/list', { token: h.token })).body.allleadership;
    expect(board.find((l: { user_id: number }) => l.user_id === s.id)).toMatchObject({
      directs: null,
      business: null,
    });
    await expectReconciled();
  });
});
