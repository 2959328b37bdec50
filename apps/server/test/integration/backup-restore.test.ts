/**
 * A backup taken while members buy plans, claim and transfer (`npm run backup`'s own code, as a
 * process), restored into a fresh data folder (`npm run restore`), and the product started on it:
 * the ledger reconciles, every operation acknowledged before the backup's snapshot is in it and
 * none sent after it, members sign in and read their figures, the owner's authenticator still
 * works, and no token of before the restore does (issue 36.4). Then the restore's refusals: a
 * running server, a non-empty folder, a newer release, an altered or forged file, a manifest
 * carrying SQL (36.5), and failures that leave the database and its server secret as they were,
 * --force included (36.6).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/modules/operations/backups/archive.js';
import { keyFilesIn, loadOrCreateSeal } from '../../src/modules/operations/backups/keys.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { freePort } from '../round-robin-proxy.js';
import { runCli, type ServerProcess, startServer, waitForHealth } from '../server-process.js';
import { addAdmin, adminPasswordStep, enrol } from './admin-fixtures.js';
import { type Craft, craftBackup, flipByte } from './backup-craft.js';
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
/** The source platform's DATA_DIR: the first backup writes the operator's key file there. */
const source = () => path.join(work, 'source-data');
let keyFileFound: string | undefined;
const keyFile = () => keyFileFound!;

