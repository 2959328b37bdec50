/**
 * The real process: boot on an embedded PostgreSQL, data surviving a restart, and SIGTERM letting
 * in-flight requests finish before the database stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from '../load-budget.js';

const root = path.resolve(import.meta.dirname, '../../../..');
let dataDir: string;
const port = 3400 + Math.floor(Math.random() * 500);
const pgPort = 56000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

function start(): { proc: ChildProcess; exited: Promise<number | null>; output: () => string } {
  let output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_EMAIL: 'boot@test.local',
      ADMIN_PASSWORD: 'BootAdmin123',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: '',
      // the ten parallel sign-ins below are all of one account: every attempt is counted before its
      // password is checked (modules/identity/auth/throttle.ts), so more than the default 5 in flight at once
      // would be held like a burst of guesses
      LOGIN_FAILS_PER_ACCOUNT: '20',
      // the admin signs in with a password below: two-factor relaxed at the first start, as
      // server-process.ts does (issue36-totp-default.test.ts)
      ADMIN_TOTP_REQUIRED: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (c) => {
    output += c;
  });
  proc.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, exited, output: () => output };
}

/**
 * Until the server answers /healthz, or its process ends (failing with what it printed): no clock
 * of its own, so a busy machine makes the start slower, never red (the test's budget bounds it).
 */
async function waitHealthy(server: ReturnType<typeof start>) {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  while (!ended) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server exited before it was healthy:\n${server.output()}`);
}

const post = (url: string, body: unknown) =>
  fetch(`${base}/api/v1${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-boot-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('server process', () => {
  it(
    'boots, keeps its data across a restart, and drains requests on SIGTERM',
    async () => {
      const first = start();
      await waitHealthy(first);
      const reg = await post('/auth/register', {
        fullname: 'Persisted Root',
        email: 'persist@test.local',
        phone: '5550001234',
        password: 'Violet-Harbor-42',
      });
      expect(reg.status).toBe(201);

      // ten sign-ins (each runs argon2 for tens of ms) received by the server, then SIGTERM: every
      // one of them must still be answered
      const inflight = Array.from({ length: 10 }, () =>
        post('/auth/signin', { email: 'persist@test.local', password: 'Violet-Harbor-42' }),
      );
      while ((first.output().match(/"url":"\/api\/v1\/auth\/signin"/g) ?? []).length < 10) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const t0 = Date.now();
      first.proc.kill('SIGTERM');
      const statuses = await Promise.all(
        inflight.map((p) =>
          p.then(
            (r) => r.status,
            () => 'dropped',
          ),
        ),
      );
      expect(statuses).toEqual(Array(10).fill(200));
      expect(await first.exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      const second = start();
      await waitHealthy(second);
      const signin = await post('/auth/signin', {
        email: 'persist@test.local',
        password: 'Violet-Harbor-42',
      });
      expect(signin.status).toBe(200);
      const admin = await post('/auth/adminsignin', { email: 'boot@test.local', password: 'BootAdmin123' });
      expect(admin.status).toBe(200);

      // a projection of millions of member-days is computing when SIGTERM comes: the server is still
      // gone within 10 s, and the database stops cleanly
      const adminToken = (await admin.json()).admin.token;
      const member = (await signin.json()).auth;
      const as = (token: string) => ({
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      });
      const call = async (method: string, url: string, token: string, body?: unknown) => {
        const res = await fetch(`${base}/api/v1${url}`, {
          method,
          headers: as(token),
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      const plan = await call('POST', '/plans/add', adminToken, {
        name: 'Boot',
        min_amount: 10,
        max_amount: 1000,
      });
      const deposit = await call('POST', '/deposite/add', adminToken, { user_id: member.id, amount: 100 });
      await call('PUT', `/deposite/${deposit.body.deposite.id}`, adminToken, { status: 'approved' });
      expect(
        (await call('POST', '/topup/add', member.token, { plan_id: plan.body.plan.id, amount: 100 })).status,
      ).toBe(201);
      const job = await call('POST', '/plans/what-if', adminToken, {
        days: 365,
        joins_per_day: 140,
        join_amount: 10,
      });
      expect(job.status).toBe(202);
      while ((await call('GET', `/plans/what-if/${job.body.id}`, adminToken)).body.progress.days_done === 0) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const stopAsked = Date.now();
      second.proc.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(Date.now() - stopAsked).toBeLessThan(10_000);
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(second.output()).not.toMatch(/migrations applied/);
    },
    budget(90_000),
  );
});
