/**
 * A member's figures (GET /users/{id}) are answered from memory (users/view-cache.ts) and are still
 * exact: the instance that writes forgets them before it answers, every other instance when the
 * NOTIFY arrives, and figures that change with the clock alone expire by themselves. The cache is
 * shown to be in use by changing a row behind its back (a statement that announces nothing): the
 * instance keeps the old answer until a real change comes.
 */
import { fromMicro } from '@app/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createPool, type Db, withTx } from '../../src/db/pool.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { post } from '../../src/ledger/ledger.js';
import { findView } from '../../src/modules/identity/users/repo.js';
import { createTestApp, cutNoticeListeners, eventually, type TestApp } from '../helpers.js';

const U = 1_000_000n;
let t: TestApp;
/** A second instance over the same database, with its own process memory and its own pool. */
let other: Awaited<ReturnType<typeof buildApp>>;
let otherDb: Db;
let admin: string;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createPool(t.db.options.connectionString!, 4);
  other = await buildApp({
    config: t.config,
    db: otherDb,
    clock: t.clock,
    jwtSecret: 'x'.repeat(48),
    logger: false,
    jobs: new Scheduler(otherDb),
  });
  await other.ready();
  admin = await t.adminToken();
  root = (await t.register()).code;
});
afterAll(async () => {
  await other.close();
  await otherDb.end();
  await t.close();
});

type App = typeof other;
async function figures(app: App, id: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${id}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().singleuser as { fullname: string; business_balance: number; roi_day: number };
}

/** A change nobody announces: the cache cannot know of it. */
const renameQuietly = (id: number, name: string) =>
  t.db.query('UPDATE users SET fullname = $2 WHERE id = $1', [id, name]);

let serial = 0;
/** A deposit through the one posting function, on the given instance's pool. */
async function deposit(db: Db, id: number, usdt: bigint, at?: Date) {
  await withTx(db, (tx) =>
    post(
      tx,
      {
        idempotencyKey: `view-cache-${serial++}`,
        transfers: [
          { kind: 'deposit', debit: platform('platform:cash'), credit: member(id, 'fund'), amount: usdt * U },
        ],
      },
      at ?? t.clock.now(),
    ),
  );
}

