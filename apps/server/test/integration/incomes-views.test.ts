import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import {
  a,
  admin,
  asUsdt,
  b,
  c1,
  c2,
  capA,
  get,
  ledgerIncomes,
  ok,
  setupIncomes,
  t,
} from './incomes-views-fixtures.js';

/** A member's earning limit, income summary and income list, against the ledger (scenario in the fixtures). */
beforeAll(setupIncomes);
afterAll(async () => t.close());

const sumOf = (rows: Array<{ paid: bigint }>) => asUsdt(rows.reduce((acc, r) => acc + r.paid, 0n));
const CAPPED = ['direct_income', 'level_income', 'roi_income', 'reward', 'salary'];

describe('access', () => {
  it('lets a member read only their own figures, an admin anyone’s, and nobody unauthenticated', async () => {
    const own = ['/incomes/limit/ID', '/incomes/summary/ID', '/incomes?user_id=ID'];
    for (const url of own) {
      expect((await get(url.replace('ID', String(a.id)), null)).status).toBe(401);
      expect((await get(url.replace('ID', String(a.id)), 'not-a-token')).status).toBe(401);
      expect((await get(url.replace('ID', String(a.id)), a.token)).status).toBe(200);
      const other = await get(url.replace('ID', String(a.id)), b.token);
      expect(other.status).toBe(403);
      expect(Object.keys(other.body)).toEqual(['message', 'code']);
      expect((await get(url.replace('ID', String(a.id)), admin)).status).toBe(200);
      expect((await get(url.replace('ID', String(b.id)), admin)).status).toBe(200);
    }
    const incomeOfA = (await ok(`/incomes?user_id=${a.id}&limit=1`)).incomes[0].id;
    expect((await get(`/incomes/${incomeOfA}`, null)).status).toBe(401);
    expect((await get(`/incomes/${incomeOfA}`, a.token)).status).toBe(200);
    expect((await get(`/incomes/${incomeOfA}`, b.token)).status).toBe(403);
    expect((await get(`/incomes/${incomeOfA}`, admin)).status).toBe(200);
  });

  it('lists only the caller’s own incomes when a member names nobody', async () => {
    const list = await ok('/incomes?limit=100', b.token);
    expect(list.incomes.length).toBeGreaterThan(0);
    expect(list.incomes.every((i: { user_id: number }) => i.user_id === b.id)).toBe(true);
    const all = await ok('/incomes?limit=100');
    expect(new Set(all.incomes.map((i: { user_id: number }) => i.user_id))).toEqual(new Set([a.id, b.id]));
  });

  it('answers 404 for an admin or an unknown member, and 400 for bad input', async () => {
    const adminId = (await t.db.query(`SELECT id FROM users WHERE role = 'admin'`)).rows[0].id;
    for (const url of [`/incomes/limit/${adminId}`, '/incomes/summary/999999', '/incomes/999999']) {
      const res = await get(url);
      expect(res.status).toBe(404);
    }
    for (const url of [
      '/incomes/limit/abc',
      '/incomes/limit/0',
      `/incomes/summary/${a.id}?period=1y`,
      '/incomes?kind=pension',
      '/incomes?limit=1000',
      '/incomes?page=0',
      '/incomes?from=2026-11-05&to=2026-11-01',
      '/incomes?from=yesterday',
      '/incomes/x',
      '/incomes/transfer/not-a-uuid',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await get('/incomes/transfer/6b0f6a2e-2f1c-4a57-9a53-3b9a4f7d2c11')).status).toBe(404);
  });
});

describe('earning limit', () => {
  it('is active plan × 7 less the capped incomes, which the ledger paid', async () => {
    const { limit } = await ok(`/incomes/limit/${a.id}`, a.token);
    expect(limit).toEqual({
      user_id: a.id,
      plan_id: expect.any(Number),
      plan_name: 'Growth',
      active_plan: 100,
      cap_multiple: 7,
      earning_limit: 700,
      total_earnings: 90.5,
      available_limit: 609.5,
      used_percent: 12.92,
      at_limit: false,
      outside_limit: 6.25,
      roi_status: 'open',
      level_status: 'open',
    });
    const ledger = await ledgerIncomes(a.id);
    expect(sumOf(ledger.filter((r) => CAPPED.includes(r.part)))).toBe(limit.total_earnings);
    expect(sumOf(ledger.filter((r) => !CAPPED.includes(r.part)))).toBe(limit.outside_limit);
  });

  it('shows a member without a plan a zero limit', async () => {
    const fresh = await t.register(a.code);
    const { limit } = await ok(`/incomes/limit/${fresh.id}`, fresh.token);
    expect(limit).toMatchObject({
      plan_id: null,
      active_plan: 0,
      earning_limit: 0,
      total_earnings: 0,
      available_limit: 0,
      used_percent: 0,
    });
  });
});

