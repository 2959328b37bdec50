/**
 * A backup taken while members buy plans, claim and transfer (`npm run backup`'s own code, as a
 * process), restored into a fresh data folder (`npm run restore`), and the product started on it:
 * the ledger reconciles, every operation acknowledged before the backup's snapshot is in it and
 * none sent after it, and members sign in and read their figures.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUMP,
  extractBackup,
  MANIFEST,
  type Manifest,
  readManifest,
} from '../../src/modules/operations/backups/archive.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { freePort } from '../round-robin-proxy.js';
import { runCli, type ServerProcess, startServer, waitForHealth } from '../server-process.js';
import { type Member, roiFixtures } from './roi-fixtures.js';

/** Clock precision between this process (ms) and PostgreSQL (µs): no bet on the last millisecond. */
const MARGIN_MS = 5;
const JWT_SECRET = 'x'.repeat(48);

interface Op {
  kind: 'purchase' | 'transfer' | 'claim';
  member: Member;
  sentAt: number;
  ackAt: number;
  /** topups.id, transfers.id; a claim is found by its member (one a day). */
  id: string | null;
}

let t: TestApp;
let f: ReturnType<typeof roiFixtures>;
let work: string;
let server: ServerProcess | null = null;
/** What the first test leaves for the second: its backup file and the restored data folder's env. */
let taken: { file: string; env: Record<string, string | undefined>; ledger: string | undefined } | null =
  null;

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-restore-'));
});
afterAll(async () => {
  await server?.stop();
  await t.close();
  await rm(work, { recursive: true, force: true });
});

async function members(n: number, root: Member) {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) {
    const m = await t.register(root.code);
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    await f.invest(m, 100); // a plan to claim on
    await f.fund(m, 1000);
    out.push(m);
  }
  return out;
}

/** One member's stream of operations until `stop()`; each acknowledged one is recorded. */
async function load(m: Member, next: Member, claimAt: number, ops: Op[], running: () => boolean) {
  for (let i = 0; running(); i++) {
    const sentAt = Date.now();
    if (i === claimAt) {
      await f.watch(m, 10);
      const res = await f.claim(m);
      if (res.status === 200) ops.push({ kind: 'claim', member: m, sentAt, ackAt: Date.now(), id: null });
      continue;
    }
    const res =
      i % 2 === 0
        ? await t.call('POST', '/topup/add', {
            token: m.token,
            body: { plan_id: await f.plan(), amount: 10 },
          })
        : await t.call('POST', '/transfer/friend', {
            token: m.token,
            body: { amount: 1, password: m.password, recipient: next.code },
          });
    if (res.status !== 201) throw new Error(`load: ${res.status} ${res.raw}`);
    const id = String(i % 2 === 0 ? res.body.topup.id : res.body.transfer.id);
    ops.push({ kind: i % 2 === 0 ? 'purchase' : 'transfer', member: m, sentAt, ackAt: Date.now(), id });
  }
}

async function present(db: pg.Client, op: Op) {
  const sql = {
    purchase: 'SELECT 1 FROM topups WHERE id = $1',
    transfer: 'SELECT 1 FROM transfers WHERE id = $1',
    claim: 'SELECT 1 FROM roi_claims WHERE user_id = $1',
  }[op.kind];
  return ((await db.query(sql, [op.kind === 'claim' ? op.member.id : op.id])).rowCount ?? 0) > 0;
}

