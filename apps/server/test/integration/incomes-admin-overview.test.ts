import { INCOME_KINDS } from '@app/contracts/incomes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a, b, capA, get, ok, setupIncomes, t } from './incomes-views-fixtures.js';

/** GET /incomes/admin/overview: the figures of /admin/income (scenario in the fixtures, A capped). */
beforeAll(async () => {
  await setupIncomes();
  await capA();
});
afterAll(async () => t.close());

const RANGE = 'from=2026-10-19&to=2026-11-01';

/** The ledger's income transfers of [from, to] (whole UTC days), per kind. */
async function ledgerByKind(from: string, to: string) {
  const { rows } = await t.db.query<{ kind: string; paid: bigint }>(
    `SELECT kind, sum(amount)::bigint AS paid FROM transfers
      WHERE status = 'posted' AND kind = ANY($1) AND created_at >= $2::date AND created_at < $3::date + 1
      GROUP BY kind`,
    [INCOME_KINDS, from, to],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.paid) / 1e6]));
}

describe('access', () => {
  it('is for admins only', async () => {
    for (const token of [null, a.token, b.token, 'not-a-token']) {
      const res = await get('/incomes/admin/overview', token);
      expect(res.status).toBe(token === a.token || token === b.token ? 403 : 401);
      expect(Object.keys(res.body)).toEqual(['message', 'code']);
    }
    expect((await get('/incomes/admin/overview')).status).toBe(200);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['granularity=year', /day, week or month/],
      ['from=2026-11-05&to=2026-11-01', /on or before/],
      ['from=1-11-2026', /2026-11-01/],
      ['from=2020-01-01&to=2026-11-01&granularity=day', /more than 400 days/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/incomes/admin/overview?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});

describe('overview', () => {
  it('totals the period by kind, with what the limit cut, as the ledger paid it', async () => {
    const o = await ok(`/incomes/admin/overview?${RANGE}`);
    expect(o).toMatchObject({ from: '2026-10-19', to: '2026-11-01', granularity: 'day' });
    expect(o.totals).toMatchObject({ count: 12, members: 2, amount: 846.75, paid: 701.25, cut: 145.5 });
    const kind = (k: string) => o.totals.by_kind.find((r: { kind: string }) => r.kind === k);
    expect(kind('direct_income')).toMatchObject({ count: 4, amount: 810, paid: 664.5, cut: 145.5 });
    expect(kind('level_income')).toMatchObject({ count: 2, paid: 10, cut: 0, label: 'Level income' });
    expect(kind('bonus')).toMatchObject({ count: 3, paid: 3.25 });
    expect(kind('salary')).toMatchObject({ count: 0, paid: 0 });
    const ledger = await ledgerByKind('2026-10-19', '2026-11-01');
    for (const row of o.totals.by_kind) expect(row.paid, row.kind).toBe(ledger[row.kind] ?? 0);
  });

  it('has a point per day, week or month, summing to the totals', async () => {
    const days = await ok(`/incomes/admin/overview?${RANGE}`);
    expect(days.series).toHaveLength(14);
    const day = (d: string) => days.series.find((p: { period: string }) => p.period === d);
    expect(day('2026-10-20')).toMatchObject({ paid: 26, cut: 0, parts: { reward: 20, level_income: 4 } });
    expect(day('2026-11-01')).toMatchObject({ paid: 664.5, cut: 145.5, parts: { direct_income: 664.5 } });
    expect(day('2026-10-25')).toMatchObject({ paid: 0, cut: 0 });

    const weeks = await ok(`/incomes/admin/overview?${RANGE}&granularity=week`);
    expect(weeks.series.map((p: { period: string; paid: number }) => [p.period, p.paid])).toEqual([
      ['2026-10-19', 26],
      ['2026-10-26', 675.25],
    ]);
    const months = await ok(`/incomes/admin/overview?${RANGE}&granularity=month`);
    expect(months.series.map((p: { period: string; paid: number }) => [p.period, p.paid])).toEqual([
      ['2026-10-01', 36.75],
      ['2026-11-01', 664.5],
    ]);
    expect(months.totals.paid).toBe(days.totals.paid);
  });

  it('ranks the top earners of the period', async () => {
    const o = await ok(`/incomes/admin/overview?${RANGE}`);
    expect(o.top_earners).toEqual([
      { user_id: a.id, username: expect.any(String), count: 11, paid: 696.25, cut: 145.5 },
      { user_id: b.id, username: expect.any(String), count: 1, paid: 5, cut: 0 },
    ]);
  });

  it('covers the last 30 days by default and only the chosen days otherwise', async () => {
    const recent = await ok('/incomes/admin/overview');
    expect(recent).toMatchObject({ from: '2026-10-03', to: '2026-11-01' });
    expect(recent.totals.paid).toBe(701.25);
    const september = await ok('/incomes/admin/overview?from=2026-09-01&to=2026-09-30&granularity=week');
    expect(september.totals).toMatchObject({ count: 1, paid: 10, members: 1 });
    expect(september.top_earners).toEqual([expect.objectContaining({ user_id: a.id, paid: 10 })]);
    const empty = await ok('/incomes/admin/overview?from=2026-08-01&to=2026-08-31&granularity=month');
    expect(empty.totals).toMatchObject({ count: 0, paid: 0, cut: 0, members: 0 });
    expect(empty.top_earners).toEqual([]);
  });
});