beforeAll(async () => {
  t = await createTestApp();
  // one admin funds the load's members (about 7,000 USDT): four eyes on that is staff-money.test.ts's
  await t.db.query(
    `INSERT INTO settings (key, value) VALUES ('four_eyes_admin_daily', '1000000'), ('four_eyes_member_daily', '1000000')
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  );
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
    // an owner with an authenticator (another than the fixtures' admin, whose sessions enrolling ends)
    const owner = await addAdmin(t, 'backed-up');
    const ownerToken = (await adminPasswordStep(t, owner)).body.admin.token as string;
    const owner2fa = await enrol(t, ownerToken);
    // a password-reset link mailed before the backup: it must not work on the restored platform
    expect((await t.call('POST', '/pass/forget', { body: { email: quiet.email } })).status).toBe(200);
    const team = await members(6, root);

    const ops: Op[] = [];
    let running = true;
    const workers = team.map((m, i) => load(m, team[(i + 1) % team.length]!, 3 + i, ops, () => running));
    while (ops.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupDir = path.join(work, 'backups');
    const backup = await runCli('backup', [], {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: source(),
      BACKUP_DIR: backupDir,
      JWT_SECRET,
    });
    const afterBackup = ops.length;
    while (ops.length < afterBackup + 12) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await Promise.all(workers);
    expect(backup.code, backup.stderr).toBe(0);
    const file = /Backup written: (.+)/.exec(backup.stdout)![1]!.trim();
    const keyFiles = await keyFilesIn(source());
    expect(keyFiles).toHaveLength(1);
    keyFileFound = keyFiles[0];
    const manifest = await readManifest(file, keyFile());
    const snapshot = new Date(manifest.snapshotAt).getTime();
    const before = ops.filter((o) => o.ackAt + MARGIN_MS < snapshot);
    const after = ops.filter((o) => o.sentAt > snapshot + MARGIN_MS);
    // the load really ran on both sides of the snapshot
    expect(before.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(5);
    expect(manifest).toMatchObject({ product: 'earnhub', adminTotp: { carried: 1, unreadable: 0 } });
    // the file holds neither the server secret nor anything readable without the operator's key
    expect(backup.stdout).toContain(`NEW backup key: ${keyFile()}`);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    for (const clear of [JWT_SECRET, owner2fa.secret, quiet.email, 'jwt-secret', 'manifest.json'])
      expect(bytes.includes(clear)).toBe(false);

    const dataDir = path.join(work, 'restored-data');
    const pgPort = await freePort();
    // the restored platform keeps its secret in DATA_DIR/jwt-secret: the restore makes a new one
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      JWT_SECRET: undefined,
      DATABASE_URL: undefined,
    };
    expect((await runCli('restore', [file], env)).stderr).toMatch(
      /^Restore refused: no backup key: give the one written with the first backup \(backup-key-….txt\) with --key KEYFILE/,
    );
    const restored = await runCli('restore', [file, '--key', keyFile()], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/each table's count matches the backup/);
    expect(restored.stdout).toMatch(/a new server secret/);
    expect(restored.stdout).toMatch(/1 authenticator\(s\) keep working/);
    const rotated = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
    expect(rotated).not.toBe(JWT_SECRET);
    expect(rotated.length).toBeGreaterThanOrEqual(48);

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
      // no session, trusted browser or mailed link of before the restore is alive in the copy
      const alive = await db.query<{ sessions: number; resets: number }>(
        `SELECT (SELECT count(*)::int FROM sessions WHERE revoked_at IS NULL) AS sessions,
                (SELECT count(*)::int FROM password_resets WHERE used_at IS NULL AND expires_at > now()) AS resets`,
      );
      expect(alive.rows[0]).toEqual({ sessions: 0, resets: 0 });
    } finally {
      await db.end();
    }

    const reconcile = await runCli('reconcile', [], env);
    expect(reconcile.stdout).toMatch(/OK: no drift/);
    expect(reconcile.code).toBe(0);

    // tokens valid on the backed-up platform work no more: neither a member's nor the owner's
    for (const old of [quiet.token, ownerToken]) {
      const res = await fetch(`${server.base}/api/v1/users/${quiet.id}`, {
        headers: { authorization: `Bearer ${old}` },
      });
      expect(res.status).toBe(401);
    }
    // the owner's authenticator still works: its secret was sealed again under the new server secret
    const step = await fetch(`${server.base}/api/v1/auth/adminsignin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { ticket } = (await step.json()) as { ticket: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(owner2fa.secret), timestamp: Date.now() });
    const second = await fetch(`${server.base}/api/v1/auth/adminsignin/totp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket, code }),
    });
    expect(second.status, await second.clone().text()).toBe(200);

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
    const key = ['--key', keyFile()];
    const running = await runCli('restore', [file, '--force', ...key], env);
    expect(running).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Restore refused: a server \(pid \d+\) runs on the data folder/),
    });
    await server!.stop();
    server = null;
    const secretBefore = await readFile(path.join(env.DATA_DIR!, 'jwt-secret'));
    // a row the backup does not hold: a failed restore that kept its data would lose it
    const marker = 'kept@restore.test';
    expect((await runCli('admin-create', [marker], env)).stdout).toMatch(/^Created the owner/);

    const nonEmpty = await runCli('restore', [file, ...key], env);
    expect(nonEmpty.code).toBe(1);
    expect(nonEmpty.stderr).toMatch(
      /Restore refused: the database app is not empty \(\d+ tables, \d+ users\): .* or add --force/,
    );

    // the platform's seal, as an insider holding the server (its database and secret) would read it
    const { seal, created } = await loadOrCreateSeal(t.db, JWT_SECRET, source());
    expect(created).toBeNull();
    const crafted = (name: string, craft: Craft) =>
      craftBackup(file, path.join(work, name), { keyFile: keyFile(), seal }, craft);
    const restore = (f: string) => runCli('restore', [f, '--force', ...key], env);

    const newer = await crafted('newer.tar.age', {
      manifest: (m) => ({ ...m, version: '99.0.0' }),
      signature: 'platform',
    });
    expect((await restore(newer)).stderr).toMatch(
      /Restore refused: this backup was made by EarnHub 99\.0\.0, newer than this release \(\d+\.\d+\.\d+\): restore it with EarnHub 99\.0\.0 or later/,
    );
    const later = await crafted('later.tar.age', {
      manifest: (m) => ({
        ...m,
        database: { ...m.database, migrations: [...m.database.migrations, '999_from_the_future.sql'] },
      }),
      signature: 'platform',
    });
    expect((await restore(later)).stderr).toMatch(/does not know \(999_from_the_future\.sql\)/);

    // 36.5: a manifest carrying SQL where a number belongs, as an outsider who knows the public
    // recipient would forge it (no signature), and as one holding the server's seal would
    const pwned = path.join(work, 'pwned');
    const sql = `0; END IF; END $$; COPY (SELECT 1) TO PROGRAM 'touch ${pwned}'; DO $$ BEGIN IF false THEN PERFORM 1`;
    const injected = (m: Record<string, any>) => ({
      ...m,
      backupId: `${m.backupId}; COPY (SELECT 1) TO PROGRAM 'touch ${pwned}'`,
      database: { ...m.database, dumpBytes: sql },
    });
    const forged = await crafted('forged.tar.age', { manifest: injected, signature: 'stale' });
    expect((await restore(forged)).stderr).toMatch(
      /^Restore refused: .*forged\.tar\.age does not carry this platform's signature: it was altered, or made by someone other than the platform whose key this is; nothing of it was run/,
    );
    const insider = await crafted('insider.tar.age', { manifest: injected, signature: 'platform' });
    const schema = await restore(insider);
    expect(schema.stderr).toMatch(
      /^Restore refused: .*insider\.tar\.age has a manifest this release does not accept/,
    );
    expect(schema.stderr).toMatch(/dumpBytes/);
    // a flipped byte anywhere (here in the dump's last chunk, then in the header) fails the AEAD
    for (const fromEnd of [100, (await readFile(file)).length - 30]) {
      const flipped = await flipByte(file, path.join(work, `flipped-${fromEnd}.tar.age`), fromEnd);
      expect((await restore(flipped)).stderr).toMatch(
        /^Restore refused: .* cannot be opened with this key: .*damaged or altered.*nothing of it was run/,
      );
    }
    const plain = await crafted('plain.tar', { signature: 'platform', plain: true });
    expect((await restore(plain)).stderr).toMatch(/is an unencrypted backup of an earlier release/);

    // 36.6: a dump cut in half (pg_restore fails part-way), and a dump whose rows differ from the
    // manifest (checked before the COMMIT): the forced restore's DROP rolls back with them
    const cut = await crafted('cut.tar.age', {
      dump: (dump) => dump.subarray(0, Math.floor(dump.length / 2)),
      signature: 'platform',
    });
    const failed = await restore(cut);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Restore failed: .*\n {2}nothing of it was kept/);
    const miscounted = await crafted('miscounted.tar.age', {
      manifest: (m) => ({ ...m, tables: { ...m.tables, users: m.tables.users + 1 } }),
      signature: 'platform',
    });
    const differs = await restore(miscounted);
    expect(differs.code).toBe(1);
    expect(differs.stderr).toMatch(
      /^Restore failed: .*the restored database differs from the backup's manifest: users: \d+ rows, the backup has \d+/,
    );
    expect(differs.stderr).toMatch(/\n {2}nothing of it was kept/);

    expect(existsSync(pwned)).toBe(false);
    expect(await readFile(path.join(env.DATA_DIR!, 'jwt-secret'))).toEqual(secretBefore);
    expect((await runCli('admin-create', [marker], env)).stdout).toMatch(/is an active owner again/);
    const reconcile = await runCli('reconcile', [], env);
    expect(reconcile.stdout).toMatch(/OK: no drift/);
    // the same accounts and transfers as before (an emptied database reconciles too, with none)
    expect(taken!.ledger).toBeDefined();
    expect(ledgerLine(reconcile.stdout)).toBe(taken!.ledger);
    const forced = await restore(file);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(path.join(env.DATA_DIR!, 'jwt-secret'))).not.toEqual(secretBefore);
  }, 300_000);
});

/** `Ledger reconcile: N accounts, M transfers`, which an emptied database would not repeat. */
const ledgerLine = (out: string) => /Ledger reconcile: [1-9]\d* accounts, [1-9]\d* transfers/.exec(out)?.[0];
