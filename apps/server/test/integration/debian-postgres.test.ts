/**
 * The product on a PostgreSQL an operator installs: Debian's `postgresql` package (15 on Debian 12;
 * `.ci/run` installs it), a cluster made by its `initdb` in a temporary directory and started by its
 * `pg_ctl` on a free port; as the `postgres` system user when this runs as root, since PostgreSQL
 * refuses to run as root. Then what an operator does, and no more: a login role with a password,
 * NOT a superuser, and a database it owns. The product's first migration creates the `ltree`
 * extension itself: ltree is a trusted extension (PostgreSQL 13+), so the database's owner may.
 *
 * The real server runs on it through DATABASE_URL: every migration applied, an admin and a member
 * sign in, the member is funded, buys a plan and claims the daily ROI, and `reconcile` finds no
 * drift. Then `backup` (while the server runs), `restore` into a second, empty database, and the
 * product on the restored copy: the member signs in and their figures are those before; a second
 * restore into the copy is refused without --force and changes nothing; `reconcile` passes on it.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/modules/operations/backups/archive.js';
import { keyFilesIn } from '../../src/modules/operations/backups/keys.js';
import { freePort } from '../round-robin-proxy.js';
import { REPO_ROOT, runCli, type ServerProcess, startServer, waitForHealth } from '../server-process.js';

const run = promisify(execFile);
const DEBIAN = '/usr/lib/postgresql';
const ROLE = { name: 'earnhub', password: 'Role-Pass-7d41' };
const ADMIN = { email: 'debian-admin@test.local', password: 'DebianAdmin12345' };
const MEMBER = {
  fullname: 'Debian Member',
  email: 'debian@test.local',
  phone: '5550042000',
  password: 'Debian-Member-42',
};
const asRoot = process.getuid?.() === 0;

/** Debian's server binaries, the highest major version installed. */
function debianBin(): { bin: string; major: number } {
  const majors = existsSync(DEBIAN)
    ? readdirSync(DEBIAN)
        .filter((v) => /^\d+$/.test(v) && existsSync(path.join(DEBIAN, v, 'bin', 'pg_ctl')))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  if (!majors[0])
    throw new Error(
      `Debian's PostgreSQL server is not installed (no ${DEBIAN}/<version>/bin/pg_ctl): install Debian's ` +
        '`postgresql` package as .ci/run does (apt-get install -y postgresql postgresql-client)',
    );
  return { bin: path.join(DEBIAN, String(majors[0]), 'bin'), major: majors[0] };
}

let bin = '';
let major = 0;
let dir = ''; // the cluster's directory: data/, the socket, the log (owned by postgres when root)
let port = 0;
const temps: string[] = [];
const servers: ServerProcess[] = [];
let started = false;

/** A PostgreSQL program of Debian's, as the `postgres` user when this runs as root. */
function pgTool(tool: string, args: string[]) {
  const file = path.join(bin, tool);
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: dir })
    : run(file, args, { cwd: dir });
}

/** The superuser over the cluster's socket (local connections trusted, as initdb was told). */
async function asSuperuser<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlOf = (db: string) =>
  `postgres://${ROLE.name}:${ROLE.password}@127.0.0.1:${port}/${encodeURIComponent(db)}`;

