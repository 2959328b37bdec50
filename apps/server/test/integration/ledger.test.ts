import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { type Posting, post, settle } from '../../src/ledger/ledger.js';
import { reconcile, registerPendingOwner } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let ids: number[];
const U = 1_000_000n; // one USDT in micro-units

beforeAll(async () => {
  t = await createTestApp();
  const root = await t.register();
  ids = [root.id];
  for (let i = 0; i < 4; i++) ids.push((await t.register(root.code)).id);
  // in these tests a pending withdrawal is owned by nothing but itself: the row must still be pending
  registerPendingOwner('test_hold', `SELECT 1 FROM transfers WHERE posting_key = $1 AND status = 'pending'`);
});
afterAll(async () => t.close());

const run = (p: Posting) => withTx(t.db, (tx) => post(tx, p, t.clock.now()));
const deposit = (owner: number, amount: bigint, key: string) =>
  run({
    idempotencyKey: key,
    transfers: [{ kind: 'deposit', debit: platform('platform:cash'), credit: member(owner, 'fund'), amount }],
  });
const balances = async (owner: number) => {
  const { rows } = await t.db.query('SELECT kind, balance, pending FROM accounts WHERE owner_user_id = $1', [
    owner,
  ]);
  return Object.fromEntries(
    rows.map((r) => [r.kind, { balance: r.balance as bigint, pending: r.pending as bigint }]),
  );
};
const hold = (owner: number, amount: bigint, key: string) =>
  run({
    idempotencyKey: key,
    transfers: [
      {
        kind: 'withdrawal',
        debit: member(owner, 'fund'),
        credit: platform('platform:withdrawals_pending'),
        amount,
        pending: true,
        refType: 'test_hold',
        refId: key,
      },
    ],
  });

describe('posting', () => {
  it('moves money between accounts and replays a repeated request instead of paying twice', async () => {
    const [a] = ids as [number];
    const first = await deposit(a, 100n * U, 'dep-1');
    const again = await deposit(a, 100n * U, 'dep-1');
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.transfers[0]!.id).toBe(first.transfers[0]!.id);
    expect((await balances(a)).fund!.balance).toBe(100n * U);
    await expect(deposit(a, 99n * U, 'dep-1')).rejects.toMatchObject({ httpStatus: 409 });
  });

  it('refuses to take a member account below zero and writes nothing', async () => {
    const [, b] = ids as [number, number];
    const before = (await t.db.query('SELECT count(*)::int AS n FROM transfers')).rows[0].n;
    await expect(
      run({
        idempotencyKey: 'overdraw',
        transfers: [
          { kind: 'transfer', debit: member(b, 'fund'), credit: member(ids[0]!, 'fund'), amount: 1n },
        ],
      }),
    ).rejects.toMatchObject({ httpStatus: 400, message: 'Insufficient balance in your fund wallet' });
    expect((await t.db.query('SELECT count(*)::int AS n FROM transfers')).rows[0].n).toBe(before);
    await expect(
      t.db.query(`UPDATE accounts SET balance = -1 WHERE owner_user_id = $1`, [ids[0]]),
    ).rejects.toThrow(/member_available_non_negative/);
  });

  it('refuses zero, negative and same-account transfers', async () => {
    const a = ids[0]!;
    for (const amount of [0n, -5n]) {
      await expect(deposit(a, amount, `bad-${amount}`)).rejects.toMatchObject({ httpStatus: 400 });
    }
    await expect(
      run({
        idempotencyKey: 'self',
        transfers: [{ kind: 'transfer', debit: member(a, 'fund'), credit: member(a, 'fund'), amount: 1n }],
      }),
    ).rejects.toMatchObject({ httpStatus: 400 });
  });
});

