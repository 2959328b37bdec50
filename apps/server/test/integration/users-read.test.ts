/**
 * `GET /users/{id}` reads maintained rows (running totals, folded balances plus unfolded deltas, the
 * team roll-up) instead of recounting history. For a member with 10,000 transfers and a team of
 * 5,000 it answers exactly what a full recount of the ledger and the tree says, before and after
 * the deltas are folded, and so do its upline and a member with no history.
 */
import { fromMicro } from '@app/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTx } from '../../src/db/pool.js';
import { member, platform, type TransferKind } from '../../src/ledger/accounts.js';
import { foldDeltas } from '../../src/ledger/fold.js';
import { post, type TransferSpec } from '../../src/ledger/ledger.js';
import { rollUpTeams } from '../../src/modules/compensation/referral/rollup.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { insertMember, type TreeMember, U } from './referral-fixtures.js';

let t: TestApp;
let admin: string;
let root: TreeMember;
let star: TreeMember;
let quiet: TreeMember;

const TEAM = 5_000;
const TRANSFERS = 10_000;
const PER_POSTING = 50;

/** The figures as the API computed them before running totals: sums over every transfer, the tree walked. */
const RECOUNT = `
  SELECT coalesce(b.fund, 0) AS business_balance,
         coalesce(b.principal, 0) + coalesce(b.compound, 0) AS active_plan,
         coalesce(i.roi_income, 0) AS roi_income, coalesce(i.reward, 0) AS reward,
         coalesce(i.direct_income, 0) AS direct_income, coalesce(i.salary, 0) AS salary,
         coalesce(i.working, 0) AS working, coalesce(i.level_month, 0) AS level_month,
         coalesce(i.roi_day, 0) AS roi_day, t.total_team
    FROM users u
    LEFT JOIN LATERAL (
      -- balances from the transfers alone: credits less debits, less what pending transfers hold
      SELECT sum(m.amount) FILTER (WHERE m.kind = 'fund')::bigint AS fund,
             sum(m.amount) FILTER (WHERE m.kind = 'principal')::bigint AS principal,
             sum(m.amount) FILTER (WHERE m.kind = 'compound')::bigint AS compound
        FROM (SELECT a.kind, CASE WHEN tr.credit_account = a.id THEN tr.amount ELSE -tr.amount END AS amount
                FROM transfers tr JOIN ledger_accounts a ON a.id IN (tr.credit_account, tr.debit_account)
               WHERE a.owner_user_id = u.id
                 AND (tr.status = 'posted' OR (tr.status = 'pending' AND tr.debit_account = a.id))) m
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT sum(tr.amount) FILTER (WHERE tr.kind = 'roi_income')::bigint AS roi_income,
             sum(tr.amount) FILTER (WHERE tr.kind = 'reward')::bigint AS reward,
             sum(tr.amount) FILTER (WHERE tr.kind = 'direct_income')::bigint AS direct_income,
             sum(tr.amount) FILTER (WHERE tr.kind = 'salary')::bigint AS salary,
             sum(tr.amount) FILTER (WHERE tr.kind IN ('direct_income', 'level_income', 'reward', 'salary', 'cto', 'bonus'))::bigint AS working,
             sum(tr.amount) FILTER (WHERE tr.kind = 'level_income' AND tr.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::bigint AS level_month,
             sum(tr.amount) FILTER (WHERE tr.kind = 'roi_income' AND tr.created_at >= now() - interval '24 hours')::bigint AS roi_day
        FROM transfers tr JOIN ledger_accounts a ON a.id = tr.credit_account
       WHERE a.owner_user_id = u.id AND tr.status = 'posted'
    ) i ON true
    CROSS JOIN LATERAL (SELECT count(*)::int AS total_team FROM users d WHERE d.path <@ u.path AND d.id <> u.id) t
   WHERE u.id = $1`;

const FIGURES = [
  'business_balance',
  'active_plan',
  'roi_income',
  'reward',
  'direct_income',
  'salary',
  'working',
  'level_month',
  'roi_day',
  'total_team',
] as const;

