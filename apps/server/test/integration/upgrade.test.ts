/**
 * An upgrade keeps the money: a database made by an earlier release of this repository (its own
 * migrations and demo data, run from that commit's code) is started by today's server. Every
 * migration then ran once, the ledger reconciles, every member's balances and incomes are what
 * they were, every member signs in, and the old admin is an owner.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Db } from '../../src/db/pool.js';
import { reconcile } from '../../src/ledger/reconcile.js';
import { withDatabase } from '../global-setup.js';

/** The last commit of the what-if issue (26): the release before the team (27). */
const EARLIER = '79849d9';
const root = path.resolve(import.meta.dirname, '../../../..');
const DEMO_PASSWORD = 'DemoPass123';
const DEMO_ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin123' };

let name: string;
let url: string;
let db: Db;
let old: string;
const serverUrl = () => inject('pgServerUrl');

/** That commit's server and contracts, runnable: its sources, this checkout's packages, its contracts built. */
function checkoutEarlier(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'earnhub-earlier-'));
  const archive = execFileSync(
    'git',
    [
      'archive',
      EARLIER,
      'apps/server/src',
      'apps/server/package.json',
      'packages/contracts',
      'tsconfig.base.json',
    ],
    {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@app'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@app') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  symlinkSync(path.join(dir, 'packages/contracts'), path.join(modules, '@app/contracts'));
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts'],
    {
      cwd: dir,
    },
  );
  return dir;
}

/** The pinned commit is in this clone's history; a shallow clone is deepened first. */
function ensureEarlierCommit() {
  const has = () => {
    try {
      execFileSync('git', ['rev-parse', '--verify', '--quiet', `${EARLIER}^{commit}`], {
        cwd: root,
        stdio: 'pipe',
      });
      return true;
    } catch {
      return false;
    }
  };
  if (has()) return;
  const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: root })
    .toString()
    .trim();
  if (shallow === 'true')
    execFileSync('git', ['fetch', '--quiet', '--unshallow'], { cwd: root, stdio: 'pipe' });
  if (!has()) throw new Error(`the upgrade test needs commit ${EARLIER} of this repository's history`);
}

async function figures() {
  const balances = await db.query<{ owner: string; kind: string; balance: string; pending: string }>(
    `SELECT owner_user_id::text AS owner, kind, balance::text, pending::text FROM accounts
      WHERE owner_user_id IS NOT NULL ORDER BY owner_user_id, kind`,
  );
  const incomes = await db.query<{ user_id: string; kind: string; paid: string; cut: string; n: string }>(
    `SELECT user_id::text, kind, sum(paid)::text AS paid, sum(cut)::text AS cut, count(*)::text AS n
       FROM incomes GROUP BY user_id, kind ORDER BY user_id, kind`,
  );
  return { balances: balances.rows, incomes: incomes.rows };
}

beforeAll(async () => {
  ensureEarlierCommit();
  name = `t_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = withDatabase(serverUrl(), name);
  db = createPool(url, 3);
  old = checkoutEarlier();
  // the earlier release makes its schema and its demo data, with its own code
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed-demo.ts'], {
    cwd: old,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(old, 'data') },
    stdio: 'pipe',
  });
}, 180_000);

afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  if (old) rmSync(old, { recursive: true, force: true });
});

describe(`upgrade from ${EARLIER}`, () => {
  it('keeps every balance and income, migrates once, and every member signs in', async () => {
    const before = await figures();
    expect(before.balances.length).toBeGreaterThan(10);
    expect(before.incomes.length).toBeGreaterThan(0);
    const members = (
      await db.query<{ email: string; status: string }>(
        `SELECT email, status FROM users WHERE role = 'user' ORDER BY id`,
      )
    ).rows;
    const { rows: applied } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(applied.map((r) => r.name)).not.toContain('026_admin_team.sql');

    // today's server starts on it
    const port = 36000 + Math.floor(Math.random() * 2000);
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: path.join(old, 'data'),
        PORT: String(port),
        WEB_DIST: '/nonexistent',
        LOGIN_RATE_PER_IP: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout?.on('data', (c) => {
      output += c;
    });
    proc.stderr?.on('data', (c) => {
      output += c;
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    try {
      for (let i = 0; i < 600; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (proc.exitCode !== null) throw new Error(`the server exited: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const { rows: names } = await db.query<{ name: string; n: string }>(
        'SELECT name, count(*)::text AS n FROM schema_migrations GROUP BY name ORDER BY name',
      );
      const files = readdirSync(path.join(root, 'apps/server/src/db/migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort();
      expect(names.map((r) => r.name)).toEqual(files);
      expect(names.every((r) => r.n === '1')).toBe(true);

      const report = await reconcile(db);
      expect(report.ok, JSON.stringify(report.drift)).toBe(true);
      expect(await figures()).toEqual(before);

      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${base}${p}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      for (const m of members) {
        const res = await post('/auth/signin', { email: m.email, password: DEMO_PASSWORD });
        // a blocked member is told so, as before the upgrade
        expect(res.status, m.email).toBe(m.status === 'block' ? 403 : 200);
      }
      const signin = await post('/auth/adminsignin', DEMO_ADMIN);
      expect(signin.status).toBe(200);
      const token = ((await signin.json()) as { admin: { token: string } }).admin.token;
      const me = await fetch(`${base}/admins/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await me.json()) as { roles: string[] }).roles).toEqual(['owner']);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((resolve) => proc.once('exit', resolve));
    }
  }, 180_000);
});
