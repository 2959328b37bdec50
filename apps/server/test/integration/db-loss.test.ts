/**
 * Losing the database never ends the API. What a database restart or failover looks like from the
 * server: every backend terminated under requests in flight (pg_terminate_backend), then no
 * database at all for a while. Requests caught in it answer 503 (never 500) and lose nothing that
 * was answered 2xx; the pool reconnects; /healthz says 503 while the database is away and 200 when
 * it is back; the process, its jobs and its mail outbox stay up.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../src/http/errors.js';
import { reconcile } from '../../src/ledger/reconcile.js';
import { TEMPLATE_DB, withDatabase } from '../global-setup.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { budget } from '../load-budget.js';
import { health, randomPort, startServer, waitForHealth } from '../server-process.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

/** A client that outlives the terminations it causes: its own lost connection must not throw. */
async function sideClient(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Terminates every backend of `database` but the caller's own, and says how many. */
async function terminateAll(url: string, database: string) {
  const killer = await sideClient(url);
  try {
    const { rows } = await killer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()) t`,
      [database],
    );
    return rows[0]!.n;
  } finally {
    await killer.end().catch(() => {});
  }
}

describe('in flight: every backend terminated under a load of money requests', () => {
  let t: TestApp;
  let url: string;
  let database: string;
  type Member = Awaited<ReturnType<TestApp['register']>>;
  const members: Member[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    url = t.db.options.connectionString!;
    database = new URL(url).pathname.slice(1);
    const admin = await t.adminToken();
    const second = await secondEyes(t);
    const root = await t.register();
    for (let i = 0; i < 12; i++) {
      const m = await t.register(root.code);
      await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
      await adjustByTwo(
        t,
        { ask: admin, approve: second.token },
        { user_id: m.id, wallet: 'fund', amount: 100, reason: 'db-loss test' },
      );
      members.push(m);
    }
  }, 120_000);
  afterAll(async () => t.close());

  it('answers 503 to the requests caught, never 500, loses no 2xx, and serves again at once', async () => {
    const run = randomBytes(3).toString('hex');
    const requests = members.flatMap((from, i) =>
      [0, 1].map((n) => ({
        from,
        to: members[(i + 1) % members.length]!,
        key: `dbloss-${run}-${i}-${n}`,
      })),
    );
    const send = (r: (typeof requests)[number]) =>
      t.call('POST', '/transfer/friend', {
        token: r.from.token,
        idempotencyKey: r.key,
        body: { amount: 1.5, password: r.from.password, recipient: r.to.code },
      });

    // Hold every member account, so each transfer stops inside its transaction at the ledger's
    // FOR UPDATE: the termination below then catches a known set of requests mid-transaction.
    const locker = await sideClient(url);
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM accounts WHERE owner_user_id = ANY($1::bigint[]) FOR UPDATE', [
      members.map((m) => m.id),
    ]);
    const answers = requests.map((r) => send(r));
    const poolSize = t.db.options.max ?? 10;
    // watched from outside the locker's transaction: pg_stat_activity is read once per transaction
    const observer = await sideClient(url);
    let blocked = 0;
    for (const until = Date.now() + budget(90_000); blocked < poolSize && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await observer.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [database],
      );
      blocked = rows[0]!.n;
    }
    await observer.end();

    // the database "restarts": every backend goes, the locker's too (which releases its locks)
    const terminated = await terminateAll(url, database);
    const results = await Promise.all(answers);
    await locker.end().catch(() => {});
    expect(blocked).toBe(poolSize); // every pooled connection was inside a transfer, waiting
    expect(terminated).toBeGreaterThanOrEqual(blocked + 1);

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]); // no 500, nothing else
    const unavailable = results.filter((r) => r.status === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(blocked);
    for (const r of unavailable)
      expect(r.body).toEqual({ message: DATABASE_UNAVAILABLE, code: 'http.service_unavailable' });

    // every 2xx is in the ledger, posted
    for (const r of results.filter((x) => x.status === 201)) {
      const { rows } = await t.db.query('SELECT status FROM transfers WHERE id = $1', [r.body.transfer.id]);
      expect(rows).toEqual([{ status: 'posted' }]);
    }
    expect(await healthOf(t)).toBe(200);

    // The client retries what got 503 with the same Idempotency-Key: each is done exactly once.
    const retried = await Promise.all(
      requests.map((r, i) => (results[i]!.status === 503 ? send(r) : results[i]!)),
    );
    expect(retried.map((r) => r.status)).toEqual(requests.map(() => 201));
    const { rows: posted } = await t.db.query<{ posting_key: string; n: number }>(
      `SELECT posting_key, count(*)::int AS n FROM transfers WHERE posting_key LIKE $1 GROUP BY posting_key`,
      [`friend:%:dbloss-${run}-%`],
    );
    expect(posted).toHaveLength(requests.length);
    expect(posted.every((p) => p.n === 1)).toBe(true);
    const report = await reconcile(t.db);
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
  }, 120_000);
});

async function healthOf(t: TestApp) {
  return (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
}

/**
 * A TCP relay between the server and PostgreSQL: closing it is the database going away for the
 * server (connections reset, new ones refused) while the test keeps its own way in.
 */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server ? server.close(() => resolve()) : resolve();
      server = null;
    });
  return { open, close, port: () => port };
}

describe('the real process', () => {
  const serverUrl = inject('pgServerUrl');
  const database = `t_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(serverUrl, database);
  const pgAddress = new URL(serverUrl);
  const proxy = relay({ host: pgAddress.hostname, port: Number(pgAddress.port || 5432) });

  beforeAll(async () => {
    const admin = await sideClient(serverUrl);
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    await proxy.open();
  });
  afterAll(async () => {
    await proxy.close();
    const admin = await sideClient(serverUrl);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('survives pg_terminate_backend of all its connections and the database going away', async () => {
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port()}`;
    const server = startServer({
      port: randomPort(4300),
      env: {
        DATABASE_URL: viaProxy.toString(),
        WORKER: 'on', // the jobs and the mail outbox run too, and must live through it
        ADMIN_EMAIL: 'dbloss@test.local',
        ADMIN_PASSWORD: 'DbLossAdmin123',
      },
    });
    try {
      await waitForHealth(server);
      // a member, and a read of their own record: a route that needs the database for the session too
      const registered = await fetch(`${server.base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullname: 'Db Loss',
          email: 'dbloss-member@test.local',
          phone: '5550001234',
          password: 'Db-Loss-Member-7319',
        }),
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const { auth } = (await registered.json()) as { auth: { id: number; token: string } };
      const readSelf = () =>
        fetch(`${server.base}/api/v1/users/${auth.id}`, {
          headers: { authorization: `Bearer ${auth.token}` },
        });
      const readStatus = () => readSelf().then((r) => r.status);

      // three rounds of every connection terminated while requests run
      for (let round = 0; round < 3; round++) {
        const load = Array.from({ length: 12 }, (_, i) => (i % 2 ? readStatus() : health(server.base)));
        await terminateAll(serverUrl, database);
        const statuses = await Promise.all(load);
        expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
        expect(server.alive()).toBe(true);
      }
      await waitForHealth(server, 200);
      expect(await readStatus()).toBe(200);

      // no database at all: 503, and the process waits it out (the outbox ticks every 2 s meanwhile)
      await proxy.close();
      expect(await health(server.base)).toBe(503);
      const away = await readSelf();
      expect(away.status).toBe(503);
      expect(await away.json()).toEqual({ message: DATABASE_UNAVAILABLE, code: 'http.service_unavailable' });
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(server.alive()).toBe(true);
      expect(server.output()).toMatch(/mail outbox pass failed/); // the outbox did meet the outage

      await proxy.open();
      await waitForHealth(server, 200);
      expect(await readStatus()).toBe(200);
      expect(server.alive()).toBe(true);
      expect(server.output()).not.toMatch(/unhandled|Uncaught|"level":60/i);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 180_000);
});