async function recount(id: number): Promise<Record<(typeof FIGURES)[number], number>> {
  const row = (await t.db.query(RECOUNT, [id])).rows[0];
  return Object.fromEntries(
    FIGURES.map((f) => [f, f === 'total_team' ? Number(row[f]) : fromMicro(BigInt(row[f]))]),
  ) as Record<(typeof FIGURES)[number], number>;
}

async function api(id: number) {
  const res = await t.call('GET', `/users/${id}`, { token: admin });
  expect(res.status).toBe(200);
  return Object.fromEntries(FIGURES.map((f) => [f, res.body.singleuser[f]]));
}

let serial = 0;
const run = (tx: Tx, transfers: TransferSpec[], at: Date) =>
  post(tx, { idempotencyKey: `users-read-${serial++}`, transfers }, at);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const db = await t.db.query<{ now: Date }>('SELECT now() AS now');
  const now = db.rows[0]!.now;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  await withTx(t.db, async (tx) => {
    root = await insertMember(tx, null, hoursAgo(2000));
    star = await insertMember(tx, root, hoursAgo(2000));
    quiet = await insertMember(tx, root, hoursAgo(2000));
    // the team: each member under a random earlier one (the star first), a few legs long
    const team = [star];
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < TEAM; i++) {
      const sponsor = rand() < 0.1 ? team[team.length - 1]! : team[Math.floor(rand() * team.length)]!;
      team.push(await insertMember(tx, sponsor, hoursAgo(1500)));
    }
  });

  // The star's money: a deposit, a plan, compounding, then 10,000 incomes of every kind over the
  // last ~80 days (some in the last 24 hours, some this month), a transfer out and a pending hold.
  const s = star.id;
  const incomes: [TransferKind, 'earnings' | 'roi'][] = [
    ['level_income', 'earnings'],
    ['roi_income', 'roi'],
    ['direct_income', 'earnings'],
    ['reward', 'earnings'],
    ['salary', 'earnings'],
    ['cto', 'earnings'],
    ['bonus', 'earnings'],
  ];
  // The incomes are credited while another transaction holds the star's income wallets, as a busy
  // upline's are: a credit then appends a delta instead of changing the row (ledger/repo.ts), so
  // the figures below are read from rows plus unfolded deltas, as on a busy platform.
  await t.db.query(
    `INSERT INTO ledger_accounts (owner_user_id, kind) VALUES ($1, 'earnings'), ($1, 'roi')
     ON CONFLICT ((coalesce(owner_user_id, 0)), kind) DO NOTHING`,
    [s],
  );
  const holder = await t.db.connect();
  await holder.query('BEGIN');
  await holder.query(
    `SELECT 1 FROM ledger_accounts WHERE owner_user_id = $1 AND kind IN ('earnings', 'roi') FOR NO KEY UPDATE`,
    [s],
  );
  await withTx(t.db, async (tx) => {
    await run(
      tx,
      [{ kind: 'deposit', debit: platform('platform:cash'), credit: member(s, 'fund'), amount: 5000n * U }],
      hoursAgo(1990),
    );
    await run(
      tx,
      [
        {
          kind: 'plan_purchase',
          debit: member(s, 'fund'),
          credit: member(s, 'principal'),
          amount: 1000n * U,
        },
      ],
      hoursAgo(1980),
    );
    for (let p = 0; p < TRANSFERS / PER_POSTING; p++) {
      // spread from ~80 days ago to 1 hour ago: the last postings fall within the last 24 hours
      const at = hoursAgo(1 + ((TRANSFERS / PER_POSTING - 1 - p) * 1900) / (TRANSFERS / PER_POSTING));
      const transfers = Array.from({ length: PER_POSTING }, (_, i): TransferSpec => {
        const [kind, wallet] = incomes[(p * PER_POSTING + i) % incomes.length]!;
        return {
          kind,
          debit: platform('platform:incentives'),
          credit: member(s, wallet),
          amount: BigInt(1 + ((p * PER_POSTING + i) % 997)) * 10_000n,
        };
      });
      await run(tx, transfers, at);
    }
    await holder.query('COMMIT');
    holder.release();
    await run(
      tx,
      [{ kind: 'compound', debit: member(s, 'roi'), credit: member(s, 'compound'), amount: 25n * U }],
      hoursAgo(3),
    );
    await run(
      tx,
      [{ kind: 'transfer', debit: member(s, 'fund'), credit: member(quiet.id, 'fund'), amount: 300n * U }],
      hoursAgo(2),
    );
    await run(
      tx,
      [
        {
          kind: 'withdrawal',
          debit: member(s, 'earnings'),
          credit: platform('platform:withdrawals_pending'),
          amount: 40n * U,
          pending: true,
          refType: 'withdrawal',
          refId: '0',
        },
      ],
      hoursAgo(1),
    );
    // an income debited back (a reversal) is no income credited: the figures ignore it
    await run(
      tx,
      [
        {
          kind: 'reward',
          debit: member(s, 'earnings'),
          credit: platform('platform:incentives'),
          amount: 1n * U,
        },
      ],
      hoursAgo(1),
    );
  });
  await rollUpTeams(t.db, { batch: 100_000, timeoutMs: 60_000 });
}, 600_000);
afterAll(async () => t.close());

