import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER, FIRST } from '../../src/modules/money/deposits/history-repo.js';
import type { TestApp } from '../helpers.js';
import { issueCodesByTwo, secondEyes } from './approval-fixtures.js';
import { createPayment, fundOf, ipnBody, sendIpn, setupPayments } from './payments-fixtures.js';

let t: TestApp;
let admin: string;
let eyes: Awaited<ReturnType<typeof secondEyes>>;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;

beforeAll(async () => {
  const s = await setupPayments();
  t = s.t;
  admin = s.admin;
  eyes = await secondEyes(t);
  root = await t.register();
});
afterAll(async () => t.close());

type Item = {
  key: string;
  channel: string;
  status: string;
  amount: number;
  detail: string;
  created_at: string;
};
const historyPage = (m: Member, query = '') =>
  t.call('GET', `/deposite/history${query}`, { token: m.token }) as Promise<{
    status: number;
    raw: string;
    body: { deposits: Item[]; next: string | null };
  }>;

describe('the deposit history (issue 37 item 1)', () => {
  it('lists every way money came in, with channel and status, paged by cursor', async () => {
    const m = await t.register(root.code);
    // a crypto payment credited by the provider's IPN, and one still waiting
    const paid = await createPayment(t, m, 10_000);
    expect((await sendIpn(t, ipnBody(paid, 'finished'))).status).toBe(200);
    expect(await fundOf(t, m.id)).toBe(10_000_000_000n);
    t.clock.advance(1000);
    await createPayment(t, m, 15);
    t.clock.advance(1000);
    // a deposit an admin recorded, not yet approved
    const recorded = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { user_id: m.id, amount: 50, note: 'bank wire' },
    });
    expect(recorded.status, recorded.raw).toBe(201);
    // a code redeemed
    const [code] = await issueCodesByTwo(t, { ask: admin, approve: eyes.token }, { count: 1, value: 20 });
    const redeemed = await t.call('POST', '/codes/redeem', { token: m.token, body: { code: code!.code } });
    expect(redeemed.status, redeemed.raw).toBe(200);
    // a wallet deposit seen on chain, still confirming (the chain watcher's own tests cover how it gets here)
    await t.db.query(
      `INSERT INTO web3_deposits (user_id, chain_id, tx_hash, log_index, block_number, block_hash, from_address,
         to_address, token_address, amount, amount_raw, confirmations, required_confirmations, created_at, checked_at)
       VALUES ($1, 56, '0x' || repeat('ab', 32), 0, 1, '0x01', '0xfrom', '0xto', '0xtoken', 5000000,
         5000000000000000000, 1, 12, now() + interval '1 hour', now())`,
      [m.id],
    );

    const first = await historyPage(m);
    expect(first.status, first.raw).toBe(200);
    const all = [...first.body.deposits];
    let next = first.body.next;
    // two a page: the cursor walks every channel without repeating or skipping a row
    const paged: Item[] = [];
    while (paged.length < 10) {
      const res = await historyPage(m, `?limit=2${paged.length ? `&before=${next}` : ''}`);
      expect(res.status, res.raw).toBe(200);
      paged.push(...res.body.deposits);
      next = res.body.next;
      if (!next) break;
    }
    expect(paged.map((d) => d.key)).toEqual(all.map((d) => d.key));
    expect(all.map((d) => [d.channel, d.status, d.amount])).toEqual([
      ['wallet', 'pending', 5],
      ['code', 'credited', 20],
      ['admin', 'pending', 50],
      ['crypto', 'pending', 15],
      ['crypto', 'credited', 10_000],
    ]);
    expect(all[0]!.detail).toBe('1 of 12 confirmations');
    expect(all[2]!.detail).toBe('bank wire');
    expect(all[4]!.detail).toBe('USDTBSC · finished');

    // another member's history is their own
    const other = await t.register(root.code);
    expect((await historyPage(other)).body).toEqual({ deposits: [], next: null });
  });

  it('refuses a cursor it did not make, and admins (a member reads their own)', async () => {
    const m = await t.register(root.code);
    const wrong = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const month13 = wrong(['2026-13-01 00:00:00+00', 'admin', '1']);
    for (const bad of [
      'nonsense',
      wrong(['x', 'admin', '1']),
      wrong(['2026-01-01 00:00:00+00', 'bank', '1']),
      month13,
    ]) {
      const res = await historyPage(m, `?before=${bad}`);
      expect(res.status, res.raw).toBe(400);
    }
    expect((await t.call('GET', '/deposite/history', { token: admin })).status).toBe(403);
  });

  it('reads one page through the members’ indexes, however long the history', async () => {
    const m = await t.register(root.code);
    const cursor = ['2026-01-01 00:00:00+00', 'crypto', '9'];
    // seq scans off: the question is whether an index fits each branch, not what a tiny table costs
    const plan = await t.db.connect().then(async (c) => {
      try {
        await c.query('BEGIN; SET LOCAL enable_seqscan = off');
        const first = await c.query(`EXPLAIN ${FIRST.replace(/\$5/g, '$$2')}`, [m.id, 11]);
        const after = await c.query(`EXPLAIN ${AFTER}`, [m.id, ...cursor, 11]);
        return [...first.rows, ...after.rows].map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await c.query('ROLLBACK');
        c.release();
      }
    });
    expect(plan).not.toMatch(/Seq Scan/);
    for (const index of [
      'deposits_user',
      'provider_payments_user',
      'web3_deposits_user_time',
      'codes_used_by',
    ])
      expect(plan).toContain(index);
  });
});
