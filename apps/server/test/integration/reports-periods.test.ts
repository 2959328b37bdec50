import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, buildScenario, PAID_HASH, report, setupReports, t } from './reports-fixtures.js';

/** The period reports (deposits, withdrawals, top-ups) over the scenario of reports-fixtures.ts. */
beforeAll(async () => {
  await setupReports();
  await buildScenario();
});
afterAll(async () => t.close());

describe('period reports', () => {
  it('lists the deposits of the period with totals and a daily series', async () => {
    const r = await report('deposits', 'from=2026-11-01&to=2026-11-04');
    expect(r).toMatchObject({ from: '2026-11-01', to: '2026-11-04', group: 'day', total: 4 });
    expect(r.totals).toEqual({
      count: 4,
      // issue 37.11: the count beside the credited amount is of credited deposits, as on the dashboard
      headline_count: 2,
      amount: 1500,
      // what was credited, by channel (all recorded by an admin here), and what was not
      parts: { admin: 1500, crypto: 0, wallet: 0, code: 0, pending: 200, rejected: 50 },
      part_counts: { admin: 2, crypto: 0, wallet: 0, code: 0, pending: 1, rejected: 1 },
    });
    const none = { admin: 0, crypto: 0, wallet: 0, code: 0, pending: 0, rejected: 0 };
    expect(r.series).toEqual([
      { period: '2026-11-01', count: 2, amount: 1500, parts: { ...none, admin: 1500 } },
      { period: '2026-11-02', count: 2, amount: 0, parts: { ...none, pending: 200, rejected: 50 } },
      { period: '2026-11-03', count: 0, amount: 0, parts: none },
      { period: '2026-11-04', count: 0, amount: 0, parts: none },
    ]);
    expect(r.columns.map((c: { key: string }) => c.key)).toEqual([
      'id',
      'channel',
      'created_at',
      'username',
      'amount',
      'status',
      'decided_at',
      'note',
    ]);
    // newest first
    expect(r.rows.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [50, 'rejected'],
      [200, 'pending'],
      [500, 'approved'],
      [1000, 'approved'],
    ]);
  });

  it('filters by period: only the rows of those days count', async () => {
    const r = await report('deposits', 'from=2026-11-02&to=2026-11-02');
    expect(r.totals).toEqual({
      count: 2,
      headline_count: 0,
      amount: 0,
      parts: { admin: 0, crypto: 0, wallet: 0, code: 0, pending: 200, rejected: 50 },
      part_counts: { admin: 0, crypto: 0, wallet: 0, code: 0, pending: 1, rejected: 1 },
    });
    expect(r.rows).toHaveLength(2);
    const later = await report('deposits', 'from=2026-11-03&to=2026-11-30');
    expect(later).toMatchObject({ rows: [], total: 0, totals: { count: 0 } });
    expect(later.series).toHaveLength(28);
  });

  it('groups by ISO week (Monday first) and by month', async () => {
    // 1 Nov 2026 is a Sunday: it belongs to the week of Monday 26 October
    const weeks = await report('deposits', 'from=2026-11-01&to=2026-11-08&group=week');
    expect(weeks.series.map((p: { period: string; count: number }) => [p.period, p.count])).toEqual([
      ['2026-10-26', 2],
      ['2026-11-02', 2],
    ]);
    const months = await report('deposits', 'from=2026-10-15&to=2026-12-01&group=month');
    expect(months.series.map((p: { period: string; amount: number }) => [p.period, p.amount])).toEqual([
      ['2026-10-01', 0],
      ['2026-11-01', 1500],
      ['2026-12-01', 0],
    ]);
  });

  it('pages the rows and keeps the totals of the whole period', async () => {
    const r = await report('deposits', 'from=2026-11-01&to=2026-11-04&limit=1&page=2');
    expect(r).toMatchObject({ total: 4, totalPages: 4, currentPage: 2, totals: { count: 4 } });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ amount: 200, status: 'pending', note: '+cmd' });
  });

  it('reports withdrawals by status, cancelled ones apart', async () => {
    const r = await report('withdrawals', 'from=2026-11-01&to=2026-11-04');
    expect(r.totals).toEqual({
      count: 4,
      headline_count: 1,
      amount: 100,
      parts: { approved: 100, pending: 100, rejected: 50, cancelled: 20 },
      part_counts: { approved: 1, pending: 1, rejected: 1, cancelled: 1 },
    });
    const paid = r.rows.find((row: { status: string }) => row.status === 'approved');
    expect(paid).toMatchObject({
      amount: 100,
      fee: 20,
      net: 80,
      wallet: 'Principal',
      network: 'BEP20',
      tx_hash: PAID_HASH,
    });
    expect(r.series.at(-1)).toMatchObject({ period: '2026-11-04', count: 4, amount: 100 });
  });

  it('reports the plan purchases as top-ups', async () => {
    const r = await report('topups', 'from=2026-11-01&to=2026-11-04');
    expect(r.totals).toEqual({
      count: 2,
      headline_count: 2,
      amount: 700,
      parts: { purchase: 700, retopup: 0, activation: 0, reversed: 0 },
      part_counts: { purchase: 2, retopup: 0, activation: 0, reversed: 0 },
    });
    expect(r.rows.map((row: { kind: string; plan: string; status: string }) => row.kind)).toEqual([
      'Purchase',
      'Purchase',
    ]);
    expect(r.rows[0]).toMatchObject({ plan: 'Core', status: 'done' });
  });

  it('defaults to the 30 days up to today', async () => {
    const r = await report('deposits');
    expect(r).toMatchObject({ from: '2026-10-06', to: '2026-11-04', total: 4 });
  });

  it('refuses bad filters with a clear message', async () => {
    const bad = async (url: string, message: string | RegExp) => {
      const res = await t.call('GET', url, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad(
      '/reports/deposits?from=2026-11-05&to=2026-11-01',
      'The start date must be on or before the end date',
    );
    await bad('/reports/deposits?from=2026-13-01', /Use a date such as 2026-11-01/);
    await bad('/reports/deposits?group=year', /Group by day, week or month/);
    await bad('/reports/payouts', /Choose a report: deposits, withdrawals, topups or incomes/);
    await bad('/reports/deposits?format=xlsx', /Format is json or csv/);
    await bad(
      '/reports/deposits?from=2000-01-01&to=2026-11-01',
      'This period makes more than 400 days: choose a shorter period or group by week or month',
    );
    await bad('/reports/deposits?limit=500', /limit/);
  });
});