describe('a backup under load, restored into a fresh data folder', () => {
  it('holds exactly what was acknowledged before its snapshot, reconciles, and serves members', async () => {
    const root = await t.register();
    const quiet = await t.register(root.code);
    await f.invest(quiet, 250);
    const quietBefore = (await t.call('GET', `/users/${quiet.id}`, { token: quiet.token })).body.singleuser;
    const team = await members(6, root);

    const ops: Op[] = [];
    let running = true;
    const workers = team.map((m, i) => load(m, team[(i + 1) % team.length]!, 3 + i, ops, () => running));
    while (ops.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupDir = path.join(work, 'backups');
    const backup = await runCli('backup', [], {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: path.join(work, 'source-data'),
      BACKUP_DIR: backupDir,
      JWT_SECRET,
    });
    const afterBackup = ops.length;
    while (ops.length < afterBackup + 12) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await Promise.all(workers);
    expect(backup.code, backup.stderr).toBe(0);
    const file = /Backup written: (.+)/.exec(backup.stdout)![1]!.trim();
    const manifest = (await readManifest(file))!;
    const snapshot = new Date(manifest.snapshotAt).getTime();
    const before = ops.filter((o) => o.ackAt + MARGIN_MS < snapshot);
    const after = ops.filter((o) => o.sentAt > snapshot + MARGIN_MS);
    // the load really ran on both sides of the snapshot
    expect(before.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(5);
    expect(manifest).toMatchObject({ product: 'earnhub', jwtSecret: 'environment' });

    const dataDir = path.join(work, 'restored-data');
    const pgPort = await freePort();
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), JWT_SECRET, DATABASE_URL: undefined };
    const restored = await runCli('restore', [file], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/each table's count matches the backup/);

    server = startServer({ port: await freePort(), env: { ...env, NODE_ENV: 'test', WORKER: 'off' } });
    await waitForHealth(server);
    const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const db = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: 'postgres',
      password,
      database: 'app',
    });
    await db.connect();
    try {
      const missing = [];
      for (const op of before) if (!(await present(db, op))) missing.push(op);
      const extra = [];
      for (const op of after) if (await present(db, op)) extra.push(op);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    } finally {
      await db.end();
    }

    const reconcile = await runCli('reconcile', [], env);
    expect(reconcile.stdout).toMatch(/OK: no drift/);
    expect(reconcile.code).toBe(0);

    const signIn = await fetch(`${server.base}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: quiet.email, password: quiet.password }),
    });
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { auth: { token: string } }).auth.token;
    const figures = await fetch(`${server.base}/api/v1/users/${quiet.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    taken = { file, env, ledger: ledgerLine(reconcile.stdout) };
    // the same figures as before the load (only the sign-in just made is new)
    expect(((await figures.json()) as { singleuser: unknown }).singleuser).toEqual({
      ...quietBefore,
      last_login: expect.any(String),
    });
  }, 240_000);

  it('refuses a running server, a non-empty folder, a newer release; a failed forced restore keeps the data', async () => {
    const { file, env } = taken!;
    const running = await runCli('restore', [file, '--force'], env);
    expect(running).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Restore refused: a server \(pid \d+\) runs on the data folder/),
    });
    await server!.stop();
    server = null;

    const nonEmpty = await runCli('restore', [file], env);
    expect(nonEmpty.code).toBe(1);
    expect(nonEmpty.stderr).toMatch(
      /Restore refused: the database app is not empty \(\d+ tables, \d+ users\): .* or add --force/,
    );

    const newer = await rewritten(file, 'newer.tar', (m) => ({ ...m, version: '99.0.0' }));
    const refusedNewer = await runCli('restore', [newer, '--force'], env);
    expect(refusedNewer.stderr).toMatch(
      /Restore refused: this backup was made by EarnHub 99\.0\.0, newer than this release \(\d+\.\d+\.\d+\): restore it with EarnHub 99\.0\.0 or later/,
    );
    const later = await rewritten(file, 'later.tar', (m) => ({
      ...m,
      database: { ...m.database, migrations: [...m.database.migrations, '999_from_the_future.sql'] },
    }));
    expect((await runCli('restore', [later, '--force'], env)).stderr).toMatch(
      /does not know \(999_from_the_future\.sql\)/,
    );

    // a dump cut in half: pg_restore fails part-way, and the forced restore's DROP rolls back with it
    const cut = await rewritten(
      file,
      'cut.tar',
      (m) => m,
      (dump) => dump.subarray(0, Math.floor(dump.length / 2)),
    );
    const failed = await runCli('restore', [cut, '--force'], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Restore failed: .*\n {2}nothing of it was kept/);
    const reconcile = await runCli('reconcile', [], env);
    expect(reconcile.stdout).toMatch(/OK: no drift/);
    // the same accounts and transfers as before (an emptied database reconciles too, with none)
    expect(taken!.ledger).toBeDefined();
    expect(ledgerLine(reconcile.stdout)).toBe(taken!.ledger);
    const forced = await runCli('restore', [file, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
  }, 240_000);
});

/** `Ledger reconcile: N accounts, M transfers`, which an emptied database would not repeat. */
const ledgerLine = (out: string) => /Ledger reconcile: [1-9]\d* accounts, [1-9]\d* transfers/.exec(out)?.[0];

/** A copy of the backup with its manifest (and dump) changed, as a newer release or a damaged disk would leave it. */
async function rewritten(
  file: string,
  name: string,
  manifest: (m: Manifest) => Manifest,
  dump: (bytes: Buffer) => Buffer = (b) => b,
): Promise<string> {
  const dir = path.join(work, `${name}.d`);
  await extractBackup(file, dir);
  const m = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest(m)));
  await writeFile(path.join(dir, DUMP), dump(await readFile(path.join(dir, DUMP))));
  const out = path.join(work, name);
  await tar.c({ file: out, cwd: dir, portable: true }, [MANIFEST, DUMP, 'settings']);
  return out;
}
