import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let a: Member;
let b: Member;

/** Money history for member B: an approved deposit, a plan purchase, an earnings credit, a pending withdrawal. */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = await t.register();
  b = await t.register(a.code);
  const plan = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Basic', min_amount: 50, max_amount: 5000 },
    })
  ).body.plan;
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: b.id, amount: 500 } });
  expect(dep.status).toBe(201);
  const approved = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status, approved.raw).toBe(200);
  const topup = await t.call('POST', '/topup/add', {
    token: b.token,
    body: { plan_id: plan.id, amount: 200 },
  });
  expect(topup.status, topup.raw).toBe(201);
  // a manual credit takes two admins (issue 36): the owner asks, a finance admin approves
  const second = await secondEyes(t);
  await adjustByTwo(
    t,
    { ask: admin, approve: second.token },
    { user_id: b.id, wallet: 'earnings', amount: 40, reason: 'goodwill' },
  );
  await t.db.query('UPDATE users SET verify_at = now(), bep20 = $2 WHERE id = $1', [
    b.id,
    `0x${'c'.repeat(40)}`,
  ]);
  const w = await t.call('POST', '/withdrawalrequest/add', {
    token: b.token,
    body: { amount: 20, password: b.password },
  });
  expect(w.status).toBe(201);
});
afterAll(async () => t.close());

const report = () => t.call('GET', '/ledger/reconcile', { token: admin });

describe('GET /ledger/reconcile', () => {
  it('is for admins only: anonymous 401, members 403 (a member session is not an admin session)', async () => {
    expect((await t.call('GET', '/ledger/reconcile')).status).toBe(401);
    expect((await t.call('GET', '/ledger/reconcile', { token: a.token })).status).toBe(403);
    expect((await t.call('GET', '/ledger/reconcile', { token: b.token })).status).toBe(403);
    expect((await t.call('GET', '/ledger/reconcile', { token: 'not-a-token' })).status).toBe(401);
    expect((await report()).status).toBe(200);
  });

  it('reports a clean ledger as ok: balances sum to zero, no drift, the pending withdrawal is not orphaned', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      total_balance: 0,
      total_balance_micro: '0',
      drift: [],
      orphaned_pending: [],
      checked_at: '2026-11-01T10:00:00.000Z',
    });
    // B: fund, principal, earnings; platform: cash (deposit and adjustment), withdrawals_pending
    expect(res.body.accounts).toBe(5);
    // deposit, purchase, adjustment, withdrawal hold
    expect(res.body.transfers).toBe(4);
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('shows an account whose balance was changed behind the ledger as drift, with its owner', async () => {
    const { rows } = await t.db.query<{ id: bigint }>(
      `SELECT id FROM accounts WHERE owner_user_id = $1 AND kind = 'fund'`,
      [b.id],
    );
    const accountId = rows[0]!.id;
    // Fund after deposit 500 and purchase 200 is 300; someone adds 12.5 by hand.
    await t.db.query('UPDATE accounts SET balance = balance + 12500000 WHERE id = $1', [accountId]);
    try {
      const res = await report();
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(false);
      expect(res.body.total_balance).toBe(12.5);
      expect(res.body.total_balance_micro).toBe('12500000');
      expect(res.body.drift).toEqual([
        {
          account_id: Number(accountId),
          kind: 'fund',
          owner_user_id: b.id,
          username: expect.any(String),
          balance: 312.5,
          expected: 300,
          pending: 0,
          expected_pending: 0,
        },
      ]);
      const user = await t.call('GET', `/users/${b.id}`, { token: admin });
      expect(res.body.drift[0].username).toBe(user.body.singleuser.username);
      expect(res.body.orphaned_pending).toEqual([]);
    } finally {
      await t.db.query('UPDATE accounts SET balance = balance - 12500000 WHERE id = $1', [accountId]);
    }
    expect((await report()).body.ok).toBe(true);
  });

  it('shows a hold whose withdrawal was decided without settling it as an orphaned hold', async () => {
    const { rows } = await t.db.query<{ id: bigint; hold_transfer: string }>(
      `SELECT id, hold_transfer FROM withdrawals WHERE user_id = $1 AND status = 'pending'`,
      [b.id],
    );
    const w = rows[0]!;
    await t.db.query(`UPDATE withdrawals SET status = 'rejected' WHERE id = $1`, [w.id]);
    try {
      const res = await report();
      expect(res.body.ok).toBe(false);
      expect(res.body.drift).toEqual([]);
      expect(res.body.orphaned_pending).toEqual([
        {
          transfer_id: w.hold_transfer,
          reason: `withdrawal ${w.id} is not waiting for a decision`,
          kind: 'withdrawal',
          amount: 20,
          user_id: b.id,
          username: expect.any(String),
          created_at: '2026-11-01T10:00:00.000Z',
        },
      ]);
    } finally {
      await t.db.query(`UPDATE withdrawals SET status = 'pending' WHERE id = $1`, [w.id]);
    }
    expect((await report()).body.ok).toBe(true);
  });

  it('changes nothing: the ledger is the same after a report', async () => {
    const before = await t.db.query('SELECT id, balance, pending FROM accounts ORDER BY id');
    const count = await t.db.query('SELECT count(*)::int AS n FROM transfers');
    await report();
    expect((await t.db.query('SELECT id, balance, pending FROM accounts ORDER BY id')).rows).toEqual(
      before.rows,
    );
    expect((await t.db.query('SELECT count(*)::int AS n FROM transfers')).rows).toEqual(count.rows);
  });
});
