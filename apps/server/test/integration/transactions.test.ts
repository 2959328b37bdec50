import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let a: Member;
let b: Member;
let withdrawalTransfer: string;
let planId: number;

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
  planId = plan.id;
  const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: b.id, amount: 500 } });
  await t.call('PUT', `/deposite/${dep.body.deposite.id}`, { token: admin, body: { status: 'approved' } });
  await t.call('POST', '/topup/add', { token: b.token, body: { plan_id: plan.id, amount: 200 } });
  // a manual credit takes two admins (issue 36): the owner asks, a finance admin approves
  const second = await secondEyes(t);
  await adjustByTwo(
    t,
    { ask: admin, approve: second.token },
    { user_id: b.id, wallet: 'earnings', amount: 40, reason: 'goodwill' },
  );
  await t.db.query(`UPDATE users SET verify_at = now(), bep20 = $2 WHERE id = $1`, [
    b.id,
    `0x${'c'.repeat(40)}`,
  ]);
  const w = await t.call('POST', '/withdrawalrequest/add', {
    token: b.token,
    body: { amount: 20, password: b.password },
  });
  withdrawalTransfer = (
    await t.db.query('SELECT hold_transfer FROM withdrawals WHERE id = $1', [w.body.withdrawal.id])
  ).rows[0].hold_transfer;
});
afterAll(async () => t.close());

describe('transaction views over the ledger', () => {
  it('lists the entries of a member with type, source, table and the recorded cause', async () => {
    const res = await t.call('GET', `/tr/user/${b.id}`, { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 5, totalPages: 1, currentPage: 1 });
    const sources = res.body.transactions.map(
      (x: { source: string; transaction_type: string }) => `${x.source}:${x.transaction_type}`,
    );
    expect(sources.sort()).toEqual([
      'admin_adjustment:credit',
      'deposit:credit',
      'plan_purchase:credit',
      'plan_purchase:debit',
      'withdrawal:debit',
    ]);
    const purchase = res.body.transactions.find(
      (x: { source: string; wallet: string }) => x.source === 'plan_purchase' && x.wallet === 'principal',
    );
    expect(purchase).toMatchObject({
      table_name: 'topup_transaction',
      amount: 200,
      status: 'posted',
      details: expect.objectContaining({ plan: 'Basic' }),
    });
    const pending = res.body.transactions.find((x: { source: string }) => x.source === 'withdrawal');
    expect(pending.status).toBe('pending');
  });

  it('filters by table_name, type, status and search, and pages', async () => {
    const deposits = await t.call('POST', '/tr/list', {
      token: b.token,
      body: { table_name: 'deposit_transaction' },
    });
    expect(deposits.body.transactions).toEqual([
      expect.objectContaining({ source: 'deposit', amount: 500, user_id: b.id }),
    ]);
    const debits = await t.call('GET', '/tr/all?transaction_type=debit', { token: admin });
    expect(
      debits.body.transactions.every((x: { transaction_type: string }) => x.transaction_type === 'debit'),
    ).toBe(true);
    const pending = await t.call('GET', '/tr/all?status=pending', { token: admin });
    expect(pending.body.total).toBe(1);
    const { rows } = await t.db.query('SELECT username FROM users WHERE id = $1', [b.id]);
    const search = await t.call('GET', `/tr/all?search=${rows[0].username}&limit=2&page=2`, { token: admin });
    expect(search.body).toMatchObject({ total: 5, totalPages: 3, currentPage: 2 });
    expect(
      (await t.call('POST', '/tr/list', { token: b.token, body: { table_name: 'nonsense' } })).status,
    ).toBe(400);
  });

  it('keeps members to their own entries', async () => {
    expect((await t.call('GET', `/tr/user/${b.id}`, { token: a.token })).status).toBe(403);
    expect(
      (
        await t.call('POST', `/tr/tr/${b.id}`, {
          token: a.token,
          body: { table_name: 'deposit_transaction' },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('GET', '/tr/all', { token: a.token })).status).toBe(403);
    expect((await t.call('GET', '/tr/matrix', { token: a.token })).status).toBe(403);
    const mine = await t.call('POST', '/tr/list', {
      token: a.token,
      body: { table_name: 'deposit_transaction' },
    });
    expect(mine.body.transactions).toEqual([]);
  });

  it('sums the month by source, and a member by source', async () => {
    const matrix = await t.call('GET', '/tr/matrix', { token: admin });
    expect(matrix.body.matrix).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'deposit', credits: 500, debits: 0, count: 1 }),
      ]),
    );
    const details = await t.call('GET', `/transactions/user/${b.id}/details`, { token: b.token });
    expect(details.body.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'plan_purchase', credits: 200, debits: 200 }),
      ]),
    );
  });

  it('changes the status of a pending request only, never of a posted amount', async () => {
    const posted = (await t.call('GET', `/tr/user/${b.id}?source=deposit`, { token: admin })).body
      .transactions[0].transaction_id;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/transactions/${posted}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'rejected' },
    });
    expect(patch.statusCode).toBe(409);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/transactions/${withdrawalTransfer}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'rejected', reason: 'test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal.status).toBe('rejected');
  });

  it('says which entries are moves between own wallets and names the other member', async () => {
    const own = (await t.call('GET', `/tr/user/${b.id}?source=plan_purchase`, { token: b.token })).body
      .transactions;
    expect(
      own.map((x: { internal: boolean; counterparty: unknown }) => [x.internal, x.counterparty]),
    ).toEqual([
      [true, null],
      [true, null],
    ]);
    const deposit = (await t.call('GET', `/tr/user/${b.id}?source=deposit`, { token: b.token })).body
      .transactions[0];
    expect(deposit).toMatchObject({ internal: false, counterparty: null, names: {} });
    const details = await t.call('GET', `/transactions/user/${b.id}/details`, { token: b.token });
    expect(details.body.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'plan_purchase', credits: 200, debits: 200, moved: 200 }),
        expect.objectContaining({ source: 'deposit', credits: 500, moved: 0 }),
      ]),
    );

    // b buys a plan for a: a's entry names b by username, as the payer and as the other side
    const gift = await t.call('POST', '/topup/add', {
      token: b.token,
      body: { plan_id: planId, amount: 50, user_id: a.id },
    });
    expect(gift.status, gift.body.message).toBe(201);
    const { rows } = await t.db.query('SELECT username FROM users WHERE id = $1', [b.id]);
    const received = (await t.call('GET', `/tr/user/${a.id}?source=plan_purchase`, { token: a.token })).body
      .transactions[0];
    expect(received).toMatchObject({
      internal: false,
      counterparty: { id: b.id, username: rows[0].username },
      names: { [String(b.id)]: rows[0].username },
    });
    const aDetails = await t.call('GET', `/transactions/user/${a.id}/details`, { token: a.token });
    expect(aDetails.body.totals).toEqual([
      expect.objectContaining({ source: 'plan_purchase', credits: 50, debits: 0, moved: 0 }),
    ]);
  });
});