/** As the product's role, over TCP with its password. */
async function asRole<T>(db: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function tempDir(prefix: string) {
  const made = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(made);
  return made;
}

/** A CLI of the product's (runCli) with its output in one string. */
async function cli(name: string, args: string[], env: Record<string, string>) {
  const res = await runCli(name, args, env);
  return { code: res.code, out: res.stdout + res.stderr };
}

async function api(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const raw = await res.text();
  const body = parse(raw);
  return { status: res.status, body, raw };
}

function parse(raw: string) {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function startProduct(database: string, dataDir: string) {
  const server = startServer({
    port: await freePort(),
    env: {
      DATABASE_URL: urlOf(database),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'test',
      CLOCK_CONTROL: 'on',
      LOGIN_RATE_PER_IP: '1000',
    },
  });
  servers.push(server);
  await waitForHealth(server);
  return server;
}

/** The member's figures as GET /users/{id} answers them to the member (minus the sign-in's own marks). */
async function figures(base: string, id: number, token: string) {
  const res = await api(base, 'GET', `/users/${id}`, { token });
  expect(res.status, res.raw).toBe(200);
  const { last_login: _l, updated_at: _u, ...rest } = res.body.singleuser;
  return rest as Record<string, unknown>;
}

/** Every table of the database with its row count (a restore refused must change none). */
async function rowCounts(database: string) {
  return asRole(database, async (c) => {
    const { rows } = await c.query<{ t: string }>(
      `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { t } of rows)
      counts[t] = Number((await c.query(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
    return counts;
  });
}

beforeAll(async () => {
  ({ bin, major } = debianBin());
  dir = tempDir('earnhub-debian-pg-');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  port = await freePort();
  await pgTool('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C',
  ]);
  const log = path.join(dir, 'postgres.log');
  await pgTool('pg_ctl', [
    '-D',
    path.join(dir, 'data'),
    '-l',
    log,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-w',
    '-t',
    '120',
    'start',
  ]).catch((error: Error) => {
    throw new Error(`${error.message}\n${existsSync(log) ? readFileSync(log, 'utf8') : '(no log)'}`);
  });
  started = true;
  // the operator's part: a role with a password, not a superuser, and a database it owns
  await asSuperuser(async (c) => {
    await c.query(`CREATE ROLE ${ROLE.name} LOGIN PASSWORD '${ROLE.password}'`);
    await c.query(`CREATE DATABASE earnhub OWNER ${ROLE.name}`);
  });
}, 180_000);

afterAll(async () => {
  try {
    for (const server of servers) await server.stop();
    if (started) await pgTool('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } finally {
    for (const made of temps) rmSync(made, { recursive: true, force: true });
  }
}, 120_000);

const member = { id: 0, token: '' };
let before: Record<string, unknown> = {};
let server: ServerProcess;
let dataDir = '';

describe("the product on Debian's PostgreSQL", () => {
  it('migrates, signs in, sells a plan, pays the daily ROI and reconciles', async () => {
    const version = await asSuperuser(async (c) => (await c.query('SHOW server_version')).rows[0]);
    expect(version.server_version).toMatch(new RegExp(`^${major}\\.`));
    dataDir = tempDir('earnhub-debian-data-');
    server = await startProduct('earnhub', dataDir);

    // every migration, once; ltree created by the migrations as the database's owner
    const files = readdirSync(path.join(REPO_ROOT, 'apps/server/src/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    await asRole('earnhub', async (c) => {
      const applied = await c.query('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.rows.map((r) => r.name)).toEqual(files);
      const ext = await c.query(
        `SELECT e.extname, r.rolname FROM pg_extension e JOIN pg_roles r ON r.oid = e.extowner WHERE extname = 'ltree'`,
      );
      expect(ext.rows).toEqual([{ extname: 'ltree', rolname: ROLE.name }]);
      const role = await c.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
      expect(role.rows[0].rolsuper).toBe(false);
    });

    const base = server.base;
    const signin = await api(base, 'POST', '/auth/adminsignin', { body: ADMIN });
    expect(signin.status, signin.raw).toBe(200);
    const admin = signin.body.admin.token as string;
    const registered = await api(base, 'POST', '/auth/register', { body: MEMBER });
    expect(registered.status, registered.raw).toBe(201);
    member.id = registered.body.auth.id;
    member.token = registered.body.auth.token;

    const plan = await api(base, 'POST', '/plans/add', {
      token: admin,
      body: { name: 'Daily', min_amount: 10, max_amount: 100_000 },
    });
    expect(plan.status, plan.raw).toBe(201);
    const deposit = await api(base, 'POST', '/deposite/add', {
      token: admin,
      body: { user_id: member.id, amount: 1000 },
    });
    expect(deposit.status, deposit.raw).toBe(201);
    const approved = await api(base, 'PUT', `/deposite/${deposit.body.deposite.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status, approved.raw).toBe(200);
    const bought = await api(base, 'POST', '/topup/add', {
      token: member.token,
      body: { plan_id: plan.body.plan.id, amount: 1000 },
    });
    expect(bought.status, bought.raw).toBe(201);

    // the daily ROI: a 10 s watch (the server's test clock moved past it), then the claim
    const watch = await api(base, 'POST', '/referral/watch-session', { token: member.token });
    expect(watch.status, watch.raw).toBe(201);
    const moved = await api(base, 'POST', '/test/clock', { body: { advance_seconds: 10 } });
    expect(moved.status, moved.raw).toBe(200);
    const claim = await api(base, 'PUT', `/referral/self-trade/${member.id}`, { token: member.token });
    expect(claim.status, claim.raw).toBe(200);

    before = await figures(base, member.id, member.token);
    expect(before).toMatchObject({ active_plan: 1000, roi_income: 5, business_balance: 0 });

    const env = { DATABASE_URL: urlOf('earnhub'), DATA_DIR: dataDir };
    const reconciled = await cli('reconcile', [], env);
    expect(reconciled.code, reconciled.out).toBe(0);
    expect(reconciled.out).toContain('OK: no drift');
  }, 180_000);

  it('backs up, restores into an empty database only, and the restored copy works', async () => {
    expect(server?.alive(), 'the first test started the product').toBe(true);
    const backupDir = tempDir('earnhub-debian-backup-');
    const backup = await cli('backup', [], {
      DATABASE_URL: urlOf('earnhub'),
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
    });
    expect(backup.code, backup.out).toBe(0);
    const files = readdirSync(backupDir).filter((f) => /^earnhub-.*\.tar\.age$/.test(f));
    expect(files, readdirSync(backupDir).join(', ')).toHaveLength(1);
    const file = path.join(backupDir, files[0] as string);
    // made by the pg_dump of the server's own major version: Debian's
    // (the backup is encrypted: the first one wrote the operator's key into DATA_DIR)
    const [key] = await keyFilesIn(dataDir);
    if (!key) throw new Error(`no backup key in ${dataDir}: ${backup.out}`);
    const manifest = await readManifest(file, key);
    expect(manifest.database.serverVersion).toMatch(new RegExp(`^${major}\\.`));
    expect(manifest.database.pgDump).toMatch(new RegExp(`\\(PostgreSQL\\) ${major}\\.`));

    // a second, empty database of the same role on the same server
    await asSuperuser((c) => c.query(`CREATE DATABASE earnhub_restored OWNER ${ROLE.name}`));
    const restoredData = tempDir('earnhub-debian-restored-');
    const env = { DATABASE_URL: urlOf('earnhub_restored'), DATA_DIR: restoredData };
    const restored = await cli('restore', [file, '--key', key], env);
    expect(restored.code, restored.out).toBe(0);

    const justRestored = await rowCounts('earnhub_restored');
    expect(justRestored.users).toBeGreaterThan(0);

    const copy = await startProduct('earnhub_restored', restoredData);
    const signin = await api(copy.base, 'POST', '/auth/signin', {
      body: { email: MEMBER.email, password: MEMBER.password },
    });
    expect(signin.status, signin.raw).toBe(200);
    expect(await figures(copy.base, member.id, signin.body.auth.token)).toEqual(before);
    const admin = await api(copy.base, 'POST', '/auth/adminsignin', { body: ADMIN });
    expect(admin.status, admin.raw).toBe(200);
    expect(await copy.stop()).toBe(0);

    // the copy has a history of its own now (the sign-ins' sessions): a second restore into it is
    // refused without --force and leaves every table as it was (an overwrite would lose them)
    const counts = await rowCounts('earnhub_restored');
    expect(counts.sessions).toBeGreaterThan(justRestored.sessions ?? 0);
    const again = await cli('restore', [file, '--key', key], env);
    expect(again.code, again.out).not.toBe(0);
    expect(await rowCounts('earnhub_restored')).toEqual(counts);

    const reconciled = await cli('reconcile', [], env);
    expect(reconciled.code, reconciled.out).toBe(0);
    expect(reconciled.out).toContain('OK: no drift');
  }, 180_000);
});