describe('summary', () => {
  it('gives each kind this week against the week before, as the ledger paid them', async () => {
    const s = await ok(`/incomes/summary/${a.id}?period=7d`, a.token);
    expect(s).toMatchObject({
      period: '7d',
      from: '2026-10-26',
      to: '2026-11-01',
      previous_from: '2026-10-19',
      previous_to: '2026-10-25',
    });
    const part = (key: string) => s.parts.find((p: { key: string }) => p.key === key);
    expect(part('level_income')).toMatchObject({ current: 6, previous: 4, change_percent: 50, count: 1 });
    expect(part('reward')).toMatchObject({ current: 0, previous: 20, change_percent: -100, lifetime: 20 });
    expect(part('add_income')).toMatchObject({ current: 1, previous: 2, change_percent: -50 });
    expect(part('roi_income')).toMatchObject({ current: 0.5, previous: 0, change_percent: null });
    expect(part('bonus')).toMatchObject({ current: 0.25, previous: 0, change_percent: null });
    expect(part('salary')).toMatchObject({ current: 0, previous: 0, lifetime: 10 });
    expect(part('direct_income')).toMatchObject({ current: 50, previous: 0, count: 1 });
    expect(s.total).toMatchObject({ current: 60.75, previous: 26, change_percent: 133.65, lifetime: 96.75 });

    // every figure is the ledger's: this period, the period before and since the start
    const spans = {
      current: [new Date('2026-10-26T00:00:00Z'), new Date('2026-11-02T00:00:00Z')],
      previous: [new Date('2026-10-19T00:00:00Z'), new Date('2026-10-26T00:00:00Z')],
      lifetime: [undefined, undefined],
    } as const;
    for (const [span, [since, until]] of Object.entries(spans)) {
      const ledger = await ledgerIncomes(a.id, since, until);
      for (const p of s.parts) {
        expect(p[span], `${p.key} ${span}`).toBe(sumOf(ledger.filter((r) => r.part === p.key)));
      }
    }
  });

  it('has one point per day of the period whose sums are the period’s figures', async () => {
    const s = await ok(`/incomes/summary/${a.id}`);
    expect(s.period).toBe('30d');
    expect(s.series).toHaveLength(30);
    expect(s.series[0].day).toBe('2026-10-03');
    expect(s.series.at(-1).day).toBe('2026-11-01');
    const oct30 = s.series.find((p: { day: string }) => p.day === '2026-10-30');
    expect(oct30).toMatchObject({ total: 10.75, parts: { level_income: 6, cto: 3, add_income: 1 } });
    const total = s.series.reduce((acc: number, p: { total: number }) => acc + p.total * 1e6, 0) / 1e6;
    expect(total).toBe(s.total.current);
    // 30 days hold both weeks; the 30 before hold only September's salary
    expect(s.total).toMatchObject({ current: 86.75, previous: 10, change_percent: 767.5 });
  });
});

