import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { rollUpBatch, rollUpTeams } from '../../src/modules/compensation/referral/rollup.js';
import { hashPassword } from '../../src/modules/identity/auth/passwords.js';
import { createTopupsService } from '../../src/modules/money/topups/service.js';
import { createWithdrawalsService } from '../../src/modules/money/withdrawals/service.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { approve, secondEyes } from './approval-fixtures.js';
import { payoutHash } from './payout-hashes.js';
import {
  addMember,
  adminActor,
  fund,
  insertMember,
  memberActor,
  randomTree,
  referenceFigures,
  rolledUpFigures,
  seeded,
  type TreeMember,
  U,
} from './referral-fixtures.js';

const HOLDER_PASSWORD = 'HolderPass123';

let t: TestApp;
let admin: string;
let planId: number;
let root: TreeMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  planId = (
    await t.call('POST', '/plans/add', {
      token: admin,
      body: { name: 'Tree', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
  root = await addMember(t.db, null, t.clock.now());
});
afterAll(async () => t.close());

const catchUp = async () => expect((await rollUpTeams(t.db, { clock: t.clock })).caughtUp).toBe(true);
const stats = async () =>
  (await t.db.query('SELECT * FROM team_stats ORDER BY user_id')).rows.map((r) => ({ ...r }));

describe('tree roll-up', () => {
  it('never writes an upline while a member joins or buys: the job does, from the events', async () => {
    await catchUp();
    const before = await stats();
    const m = await addMember(t.db, root, t.clock.now());
    await fund(t.db, m.id, 500n, t.clock.now());
    const topups = createTopupsService({ db: t.db, clock: t.clock });
    await topups.purchase(memberActor(m.id), { plan_id: planId, amount: 200n * U }, 'purchase', null);
    expect(await stats()).toEqual(before);

    await t.jobs.run('tree-rollup');
    await catchUp();
    const rootRow = (await rolledUpFigures(t.db)).get(root.id)!;
    expect(rootRow).toMatchObject({ direct_count: 1, active_directs: 1, team_count: 1, active_team: 1 });
    expect(rootRow.team_business).toBe(String(200n * U));
  });

  it('matches a recursive-CTE reference on a random tree with purchases, reversals, withdrawals, edits, a move and a delete', async () => {
    const rand = seeded(20261122);
    const now = () => t.clock.now();
    const all = await randomTree(t.db, root, 300, now(), rand);
    const topups = createTopupsService({ db: t.db, clock: t.clock });
    const withdrawals = createWithdrawalsService({ db: t.db, clock: t.clock });
    const adminAct = await adminActor(t);
    const pick = () => all[1 + Math.floor(rand() * (all.length - 1))]!;

    // about a third buy a plan, some twice; the roll-up runs now and then in between
    const buyers = new Set<number>();
    const purchases: number[] = [];
    for (let i = 0; i < 110; i++) {
      const m = pick();
      if (!buyers.has(m.id)) await fund(t.db, m.id, 2000n, now());
      const kind = buyers.has(m.id) ? 'retopup' : 'purchase';
      const amount = BigInt(100 + Math.floor(rand() * 800)) * U;
      const res = await topups.purchase(memberActor(m.id), { plan_id: planId, amount }, kind, null);
      buyers.add(m.id);
      purchases.push(res.id);
      if (i % 25 === 0) await t.jobs.run('tree-rollup');
    }

    // reversals (refused once a purchase paid direct income; some go through)
    let reversed = 0;
    for (const id of purchases.filter(() => rand() < 0.3)) {
      reversed += await topups.reverse(adminAct, id).then(
        () => 1,
        () => 0,
      );
    }
    expect(reversed).toBeGreaterThan(0);

    // principal withdrawals: requested (the plan drops), some rejected or cancelled (it comes back)
    const holders = (
      await t.db.query<{ id: bigint }>(
        `SELECT owner_user_id AS id FROM accounts WHERE kind = 'principal' AND balance >= 100000000 ORDER BY id LIMIT 6`,
      )
    ).rows.map((r) => Number(r.id));
    // a withdrawal request asks for the member's password: these members get a real one
    await t.db.query(`UPDATE users SET verify_at = $2, bep20 = $3, password_hash = $4 WHERE id = ANY($1)`, [
      holders,
      now(),
      `0x${'d'.repeat(40)}`,
      await hashPassword(HOLDER_PASSWORD),
    ]);
    const requests = [];
    for (const id of holders) {
      const amount = id % 2 ? 100n * U : 60n * U;
      requests.push(
        await withdrawals.request(
          memberActor(id),
          'principal',
          { amount, network: 'BEP20', password: HOLDER_PASSWORD },
          null,
        ),
      );
    }
    await t.jobs.run('tree-rollup');
    await withdrawals.decide(adminAct, requests[0]!.id, 'principal', { status: 'rejected', reason: 'test' });
    await withdrawals.cancel(memberActor(holders[1]!), requests[1]!.id);
    await withdrawals.decide(adminAct, requests[2]!.id, 'principal', {
      status: 'approved',
      tx_hash: payoutHash('rollup'),
    });

    // admin edits of is_active, a move of a whole leg, and a delete of a member without money or team
    const active = all.find((m) => buyers.has(m.id) && !holders.includes(m.id))!;
    const idle = all.find((m) => !buyers.has(m.id) && m.id !== root.id)!;
    for (const [m, is_active] of [
      [active, 'inactive'],
      [idle, 'active'],
    ] as const) {
      const res = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { is_active } });
      expect(res.status, res.raw).toBe(200);
    }
    await t.jobs.run('tree-rollup');
    const subtree = (
      await t.db.query<{ id: bigint; n: number }>(
        `SELECT u.id, (SELECT count(*)::int FROM users d WHERE d.path <@ u.path) AS n
           FROM users u WHERE u.role = 'user' AND nlevel(u.path) >= 3 ORDER BY 2 DESC, 1 LIMIT 1`,
      )
    ).rows[0]!;
    expect(subtree.n).toBeGreaterThan(3);
    const target = (
      await t.db.query<{ code: string }>(
        `SELECT refferal_code AS code FROM users WHERE role = 'user' AND nlevel(path) = 2
            AND NOT path <@ (SELECT path FROM users WHERE id = $1)
            AND id <> (SELECT sponsor_id FROM users WHERE id = $1) ORDER BY id LIMIT 1`,
        [subtree.id],
      )
    ).rows[0]!;
    // a sponsor change by staff waits for a second admin (issue 36), who makes the move
    const moved = await t.call('PUT', `/users/${subtree.id}`, {
      token: admin,
      body: { reffer_by: target.code },
    });
    await approve(t, (await secondEyes(t)).token, moved);
    const leaf = (
      await t.db.query<{ id: bigint }>(
        `SELECT u.id FROM users u WHERE u.role = 'user' AND u.sponsor_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM users c WHERE c.sponsor_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.owner_user_id = u.id) ORDER BY u.id DESC LIMIT 1`,
      )
    ).rows[0]!;
    expect((await t.call('DELETE', `/users/${leaf.id}`, { token: admin })).status).toBe(200);

    await catchUp();
    const reference = await referenceFigures(t.db);
    expect(reference.get(root.id)!.team_count).toBe(all.length - 1); // 300 + the first test's member - the deleted
    expect(await rolledUpFigures(t.db)).toEqual(reference);
  });

  it('changes nothing when the job runs again', async () => {
    await catchUp();
    const before = await stats();
    const cursor = (await t.db.query('SELECT xid::text, event_id FROM rollup_cursor')).rows;
    expect(await t.jobs.run('tree-rollup')).toBe(true);
    expect(await t.jobs.run('tree-rollup')).toBe(true);
    expect(await stats()).toEqual(before);
    expect((await t.db.query('SELECT xid::text, event_id FROM rollup_cursor')).rows).toEqual(cursor);
  });

  it('loses no event of concurrent registrations, even of transactions that commit late', async () => {
    const rand = seeded(7);
    const members = (
      await t.db.query<{ id: bigint; refferal_code: string; path: string }>(
        `SELECT id, refferal_code, path::text AS path FROM users WHERE role = 'user' ORDER BY id LIMIT 50`,
      )
    ).rows.map((r) => ({ id: Number(r.id), code: r.refferal_code, path: r.path }));
    const before = (await rolledUpFigures(t.db)).get(root.id)!.team_count;
    let done = false;
    // the roll-up keeps running while members join: events are read while others are still open
    const rolling = (async () => {
      while (!done) await rollUpBatch(t.db, t.clock.now(), 7);
    })();
    const slow = Array.from({ length: 40 }, (_, i) =>
      withTx(t.db, async (tx) => {
        await insertMember(tx, members[i % members.length]!, t.clock.now());
        await new Promise((r) => setTimeout(r, Math.floor(rand() * 60)));
      }),
    );
    // and a few through the real registration route
    const viaRoute = Array.from({ length: 6 }, (_, i) => t.register(members[i]!.code));
    await Promise.all([...slow, ...viaRoute]);
    done = true;
    await rolling;
    await catchUp();
    const reference = await referenceFigures(t.db);
    expect(reference.get(root.id)!.team_count).toBe(before + 46);
    expect(await rolledUpFigures(t.db)).toEqual(reference);
  });

  it('rollUpTeams includes everything committed before the call, waiting out an older open transaction', async () => {
    const older = await t.db.connect();
    try {
      const before = (await rolledUpFigures(t.db)).get(root.id)!;
      // an older transaction writes an event and stays open; a newer one commits
      await older.query('BEGIN');
      await insertMember(older, root, t.clock.now());
      await addMember(t.db, root, t.clock.now());

      // the newer event is not read while the older transaction may still commit below it
      const early = await rollUpTeams(t.db, { clock: t.clock, timeoutMs: 200 });
      expect(early.caughtUp).toBe(false);
      expect((await rolledUpFigures(t.db)).get(root.id)!.team_count).toBe(before.team_count);

      const rolling = rollUpTeams(t.db, { clock: t.clock, timeoutMs: 5000 });
      await new Promise((r) => setTimeout(r, 150));
      await older.query('COMMIT');
      expect((await rolling).caughtUp).toBe(true);
      const after = (await rolledUpFigures(t.db)).get(root.id)!;
      expect(after.team_count).toBe(before.team_count + 2);
      expect(after.direct_count).toBe(before.direct_count + 2);
    } finally {
      older.release();
    }
  });
});
