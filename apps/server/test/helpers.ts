import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { type Config, loadConfig } from '../src/config.js';
import { LISTENER_NAME } from '../src/db/listener.js';
import { createPool, type Db } from '../src/db/pool.js';
import { Scheduler } from '../src/jobs/scheduler.js';
import { mailSecretBox } from '../src/mail/secrets.js';
import { ensureAdmin } from '../src/modules/identity/admins/bootstrap.js';
import { TEMPLATE_DB, withDatabase } from './global-setup.js';

export const ADMIN = { email: 'admin@test.local', password: 'AdminPass123' };

/** The server secret of every test app (mail's sealed copies open with it: lastMail). */
export const TEST_JWT_SECRET = 'x'.repeat(48);

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A fresh database cloned from the migrated template, and the app over it with a movable clock. */
export async function createTestApp(env: Record<string, string> = {}) {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, name);
  const db: Db = createPool(databaseUrl, 20);
  const clock = new ManualClock(new Date('2026-11-01T10:00:00Z'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_PER_IP: '1000',
    LOGIN_FAILS_PER_ACCOUNT: '5',
    PUBLIC_URL: 'http://app.test',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  // jobs are not started: a test runs one when it wants, e.g. `await t.jobs.run('tree-rollup')`
  const jobs = new Scheduler(db);
  const app = await buildApp({
    config,
    db,
    clock,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    jobs,
    databaseUrl,
  });
  // test apps start with two-factor relaxed (as the browser tests do) unless `ADMIN_TOTP_REQUIRED` is
  // given: most tests sign admins in with a password alone. A fresh install requires it
  // (issue36-totp-default.test.ts)
  await ensureAdmin(db, clock, app.log, {
    email: ADMIN.email,
    password: ADMIN.password,
    requireTotp: 'ADMIN_TOTP_REQUIRED' in env ? config.ADMIN_TOTP_REQUIRED : false,
  });
  await app.ready();

  async function close() {
    await app.close();
    await db.end();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }

  return { app, db, databaseUrl, clock, config, jobs, close, ...apiHelpers(app) };
}

type Inject = Awaited<ReturnType<typeof buildApp>>['inject'];

function apiHelpers(app: { inject: Inject }) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { token?: string; body?: unknown; idempotencyKey?: string } = {},
  ) {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null, raw: res.body };
  }

  let counter = 0;
  /** Registers a member under `sponsorCode` (or as root) and returns their id, token and code. */
  async function register(sponsorCode?: string, overrides: Record<string, unknown> = {}) {
    counter += 1;
    const email = `member${counter}-${randomBytes(3).toString('hex')}@test.local`;
    const body = {
      fullname: `Member ${counter}`,
      email,
      phone: '5550001234',
      password: 'MemberPass123',
      ...(sponsorCode ? { reffer_by: sponsorCode } : {}),
      ...overrides,
    };
    const res = await call('POST', '/auth/register', { body });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.raw}`);
    return {
      id: res.body.auth.id as number,
      token: res.body.auth.token as string,
      code: res.body.auth.refferal_code as string,
      email: body.email as string,
      password: body.password as string,
    };
  }

  async function adminToken() {
    const res = await call('POST', '/auth/adminsignin', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.raw}`);
    return res.body.admin.token as string;
  }

  return { call, register, adminToken };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * For a test that starts the server as a process: a database cloned from the migrated template
 * and an empty DATA_DIR, both removed by `drop()`.
 */
export async function processDatabase(prefix: string) {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `earnhub-${prefix}-`));
  return {
    url: withDatabase(serverUrl, name),
    dataDir,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The last mail sent to an address as the recipient gets it: the outbox stores codes and link
 * tokens masked, so a mail that has one is read from its sealed copy (mail/secrets.ts), opened with
 * the test server's secret: the test's own channel, as a mail server would deliver it.
 */
export async function lastMail(db: Db, to: string) {
  const { rows } = await db.query<{
    id: bigint;
    subject: string;
    body_text: string;
    template: string;
    sealed: string | null;
  }>(
    `SELECT o.id, o.subject, o.body_text, o.template, s.sealed
       FROM mail_outbox o LEFT JOIN mail_secrets s ON s.mail_id = o.id
      WHERE o.to_address = $1 ORDER BY o.id DESC LIMIT 1`,
    [to],
  );
  const row = rows[0];
  if (!row) return null;
  const original = row.sealed ? mailSecretBox(TEST_JWT_SECRET).open(row.sealed, row.id) : null;
  return {
    subject: original?.subject ?? row.subject,
    body_text: original?.text ?? row.body_text,
    template: row.template,
  };
}

/**
 * The first value `read` answers that `done` accepts, within a generous wait (a notice crosses a
 * socket: no timing bet); the last value read when none is.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Ends every instance's listening connection (db/listener.ts) behind its back; answers how many. */
export async function cutNoticeListeners(db: Db) {
  const killer = new pg.Client({ connectionString: db.options.connectionString });
  await killer.connect();
  try {
    const { rows } = await killer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [LISTENER_NAME],
    );
    return rows.length;
  } finally {
    await killer.end();
  }
}