describe('races', () => {
  it('accepts exactly the affordable holds among 50 racing requests', async () => {
    const c = ids[2]!;
    await deposit(c, 100n * U, 'race-dep');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => hold(c, 7n * U, `race-hold-${i}`)),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled').length;
    expect(accepted).toBe(14); // 14 x 7 = 98 <= 100 < 105
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.every((r) => r.reason.httpStatus === 400)).toBe(true);
    const fund = (await balances(c)).fund!;
    expect(fund).toEqual({ balance: 100n * U, pending: 98n * U });
  });

  it('posts a pending transfer once when it is approved twice at the same time', async () => {
    const c = ids[2]!;
    const { rows } = await t.db.query(
      `SELECT id FROM transfers WHERE posting_key = 'race-hold-0' OR (ref_type = 'test_hold' AND status = 'pending') LIMIT 1`,
    );
    const id = rows[0].id as string;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => withTx(t.db, (tx) => settle(tx, id, 'posted', t.clock.now()))),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    await expect(withTx(t.db, (tx) => settle(tx, id, 'voided', t.clock.now()))).rejects.toMatchObject({
      httpStatus: 409,
    });
    const fund = (await balances(c)).fund!;
    expect(fund.balance).toBe(93n * U);
  });

  it('settles transfers in opposite directions between two members at once without deadlock', async () => {
    const [, , , d, e] = ids as number[];
    await deposit(d!, 50n * U, 'opp-d');
    await deposit(e!, 50n * U, 'opp-e');
    const moves = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 ? [d!, e!] : [e!, d!];
      return run({
        idempotencyKey: `opp-${i}`,
        transfers: [
          { kind: 'transfer', debit: member(from, 'fund'), credit: member(to, 'fund'), amount: 1n * U },
        ],
      });
    });
    await Promise.all(moves);
    expect((await balances(d!)).fund!.balance).toBe(50n * U);
    expect((await balances(e!)).fund!.balance).toBe(50n * U);
  });

  it('leaves the ledger reconciled after the races', async () => {
    const report = await reconcile(t.db);
    expect(report.drift).toEqual([]);
    expect(report.totalBalance).toBe(0n);
    expect(report.orphanedPending).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

type Op =
  | { op: 'deposit'; who: number; amount: bigint }
  | { op: 'purchase'; who: number; amount: bigint }
  | { op: 'transfer'; from: number; to: number; amount: bigint }
  | { op: 'hold'; who: number; amount: bigint }
  | { op: 'settle'; index: number; outcome: 'posted' | 'voided' };

describe('property: random sequences keep every balance equal to an independent model', () => {
  it('holds for deposits, purchases, transfers, holds, approvals and rejections', async () => {
    const who = fc.integer({ min: 0, max: 4 });
    const amount = fc.bigInt({ min: 1n, max: 60n * U });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), who, amount }),
      fc.record({ op: fc.constant('purchase' as const), who, amount }),
      fc.record({ op: fc.constant('transfer' as const), from: who, to: who, amount }),
      fc.record({ op: fc.constant('hold' as const), who, amount }),
      fc.record({
        op: fc.constant('settle' as const),
        index: fc.nat(),
        outcome: fc.constantFrom('posted' as const, 'voided' as const),
      }),
    );
    let runNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        runNo += 1;
        const model = new Map<string, { balance: bigint; pending: bigint }>();
        const { rows } = await t.db.query(
          'SELECT owner_user_id, kind, balance, pending FROM accounts WHERE owner_user_id IS NOT NULL',
        );
        for (const r of rows)
          model.set(`${r.owner_user_id}:${r.kind}`, { balance: r.balance, pending: r.pending });
        const acct = (owner: number, kind: string) => {
          const key = `${owner}:${kind}`;
          if (!model.has(key)) model.set(key, { balance: 0n, pending: 0n });
          return model.get(key)!;
        };
        const holds: Array<{ id: string; owner: number; amount: bigint; open: boolean }> = [];
        for (const [i, o] of ops.entries()) {
          const key = `prop-${runNo}-${i}`;
          if (o.op === 'deposit') {
            await deposit(ids[o.who]!, o.amount, key);
            acct(ids[o.who]!, 'fund').balance += o.amount;
          } else if (o.op === 'purchase' || o.op === 'transfer') {
            const from = ids[o.op === 'purchase' ? o.who : o.from]!;
            const to = ids[o.op === 'purchase' ? o.who : o.to]!;
            const creditKind = o.op === 'purchase' ? 'principal' : 'fund';
            const src = acct(from, 'fund');
            const affordable = src.balance - src.pending >= o.amount;
            const attempt = run({
              idempotencyKey: key,
              transfers: [
                {
                  kind: o.op === 'purchase' ? 'plan_purchase' : 'transfer',
                  debit: member(from, 'fund'),
                  credit: member(to, creditKind),
                  amount: o.amount,
                },
              ],
            });
            if (from === to && creditKind === 'fund') {
              await expect(attempt).rejects.toMatchObject({ httpStatus: 400 });
            } else if (affordable) {
              await attempt;
              src.balance -= o.amount;
              acct(to, creditKind).balance += o.amount;
            } else await expect(attempt).rejects.toMatchObject({ httpStatus: 400 });
          } else if (o.op === 'hold') {
            const src = acct(ids[o.who]!, 'fund');
            if (src.balance - src.pending >= o.amount) {
              const r = await hold(ids[o.who]!, o.amount, key);
              src.pending += o.amount;
              holds.push({ id: r.transfers[0]!.id, owner: ids[o.who]!, amount: o.amount, open: true });
            } else await expect(hold(ids[o.who]!, o.amount, key)).rejects.toMatchObject({ httpStatus: 400 });
          } else if (holds.length > 0) {
            const h = holds[o.index % holds.length]!;
            const attempt = withTx(t.db, (tx) => settle(tx, h.id, o.outcome, t.clock.now()));
            if (!h.open) {
              await attempt.catch(() => {});
              continue;
            }
            await attempt;
            h.open = false;
            const src = acct(h.owner, 'fund');
            src.pending -= h.amount;
            if (o.outcome === 'posted') src.balance -= h.amount;
          }
        }
        const now = await t.db.query(
          'SELECT owner_user_id, kind, balance, pending FROM accounts WHERE owner_user_id IS NOT NULL',
        );
        for (const r of now.rows) {
          expect({ key: `${r.owner_user_id}:${r.kind}`, balance: r.balance, pending: r.pending }).toEqual({
            key: `${r.owner_user_id}:${r.kind}`,
            ...acct(Number(r.owner_user_id), r.kind),
          });
        }
        const report = await reconcile(t.db);
        expect(report.drift).toEqual([]);
        expect(report.totalBalance).toBe(0n);
      }),
      { numRuns: 30 },
    );
  });
});