describe('GET /users/{id} from maintained rows', () => {
  it('a member with 10,000 transfers and a team of 5,000 gets the figures of a full recount', async () => {
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM transfers tr JOIN ledger_accounts a ON a.id = tr.credit_account
        WHERE a.owner_user_id = $1`,
      [star.id],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(TRANSFERS);
    // nothing folded yet: balances and totals are rows plus deltas
    const unfolded = await t.db.query(
      'SELECT count(*)::int AS n FROM income_total_deltas WHERE user_id = $1',
      [star.id],
    );
    expect(unfolded.rows[0].n).toBeGreaterThan(0);
    const expected = await recount(star.id);
    expect(expected.total_team).toBe(TEAM);
    expect(expected.roi_day).toBeGreaterThan(0);
    expect(expected.level_month).toBeGreaterThan(0);
    expect(expected.level_month).toBeLessThan(expected.working);
    expect(await api(star.id)).toEqual(expected);
    for (const other of [root, quiet]) expect(await api(other.id)).toEqual(await recount(other.id));
  });

  it('answers the same once the deltas are folded into their rows', async () => {
    const before = await api(star.id);
    const folded = await foldDeltas(t.db);
    expect(folded.deltas).toBeGreaterThan(0);
    expect(folded.totalDeltas).toBeGreaterThan(0);
    const left = await t.db.query(
      'SELECT (SELECT count(*) FROM ledger_deltas)::int AS a, (SELECT count(*) FROM income_total_deltas)::int AS b',
    );
    expect(left.rows[0]).toEqual({ a: 0, b: 0 });
    expect(await api(star.id)).toEqual(before);
    expect(await api(star.id)).toEqual(await recount(star.id));
    for (const other of [root, quiet]) expect(await api(other.id)).toEqual(await recount(other.id));
  });

  it('reads incomes credited straight to free rows, over more months than a row keeps', async () => {
    const paid = await withTx(t.db, (tx) => insertMember(tx, root, new Date()));
    const now = (await t.db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
    // seven months back to this one, two kinds a month: a row keeps all time and the last three months
    for (let m = 6; m >= 0; m--) {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 2, 12));
      await withTx(t.db, (tx) =>
        run(
          tx,
          [
            {
              kind: 'level_income',
              debit: platform('platform:incentives'),
              credit: member(paid.id, 'earnings'),
              amount: BigInt(m + 1) * U,
            },
            {
              kind: 'reward',
              debit: platform('platform:incentives'),
              credit: member(paid.id, 'earnings'),
              amount: 3n * U,
            },
          ],
          at > now ? now : at,
        ),
      );
    }
    const deltas = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger_deltas d JOIN ledger_accounts a ON a.id = d.account_id
        WHERE a.owner_user_id = $1`,
      [paid.id],
    );
    expect(deltas.rows[0].n).toBe(0);
    const row = await t.db.query(
      `SELECT income_totals FROM ledger_accounts WHERE owner_user_id = $1 AND kind = 'earnings'`,
      [paid.id],
    );
    expect(Object.keys(row.rows[0].income_totals.level_income)).toHaveLength(4);
    const figures = await api(paid.id);
    expect(figures).toEqual(await recount(paid.id));
    expect(figures.working).toBe(28 + 21);
    expect(figures.level_month).toBe(1);
  });
});
