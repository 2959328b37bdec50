/**
 * Two real server processes on one database behind a round-robin proxy, as operators scale out:
 * whatever one instance learns (a sign-in limit, an upload, a sign-out) holds on the other, and
 * the recurring jobs and the mail outbox, running on both (WORKER=on), do each piece of work once.
 * Each instance has its own DATA_DIR: nothing is shared but PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@app/contracts/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DB, withDatabase } from '../global-setup.js';
import { eventually } from '../helpers.js';
import { budget } from '../load-budget.js';
import { freePort, startProxy } from '../round-robin-proxy.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { email: 'scale-admin@test.local', password: 'Scale-Out-Admin-2026!' };
const MEMBER_PASSWORD = 'Two-Instances-Member-71';

interface Instance {
  name: 'A' | 'B';
  port: number;
  proc: ChildProcess;
  /** Resolves once the process has exited and its output is read to the end. */
  closed: Promise<number | null>;
  /** The log (pino, one JSON object per line). */
  stdout: () => string;
  output: () => string;
}

const serverUrl = inject('pgServerUrl');
const dbName = `t_two_${randomBytes(5).toString('hex')}`;
const dataDirs: string[] = [];
let instances: Instance[] = [];
let proxy: http.Server;
let proxyUrl: string;

function startInstance(name: 'A' | 'B', port: number): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `two-instances-${name}-`));
  dataDirs.push(dataDir);
  let stdout = '';
  let stderr = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: withDatabase(serverUrl, dbName),
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(48),
      WORKER: 'on',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // its admin signs in with a password: the two-factor default of a fresh install is relaxed
      ADMIN_TOTP_REQUIRED: 'off',
      LOGIN_RATE_PER_IP: '6',
      LOGIN_FAILS_PER_ACCOUNT: '1',
      LOG_LEVEL: 'debug',
      WEB_DIST: '/nonexistent',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  return { name, port, proc, closed, stdout: () => stdout, output: () => stdout + stderr };
}