describe('incomes list and the explanation of each', () => {
  it('pages a member’s incomes newest first, filtered by kind and day, with sums', async () => {
    const page1 = await ok(`/incomes?limit=3`, a.token);
    expect(page1).toMatchObject({ total: 10, totalPages: 4, currentPage: 1 });
    expect(page1.sum).toEqual({ amount: 96.75, paid: 96.75, cut: 0 });
    expect(page1.incomes[0]).toMatchObject({ kind: 'direct_income', source_username: expect.any(String) });
    const dates = page1.incomes.map((i: { created_at: string }) => i.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const levels = await ok(`/incomes?kind=level_income`, a.token);
    expect(levels.incomes.map((i: { paid: number }) => i.paid)).toEqual([6, 4]);
    expect(levels.incomes[0]).toMatchObject({
      level: 1,
      percent: 10,
      base_amount: 60,
      source_user_id: c1.id,
    });

    const oct = await ok(`/incomes?from=2026-10-20&to=2026-10-20`, a.token);
    expect(oct.incomes.map((i: { kind: string }) => i.kind).sort()).toEqual([
      'bonus',
      'level_income',
      'reward',
    ]);
    expect(oct.incomes.find((i: { kind: string }) => i.kind === 'bonus').bonus_type).toBe('add_income');
  });

  it('explains an income: cause, limit before it, and the ledger transfer that paid it', async () => {
    const [level] = (await ok(`/incomes?kind=level_income&limit=1`, a.token)).incomes;
    const { income } = await ok(`/incomes/${level.id}`, a.token);
    expect(income).toMatchObject({
      kind: 'level_income',
      amount: 6,
      paid: 6,
      cut: 0,
      source_username: (await t.db.query('SELECT username FROM users WHERE id = $1', [c1.id])).rows[0]
        .username,
      level: 1,
      base_amount: 60,
      percent: 10,
      capped_kind: true,
      earning_limit: 700,
      earned_before: 84,
      earned_after: 90,
      available_before: 616,
      wallet: 'earnings',
      ref_type: 'roi_claim',
      ref_id: 'c1',
    });
    expect(income.transfer).toMatchObject({ id: level.transfer_id, kind: 'level_income', amount: 6 });
    expect((await ok(`/incomes/transfer/${level.transfer_id}`, a.token)).income.id).toBe(level.id);
    expect((await get(`/incomes/transfer/${level.transfer_id}`, b.token)).status).toBe(403);
  });

  it('explains an income the limit cut: what was computed, paid and not paid', async () => {
    await capA();
    const direct = (await ok(`/incomes?kind=direct_income&limit=5`, a.token)).incomes;
    const capped = direct.find((i: { source_user_id: number }) => i.source_user_id === c2.id);
    const { income } = await ok(`/incomes/${capped.id}`, a.token);
    expect(income).toMatchObject({
      amount: 750,
      paid: 609.5,
      cut: 140.5,
      base_amount: 15000,
      percent: 5,
      earning_limit: 700,
      earned_before: 90.5,
      earned_after: 700,
      available_before: 609.5,
      ref_type: 'topup',
    });
    const transfer = await t.db.query('SELECT amount, ref_type, ref_id FROM transfers WHERE id = $1', [
      income.transfer.id,
    ]);
    expect(transfer.rows[0]).toEqual({ amount: 609_500_000n, ref_type: 'topup', ref_id: income.ref_id });

    // the next one finds no room: recorded, nothing paid, no transfer
    const none = direct.find((i: { paid: number }) => i.paid === 0);
    const zero = (await ok(`/incomes/${none.id}`, a.token)).income;
    expect(zero).toMatchObject({ amount: 5, paid: 0, cut: 5, transfer_id: null, transfer: null });
    expect(zero).toMatchObject({ earned_before: 700, available_before: 0 });

    const { limit } = await ok(`/incomes/limit/${a.id}`, a.token);
    expect(limit).toMatchObject({
      total_earnings: 700,
      available_limit: 0,
      used_percent: 100,
      at_limit: true,
    });
    const list = await ok(`/incomes?limit=1`, a.token);
    expect(list.sum).toEqual({ amount: 96.75 + 755, paid: 96.75 + 609.5, cut: 145.5 });
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('sums to what the earnings and ROI wallets received', async () => {
    const ledger = await ledgerIncomes(a.id);
    const list = await ok(`/incomes?user_id=${a.id}&limit=100`);
    const paid = (wallet: string) =>
      list.incomes
        .filter((i: { kind: string }) => (i.kind === 'roi_income') === (wallet === 'roi'))
        .reduce((acc: number, i: { paid: number }) => acc + i.paid * 1e6, 0) / 1e6;
    expect(paid('earnings')).toBe(sumOf(ledger.filter((r) => r.wallet === 'earnings')));
    expect(paid('roi')).toBe(sumOf(ledger.filter((r) => r.wallet === 'roi')));
    const { rows } = await t.db.query(`SELECT kind, balance FROM accounts WHERE owner_user_id = $1`, [a.id]);
    const balance = Object.fromEntries(rows.map((r) => [r.kind, asUsdt(r.balance)]));
    expect(balance).toMatchObject({ earnings: paid('earnings'), roi: paid('roi') });
  });
});
