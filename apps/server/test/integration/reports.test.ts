import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { post } from '../../src/ledger/ledger.js';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * The dashboard figures and period reports, against a scenario built through the API:
 *   Sun 1 Nov: deposits A 1,000 (approved the same day) and B 500 (recorded).
 *   Mon 2 Nov: B's 500 approved; A buys a 400 plan, B a 300 plan; deposits A 200 (left pending)
 *              and B 50 (rejected).
 *   Wed 4 Nov: principal withdrawals: B 100 approved (20 % fee: 80 paid, 20 kept), B 50 rejected,
 *              A 100 left pending, A 20 cancelled by A.
 */
let t: TestApp;
let admin: string;
let planId: number;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;
let a: Member;
let b: Member;
const DAY = 86_400_000;
const BEP20 = `0x${'c'.repeat(40)}`;
const NOTE_FORMULA = '=HYPERLINK("http://evil.test","click"), "quoted"\nsecond line';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
  a = await t.register(root.code);
  b = await t.register(root.code);
  for (const m of [a, b]) {
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
  }
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Core', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
});
afterAll(async () => t.close());

/** Moves the clock; sessions expire (admin 8 h, member 24 h), so everyone signs in again. */
async function advance(days: number) {
  t.clock.advance(days * DAY);
  admin = await t.adminToken();
  for (const m of [a, b]) {
    m.token = (
      await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })
    ).body.auth.token;
  }
}

async function deposit(m: Member, amount: number, note: string) {
  const res = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount, note } });
  expect(res.status).toBe(201);
  return res.body.deposite.id as number;
}
const decideDeposit = async (id: number, status: 'approved' | 'rejected') =>
  expect((await t.call('PUT', `/deposite/${id}`, { token: admin, body: { status } })).status).toBe(200);