async function waitHealthy(instance: Instance, timeoutMs = 150_000) {
  const until = Date.now() + budget(timeoutMs);
  while (Date.now() < until) {
    if (instance.proc.exitCode !== null)
      throw new Error(`instance ${instance.name} exited:\n${instance.output()}`);
    const ok = await fetch(`http://127.0.0.1:${instance.port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${instance.name} did not become healthy:\n${instance.output()}`);
}

interface Answer {
  status: number;
  body: { message?: string; token?: string; [key: string]: unknown };
  servedBy: string;
}

/** A JSON call through the proxy, from `clientIp` (a different address per test keeps limits apart). */
async function call(
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; clientIp: string },
): Promise<Answer> {
  const res = await fetch(`${proxyUrl}/api/v1${url}`, {
    method,
    headers: {
      'x-forwarded-for': opts.clientIp,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : {},
    servedBy: res.headers.get('x-served-by') ?? '',
  };
}

/** A call straight to one instance, bypassing the proxy. */
const direct = (instance: Instance, url: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${instance.port}${url}`, init);

/** The JSON log lines of both instances. */
function logLines() {
  return instances.flatMap((instance) =>
    instance
      .stdout()
      .split('\n')
      .slice(0, -1) // the last piece is empty, or a line still being written
      .filter((line) => line.startsWith('{'))
      .map((line) => ({ ...JSON.parse(line), from: instance.name }) as Record<string, unknown>),
  );
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, dbName) });
  await client.connect();
  return client
    .query<T>(sql, params)
    .then((r) => r.rows)
    .finally(() => client.end());
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  // both start at once, as after a deploy: migrations and the first admin are taken in turn
  instances = [startInstance('A', await freePort()), startInstance('B', await freePort())];
  await Promise.all(instances.map((instance) => waitHealthy(instance)));
  proxy = startProxy(instances);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  for (const instance of instances) if (instance.proc.exitCode === null) instance.proc.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.closed));
  if (proxy) await new Promise((resolve) => proxy.close(resolve));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two instances behind a load balancer', () => {
  let member: { id: number; email: string; token: string; code: string };

  it('registers through either instance', async () => {
    const email = `root-${randomBytes(3).toString('hex')}@test.local`;
    const reg = await call('POST', '/auth/register', {
      clientIp: '192.0.2.10',
      body: { fullname: 'Scale Root', email, phone: '5550001234', password: MEMBER_PASSWORD },
    });
    expect(reg.status).toBe(201);
    const auth = reg.body.auth as { id: number; refferal_code: string };
    member = { id: auth.id, email, token: reg.body.token!, code: auth.refferal_code };
  });

  it('holds a per-address sign-in limit reached through one instance on the other', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await call('POST', '/auth/signin', {
          clientIp: '198.51.100.7',
          body: { email: `nobody-${i}@test.local`, password: 'not-the-password' },
        }),
      );
    }
    // 6 a minute for the address, counted once for both: three on each instance, then refused by both
    expect(answers.slice(0, 6).map((a) => a.status)).toEqual(Array(6).fill(401));
    expect(answers.slice(0, 6).filter((a) => a.servedBy === 'A')).toHaveLength(3);
    for (const refused of answers.slice(6)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain(MSG.tooManyRequests);
    }
    expect(new Set(answers.slice(6).map((a) => a.servedBy))).toEqual(new Set(['A', 'B']));
  }, 120_000);

  it("holds an account's sign-in delay reached through one instance on the other", async () => {
    const email = `delayed-${randomBytes(3).toString('hex')}@test.local`;
    const reg = await call('POST', '/auth/register', {
      clientIp: '192.0.2.11',
      body: {
        fullname: 'Delayed Member',
        email,
        phone: '5550001235',
        password: MEMBER_PASSWORD,
        reffer_by: member.code,
      },
    });
    expect(reg.status).toBe(201);
    // each counted failure doubles the delay (1 s, 2 s, 4 s, 8 s); wrong passwords from ever new
    // addresses, through both instances, until four were counted: the account then waits 8 s
    let counted = 0;
    for (let i = 0; counted < 4 && i < 200; i++) {
      const wrong = await call('POST', '/auth/signin', {
        clientIp: `203.0.113.${i + 1}`,
        body: { email, password: 'wrong-password-1' },
      });
      if (wrong.status === 401) counted += 1;
      else {
        expect(wrong.status).toBe(429);
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    expect(counted).toBe(4);
    const right = [
      await call('POST', '/auth/signin', {
        clientIp: '203.0.113.250',
        body: { email, password: MEMBER_PASSWORD },
      }),
      await call('POST', '/auth/signin', {
        clientIp: '203.0.113.251',
        body: { email, password: MEMBER_PASSWORD },
      }),
    ];
    for (const refused of right) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain(MSG.accountDelayed);
    }
    expect(new Set(right.map((a) => a.servedBy))).toEqual(new Set(['A', 'B']));
  }, 120_000);

  it('serves a picture uploaded through one instance from the other', async () => {
    const signin = await call('POST', '/auth/adminsignin', { clientIp: '192.0.2.20', body: ADMIN });
    expect(signin.status).toBe(200);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
      randomBytes(256),
    ]);
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'banner.png');
    const up = await fetch(`${proxyUrl}/api/v1/notifications/banner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signin.body.token}`, 'x-forwarded-for': '192.0.2.20' },
      body: form,
    });
    expect(up.status).toBe(201);
    const uploadedBy = up.headers.get('x-served-by');
    const url = ((await up.json()) as { banner: { url: string } }).banner.url;

    const etags = new Set<string | null>();
    for (const instance of instances) {
      const res = await direct(instance, url);
      expect(res.status, `instance ${instance.name} (upload went to ${uploadedBy})`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
      etags.add(res.headers.get('etag'));
    }
    expect(etags.size).toBe(1);
  }, 60_000);

  it('refuses on one instance a session signed out on the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const auth = { authorization: `Bearer ${member.token}` };
    expect((await direct(a, '/api/v1/notifications/home', { headers: auth })).status).toBe(200);
    expect((await direct(b, '/api/v1/notifications/home', { headers: auth })).status).toBe(200);
    expect((await direct(b, '/api/v1/auth/signout', { headers: auth })).status).toBe(200);
    // the instance that ended it refuses at once; the other as soon as PostgreSQL's notice reaches
    // it (a loaded machine can answer the next request first: docs/decisions/identity.md, session cache)
    expect((await direct(b, '/api/v1/notifications/home', { headers: auth })).status).toBe(401);
    const onA = await eventually(
      async () => (await direct(a, '/api/v1/notifications/home', { headers: auth })).status,
      (status) => status === 401,
    );
    expect(onA).toBe(401);
  }, 60_000);

  it('delivers each mail of the outbox once, with both instances sending', async () => {
    for (const [i, expected] of [200, 200, 200, 429].entries()) {
      const res = await call('POST', '/pass/forget', {
        clientIp: `192.0.2.${30 + i}`,
        body: { email: member.email },
      });
      // three reset mails an hour for one address, counted once for both instances
      expect(res.status).toBe(expected);
    }
    const until = Date.now() + budget(60_000);
    let pending = 3;
    while (pending > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      const rows = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1 AND status <> 'logged'`,
        [member.email],
      );
      pending = rows[0]!.n;
    }
    expect(pending).toBe(0);
    const mails = await query<{ id: string }>(`SELECT id::text FROM mail_outbox WHERE to_address = $1`, [
      member.email,
    ]);
    expect(mails).toHaveLength(3);
  }, 90_000);

  it('runs each tick of a recurring job on one instance only, and records every run', async () => {
    // let the jobs tick a while on both instances (tree-rollup: every 2 s)
    const until = Date.now() + budget(90_000);
    const rollupTicks = () =>
      new Set(
        logLines()
          .filter((l) => l.msg === 'job ran' && l.job === 'tree-rollup')
          .map((l) => l.tick),
      );
    while (rollupTicks().size < 5 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));

    // stop both (SIGTERM: in-flight work finishes) so the log and the table are final
    for (const instance of instances) instance.proc.kill('SIGTERM');
    expect(await Promise.all(instances.map((instance) => instance.closed))).toEqual([0, 0]);

    const lines = logLines();
    const ran = lines.filter((l) => l.msg === 'job ran');
    const byJob = new Map<string, string[]>();
    for (const line of ran)
      byJob.set(String(line.job), [...(byJob.get(String(line.job)) ?? []), String(line.tick)]);
    for (const [job, ticks] of byJob)
      expect(new Set(ticks).size, `${job} ran a tick twice`).toBe(ticks.length);
    expect(byJob.get('tree-rollup')?.length ?? 0).toBeGreaterThanOrEqual(5);
    // both instances took part: each either ran a tick or saw it had run elsewhere
    const triedRollup = lines.filter(
      (l) => l.job === 'tree-rollup' && (l.msg === 'job ran' || String(l.msg).startsWith('job skipped')),
    );
    expect(new Set(triedRollup.map((l) => l.from))).toEqual(new Set(['A', 'B']));

    // the durable record agrees with the log, job by job
    const rows = await query<{ job: string; runs: string }>('SELECT job, runs::text FROM job_runs');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.runs), row.job).toBe(byJob.get(row.job)?.length ?? 0);

    // and the outbox's mails were each written out once, by whichever instance took them
    const mailLines = lines.filter(
      (l) => l.msg === 'mail (no SMTP_URL: logged, not sent)' && l.to === member.email,
    );
    expect(mailLines).toHaveLength(3);
    expect(new Set(mailLines.map((l) => l.mailId)).size).toBe(3);
  }, 150_000);
});