describe('member view cache', () => {
  it('answers from memory once read: a change nobody announces goes unseen', async () => {
    const m = await t.register(root);
    const before = await figures(t.app, m.id);
    expect((await figures(other, m.id)).fullname).toBe(before.fullname);
    await renameQuietly(m.id, 'Quietly Renamed');
    expect((await figures(t.app, m.id)).fullname).toBe(before.fullname);
    expect((await figures(other, m.id)).fullname).toBe(before.fullname);
    // a member never read before is read from the database
    const fresh = await t.register(root);
    await renameQuietly(fresh.id, 'Read Fresh');
    expect((await figures(t.app, fresh.id)).fullname).toBe('Read Fresh');
  });

  it('a posting is seen at once by the instance that wrote it and soon after by every other', async () => {
    const m = await t.register(root);
    expect((await figures(t.app, m.id)).business_balance).toBe(0);
    expect((await figures(other, m.id)).business_balance).toBe(0);
    await renameQuietly(m.id, 'Renamed Before The Deposit');

    await deposit(t.db, m.id, 250n);
    // the writer's own instance: no wait at all
    const here = await figures(t.app, m.id);
    expect(here.business_balance).toBe(250);
    expect(here.fullname).toBe('Renamed Before The Deposit');
    // the other instance: once the notice has crossed
    const there = await eventually(
      () => figures(other, m.id),
      (f) => f.business_balance === 250,
    );
    expect(there.business_balance).toBe(250);
    expect(there.fullname).toBe('Renamed Before The Deposit');

    // and the other way round
    await deposit(otherDb, m.id, 50n);
    expect((await figures(other, m.id)).business_balance).toBe(300);
    expect(
      (
        await eventually(
          () => figures(t.app, m.id),
          (f) => f.business_balance === 300,
        )
      ).business_balance,
    ).toBe(300);
  });

  it('a member transfer through the API is in both members’ figures in the answer that follows it', async () => {
    const from = await t.register(root);
    const to = await t.register(root);
    // transfers need a verified email (before anything is read, so nothing cached misses it)
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [from.id]);
    await deposit(t.db, from.id, 100n);
    expect((await figures(t.app, from.id)).business_balance).toBe(100);
    expect((await figures(t.app, to.id)).business_balance).toBe(0);
    const sent = await t.call('POST', '/transfer/friend', {
      token: from.token,
      body: { amount: 40, password: from.password, to_user_id: to.id },
    });
    expect(sent.status).toBe(201);
    expect((await figures(t.app, from.id)).business_balance).toBe(60);
    expect((await figures(t.app, to.id)).business_balance).toBe(40);
  });

  it('a profile edit, a block and a sign-in are seen at once', async () => {
    const m = await t.register(root);
    await figures(t.app, m.id);
    const edit = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { fullname: 'Edited Name' } });
    expect(edit.status).toBe(200);
    expect((await figures(t.app, m.id)).fullname).toBe('Edited Name');
    const before = (await figures(t.app, m.id)) as unknown as { last_login: string | null };
    t.clock.advance(60_000);
    const signin = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(signin.status).toBe(200);
    const after = (await figures(t.app, m.id)) as unknown as { last_login: string | null };
    expect(after.last_login).not.toBe(before.last_login);
    expect(after.last_login).toBe(t.clock.now().toISOString());
    const block = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { status: 'block' } });
    expect(block.status).toBe(200);
    expect((await figures(t.app, m.id)) as unknown as { status: string }).toMatchObject({ status: 'block' });
  });

  it('figures that change with the clock alone expire by themselves (roi_day, level_month)', async () => {
    const m = await t.register(root);
    const dbNow = async () =>
      (await t.db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
    // a ROI credit that leaves the last 24 hours three seconds from now
    const start = await dbNow();
    const leavesAt = start.getTime() + 3_000;
    await withTx(t.db, (tx) =>
      post(
        tx,
        {
          idempotencyKey: `view-cache-roi-${m.id}`,
          transfers: [
            {
              kind: 'roi_income',
              debit: platform('platform:incentives'),
              credit: member(m.id, 'roi'),
              amount: 7n * U,
            },
          ],
        },
        new Date(leavesAt - 24 * 3_600_000),
      ),
    );
    // the read says how long it holds: no longer than until the credit leaves the window
    const row = (await findView(t.db, m.id))!;
    if (row.roi_day > 0n) expect(row.valid_ms).toBeLessThanOrEqual(3_000);
    await figures(t.app, m.id);
    const wait = leavesAt + 500 - (await dbNow()).getTime();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    expect((await figures(t.app, m.id)).roi_day).toBe(0);

    // with no ROI in the last day, the read holds until the next UTC month at most
    const quiet = (await findView(t.db, (await t.register(root)).id))!;
    const now = await dbNow();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(quiet.valid_ms).toBeGreaterThan(0);
    expect(quiet.valid_ms).toBeLessThanOrEqual(nextMonth - now.getTime() + 1_000);
  });

  it('keeps nothing while its listening connection is down, and reads figures exactly then', async () => {
    const m = await t.register(root);
    await figures(other, m.id);
    // both instances' listening connections
    expect(await cutNoticeListeners(t.db)).toBeGreaterThanOrEqual(2);
    await renameQuietly(m.id, 'Seen While Not Listening');
    const seen = await eventually(
      () => figures(other, m.id),
      (f) => f.fullname === 'Seen While Not Listening',
    );
    expect(seen.fullname).toBe('Seen While Not Listening');
  });

  it('is off with MEMBER_VIEW_CACHE_SECONDS=0: every read goes to the database', async () => {
    const off = await createTestApp({ MEMBER_VIEW_CACHE_SECONDS: '0' });
    try {
      const offAdmin = await off.adminToken();
      const m = await off.register();
      const read = async () =>
        (await off.call('GET', `/users/${m.id}`, { token: offAdmin })).body.singleuser.fullname as string;
      await read();
      await off.db.query('UPDATE users SET fullname = $2 WHERE id = $1', [m.id, 'No Cache Here']);
      expect(await read()).toBe('No Cache Here');
    } finally {
      await off.close();
    }
  });

  it('money figures stay equal to the ledger under concurrent postings on two instances', async () => {
    const m = await t.register(root);
    const readers = [t.app, other];
    let stop = false;
    // readers keep the entry warm on both instances while deposits land on both pools
    const reading = Promise.all(
      readers.map(async (app) => {
        while (!stop) await figures(app, m.id);
      }),
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => deposit(i % 2 ? otherDb : t.db, m.id, 1n)));
    stop = true;
    await reading;
    const ledger = await t.db.query<{ balance: bigint }>(
      `SELECT sum(amount)::bigint AS balance FROM transfers
        WHERE credit_account = (SELECT id FROM ledger_accounts WHERE owner_user_id = $1 AND kind = 'fund')`,
      [m.id],
    );
    const expected = fromMicro(ledger.rows[0]!.balance);
    expect(expected).toBe(20);
    expect((await figures(t.app, m.id)).business_balance).toBe(expected);
    expect(
      (
        await eventually(
          () => figures(other, m.id),
          (f) => f.business_balance === expected,
        )
      ).business_balance,
    ).toBe(expected);
  });
});