async function withdraw(m: Member, amount: number) {
  const res = await t.call('POST', '/withdrawalrequest/add/principle', { token: m.token, body: { amount } });
  expect(res.status, res.raw).toBe(201);
  return res.body.withdrawal.id as number;
}
const overview = async () => {
  const res = await t.call('GET', '/reports/overview', { token: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const report = async (kind: string, query = '') => {
  const res = await t.call('GET', `/reports/${kind}?${query}`, { token: admin });
  expect(res.status, res.raw).toBe(200);
  return res.body;
};
const csv = (query: string, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/reports/${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** A small RFC 4180 reader, to check that what we wrote reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('access', () => {
  it('lets only admins read the overview, the reports and the CSV', async () => {
    // a member token is not an admin session: refused as unauthenticated, with nothing of the figures
    for (const url of ['/reports/overview', '/reports/deposits', '/reports/incomes?format=csv']) {
      for (const token of [undefined, a.token, b.token, 'not-a-token']) {
        const res = await t.call('GET', url, token ? { token } : {});
        expect(res.status).toBe(401);
        expect(Object.keys(res.body)).toEqual(['message']);
      }
      expect((await t.call('GET', url, { token: admin })).status).toBe(200);
    }
  });
});

describe('before any money moved', () => {
  it('shows zeros and says there are no liabilities, instead of a ratio', async () => {
    const o = await overview();
    expect(o.liabilities).toMatchObject({ total: 0, available: 0, held: 0 });
    expect(o.reserves).toEqual({ total: 0, received: 0, paid_out: 0 });
    expect(o.coverage).toEqual({ ratio: null, state: 'no_liabilities' });
    expect(o.per_day).toHaveLength(14);
    expect(o.per_day.at(-1)).toEqual({ day: '2026-11-01', deposits: 0, withdrawals: 0 });
  });

  it('has an empty incomes report (no income has been paid), not made-up rows', async () => {
    const r = await report('incomes');
    expect(r).toMatchObject({ rows: [], total: 0, totals: { count: 0, amount: 0 } });
    expect(r.from).toBe('2026-10-03');
    expect(r.to).toBe('2026-11-01');
    expect(r.series).toHaveLength(30);
    expect(r.series.every((p: { count: number; amount: number }) => p.count === 0 && p.amount === 0)).toBe(
      true,
    );
  });
});

describe('the scenario', () => {
  it('is built through the API', async () => {
    // Sunday 1 November
    await decideDeposit(await deposit(a, 1000, NOTE_FORMULA), 'approved');
    const bDeposit = await deposit(b, 500, '@SUM(1)');
    // Monday 2 November
    await advance(1);
    await decideDeposit(bDeposit, 'approved');
    for (const [m, amount] of [
      [a, 400],
      [b, 300],
    ] as const) {
      const res = await t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount } });
      expect(res.status).toBe(201);
    }
    await deposit(a, 200, '+cmd');
    await decideDeposit(await deposit(b, 50, '-2+3'), 'rejected');
    const monday = await overview();
    expect(monday.deposits).toEqual({
      approved_total: 1500,
      approved_count: 2,
      approved_today: 500,
      approved_today_count: 1,
      pending_amount: 200,
      pending_count: 1,
    });
    // Wednesday 4 November
    await advance(2);
    const paid = await withdraw(b, 100);
    const rejected = await withdraw(b, 50);
    await withdraw(a, 100);
    const cancelled = await withdraw(a, 20);
    const decide = (id: number, body: Record<string, unknown>) =>
      t.call('PUT', `/withdrawalrequest/update/principle/${id}`, { token: admin, body });
    expect((await decide(paid, { status: 'approved', tx_hash: '0xpaid' })).status).toBe(200);
    expect((await decide(rejected, { status: 'rejected', reason: 'check' })).status).toBe(200);
    expect((await t.call('DELETE', `/withdrawalrequest/${cancelled}`, { token: a.token })).status).toBe(200);
  });

  it('gives the dashboard figures computed by hand', async () => {
    const o = await overview();
    expect(o.deposits).toEqual({
      approved_total: 1500,
      approved_count: 2,
      approved_today: 0,
      approved_today_count: 0,
      pending_amount: 200,
      pending_count: 1,
    });
    // B's 100 at 20 % (2 days after activation): 80 sent, 20 kept
    expect(o.withdrawals).toEqual({
      paid_total: 80,
      paid_count: 1,
      paid_today: 80,
      paid_today_count: 1,
      fees_total: 20,
      pending_amount: 100,
      pending_count: 1,
    });
    // A: fund 1000 - 400 = 600, principal 400 (100 of it held); B: fund 500 - 300 = 200, principal 300 - 100 = 200
    expect(o.liabilities).toEqual({
      total: 1400,
      available: 1300,
      held: 100,
      by_wallet: { fund: 800, earnings: 0, roi: 0, principal: 600, compound: 0 },
    });
    // received 1,500 into platform cash, 80 paid out
    expect(o.reserves).toEqual({ total: 1420, received: 1500, paid_out: 80 });
    // 1420 / 1400 = 1.01428..., rounded down to 4 places
    expect(o.coverage).toEqual({ ratio: 1.0142, state: 'covered' });
    expect(o.per_day.at(-1)).toEqual({ day: '2026-11-04', deposits: 0, withdrawals: 80 });
    expect(o.per_day.filter((d: { deposits: number }) => d.deposits > 0)).toEqual([
      { day: '2026-11-01', deposits: 1000, withdrawals: 0 },
      { day: '2026-11-02', deposits: 500, withdrawals: 0 },
    ]);
  });

  it('agrees with the ledger: liabilities are the member balances, and the ledger still balances', async () => {
    const { rows } = await t.db.query<{ sum: bigint }>(
      'SELECT sum(balance)::bigint AS sum FROM accounts WHERE owner_user_id IS NOT NULL',
    );
    expect(Number(rows[0]!.sum) / 1e6).toBe((await overview()).liabilities.total);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});

describe('period reports', () => {
  it('lists the deposits of the period with totals and a daily series', async () => {
    const r = await report('deposits', 'from=2026-11-01&to=2026-11-04');
    expect(r).toMatchObject({ from: '2026-11-01', to: '2026-11-04', group: 'day', total: 4 });
    expect(r.totals).toEqual({
      count: 4,
      amount: 1500,
      parts: { approved: 1500, pending: 200, rejected: 50 },
    });
    expect(r.series).toEqual([
      { period: '2026-11-01', count: 2, amount: 1500, parts: { approved: 1500, pending: 0, rejected: 0 } },
      { period: '2026-11-02', count: 2, amount: 0, parts: { approved: 0, pending: 200, rejected: 50 } },
      { period: '2026-11-03', count: 0, amount: 0, parts: { approved: 0, pending: 0, rejected: 0 } },
      { period: '2026-11-04', count: 0, amount: 0, parts: { approved: 0, pending: 0, rejected: 0 } },
    ]);
    expect(r.columns.map((c: { key: string }) => c.key)).toEqual([
      'id',
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
    expect(r.totals).toEqual({ count: 2, amount: 0, parts: { approved: 0, pending: 200, rejected: 50 } });
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
      amount: 100,
      parts: { approved: 100, pending: 100, rejected: 50, cancelled: 20 },
    });
    const paid = r.rows.find((row: { status: string }) => row.status === 'approved');
    expect(paid).toMatchObject({
      amount: 100,
      fee: 20,
      net: 80,
      wallet: 'Principal',
      network: 'BEP20',
      tx_hash: '0xpaid',
    });
    expect(r.series.at(-1)).toMatchObject({ period: '2026-11-04', count: 4, amount: 100 });
  });

  it('reports the plan purchases as top-ups', async () => {
    const r = await report('topups', 'from=2026-11-01&to=2026-11-04');
    expect(r.totals).toEqual({
      count: 2,
      amount: 700,
      parts: { purchase: 700, retopup: 0, activation: 0, reversed: 0 },
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

describe('CSV export', () => {
  it('downloads every row of the filter with the table columns, escaped and formula-safe', async () => {
    const res = await csv('deposits?from=2026-11-01&to=2026-11-04&limit=1&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="deposits_2026-11-01_2026-11-04.csv"',
    );
    const text = res.body;
    expect(text.startsWith('\uFEFFID,Recorded,Member,Amount (USDT),Status,Decided,Note\r\n')).toBe(true);
    // the note with a formula, commas, quotes and a line break: quoted, quotes doubled, leading '
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""click""), ""quoted""\nsecond line"');
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(5); // header + all 4 rows, not only the page of 1
    const json = await report('deposits', 'from=2026-11-01&to=2026-11-04');
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[6]])).toEqual(
      json.rows.map((r: Record<string, string | number>) => [
        String(r.id),
        r.username,
        String(r.amount),
        { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' }[r.status as string],
        `'${r.note}`, // every note of the scenario starts with = + - or @
      ]),
    );
    expect(rows[1]![1]).toBe(json.rows[0].created_at);
  });

  it('exports an empty period as the header row only', async () => {
    const res = await csv('incomes?from=2026-11-01&to=2026-11-04&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFDate,Member,Income,Wallet,Amount (USDT),Reference,Ledger transfer\r\n');
  });

  it('refuses members and bad filters as the JSON report does', async () => {
    expect((await csv('deposits?format=csv', a.token)).statusCode).toBe(401);
    const bad = await csv('deposits?from=2026-11-05&to=2026-11-01&format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('incomes', () => {
  it('shows an income once the ledger pays one, and the coverage drops below 1', async () => {
    // The compensation engine is a later issue: this posts a direct income the way it will, through the ledger.
    await withTx(t.db, (tx) =>
      post(
        tx,
        {
          idempotencyKey: 'test-direct-income',
          transfers: [
            {
              kind: 'direct_income',
              debit: platform('platform:incentives'),
              credit: member(root.id, 'earnings'),
              amount: 50_000_000n,
              refType: 'topup',
              refId: '1',
            },
          ],
        },
        t.clock.now(),
      ),
    );
    const r = await report('incomes', 'from=2026-11-04&to=2026-11-04');
    expect(r.totals).toMatchObject({ count: 1, amount: 50, parts: { direct_income: 50, level_income: 0 } });
    expect(r.rows[0]).toMatchObject({
      kind: 'Direct income',
      wallet: 'Earnings',
      amount: 50,
      reference: 'topup #1',
    });
    const o = await overview();
    // liabilities 1400 + 50; reserves unchanged: 1420 / 1450 = 0.97931...
    expect(o.liabilities.total).toBe(1450);
    expect(o.reserves.total).toBe(1420);
    expect(o.coverage).toEqual({ ratio: 0.9793, state: 'short' });
  });
});
