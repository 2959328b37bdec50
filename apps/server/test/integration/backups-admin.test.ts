/**
 * Backups as the back-office and the schedule see them (GET/POST /backups, DELETE /backups/{id},
 * the `backup-schedule` job, the setup list's item): owners start and cancel them, the dashboard
 * reads their time, size, result and progress, the schedule takes one a day and keeps BACKUP_KEEP.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Backup, BackupsOverview } from '@app/contracts/backups';
import type { SetupResponse } from '@app/contracts/setup';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/modules/operations/backups/archive.js';
import { keyFilesIn } from '../../src/modules/operations/backups/keys.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { budget } from '../load-budget.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

let t: TestApp;
let owner: string;
let dir: string;
/** The server's DATA_DIR: the backup seal and the operator's key file are made there. */
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backups-admin-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'backups-admin-data-'));
  // the test clock starts at 10:00 UTC: the schedule's time is half an hour later
  t = await createTestApp({
    BACKUP_DIR: dir,
    BACKUP_TIME: '10:30',
    BACKUP_KEEP: '2',
    JWT_SECRET: 'j'.repeat(48),
    DATA_DIR: dataDir,
  });
  owner = await t.adminToken();
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const overview = async (token = owner) => {
  const res = await t.call('GET', '/backups', { token });
  expect(res.status).toBe(200);
  return res.body as BackupsOverview;
};
/** The backup once it has stopped running (pg_dump is a process: a loaded machine gets a minute). */
async function finished(id: number, read = async () => (await overview()).recent): Promise<Backup> {
  for (const until = Date.now() + budget(60_000); Date.now() < until; ) {
    const found = (await read()).find((b) => b.id === id);
    if (found && found.status !== 'running') return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`backup ${id} still running after a minute`);
}
const setupItem = async () =>
  ((await t.call('GET', '/setup', { token: owner })).body as SetupResponse).items.find(
    (i) => i.id === 'backups',
  )!;
const signIn = async (login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;

describe('backups from the back-office', () => {
  it('an owner backs up now; the dashboard shows its time, size and result, and the setup item closes', async () => {
    expect(await setupItem()).toMatchObject({
      done: false,
      explanation: expect.stringContaining('No backup yet. Backups run daily at 10:30 UTC'),
    });
    const before = await overview();
    expect(before).toMatchObject({
      schedule: { dir, time: '10:30', keep: 2, next_at: '2026-11-01T10:30:00.000Z' },
      tools: { pg_dump: expect.stringMatching(/^pg_dump \(PostgreSQL\) \d+/), problem: null },
      last_ok: null,
      recent: [],
      may_start: true,
      key: { made_at: null, on_server: [] },
    });

    const started = await t.call('POST', '/backups', { token: owner });
    expect(started.status).toBe(202);
    const done = await finished(started.body.id);
    expect(done).toMatchObject({
      trigger: 'admin',
      status: 'ok',
      error: null,
      started_by: expect.stringContaining('@'),
    });
    expect(done.size_bytes).toBeGreaterThan(10_000);
    expect(path.dirname(done.file!)).toBe(dir);
    expect((await overview()).last_ok?.id).toBe(done.id);
    // encrypted to the operator's key, made with this first backup beside the server's seal
    expect(path.basename(done.file!)).toMatch(/^earnhub-.*\.tar\.age$/);
    const keys = await keyFilesIn(dataDir);
    expect(keys).toHaveLength(1);
    // the dashboard says the key the backup was encrypted to is still on the server, until moved
    expect((await overview()).key).toEqual({ made_at: expect.any(String), on_server: keys });
    const manifest = await readManifest(done.file!, keys[0]!);
    expect(manifest).toMatchObject({ backupId: done.id, adminTotp: { carried: 0, unreadable: 0 } });
    expect(manifest.tables.users).toBeGreaterThan(0);
    expect(await setupItem()).toMatchObject({ done: true });
    const audit = await t.db.query("SELECT target_id FROM audit_log WHERE action = 'backup.start'");
    expect(audit.rows).toEqual([{ target_id: String(done.id) }]);
  });

  it('one at a time; a cancel stops a running backup and leaves no file', async () => {
    // a lock that pg_dump waits behind keeps the backup running for as long as the test needs
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE plans IN ACCESS EXCLUSIVE MODE');
    const filesBefore = await readdir(dir);
    const started = await t.call('POST', '/backups', { token: owner });
    expect(started.status).toBe(202);
    const again = await t.call('POST', '/backups', { token: owner });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'A backup is already running: wait for it or cancel it' },
    });
    const running = (await overview()).recent[0]!;
    expect(running).toMatchObject({ id: started.body.id, status: 'running', finished_at: null });

    expect((await t.call('DELETE', `/backups/${started.body.id}`, { token: owner })).status).toBe(200);
    const cancelled = await finished(started.body.id);
    await holder.query('ROLLBACK');
    await holder.end();
    expect(cancelled).toMatchObject({ status: 'cancelled', error: 'cancelled by an owner' });
    expect(await readdir(dir)).toEqual(filesBefore);
    expect((await t.call('DELETE', `/backups/${started.body.id}`, { token: owner })).status).toBe(409);
    expect((await t.call('DELETE', '/backups/999999', { token: owner })).status).toBe(404);
  });

  it('is for owners: an auditor reads without buttons, finance is refused', async () => {
    const auditor = await signIn(await addAdmin(t, 'auditor', ['auditor']));
    expect((await overview(auditor)).may_start).toBe(false);
    expect((await t.call('POST', '/backups', { token: auditor })).status).toBe(403);
    const finance = await signIn(await addAdmin(t, 'finance', ['finance']));
    expect((await t.call('GET', '/backups', { token: finance })).status).toBe(403);
  });
});

describe('the schedule', () => {
  it('takes one backup a day once its time has come, and keeps BACKUP_KEEP of its own', async () => {
    const own = (name: string) => writeFile(path.join(dir, name), 'old');
    await own('earnhub-scheduled-2026-10-01T03-00-00-000Z.tar');
    await own('earnhub-scheduled-2026-10-02T03-00-00-000Z.tar');
    await own('earnhub-2020-01-01T00-00-00-000Z.tar'); // taken by hand: never pruned
    const count = async () => (await overview()).recent.filter((b) => b.trigger === 'schedule').length;

    await t.jobs.run('backup-schedule'); // 10:00, before 10:30
    expect(await count()).toBe(0);
    t.clock.advance(31 * 60_000);
    await t.jobs.run('backup-schedule');
    const scheduled = (await overview()).recent.find((b) => b.trigger === 'schedule')!;
    expect((await finished(scheduled.id)).status).toBe('ok');
    await t.jobs.run('backup-schedule');
    expect(await count()).toBe(1);
    expect((await overview()).schedule?.next_at).toBe('2026-11-02T10:30:00.000Z');

    const files = (await readdir(dir)).filter((f) => f.startsWith('earnhub-scheduled-')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe('earnhub-scheduled-2026-10-02T03-00-00-000Z.tar');
    expect(existsSync(path.join(dir, 'earnhub-2020-01-01T00-00-00-000Z.tar'))).toBe(true);
  });

  it('a failed backup shows on the setup list with its reason, and a failed scheduled one is tried again an hour later', async () => {
    const broken = await createTestApp({
      BACKUP_DIR: dir,
      PG_BIN_DIR: '/nonexistent/bin',
      DATA_DIR: dataDir,
    });
    try {
      const token = await broken.adminToken();
      const started = await broken.call('POST', '/backups', { token });
      const failed = await finished(
        started.body.id,
        async () => (await broken.call('GET', '/backups', { token })).body.recent as Backup[],
      );
      expect(failed).toMatchObject({ id: started.body.id, status: 'failed' });
      expect(failed.error).toMatch(/^PG_BIN_DIR \(\/nonexistent\/bin\) holds no pg_dump/);
      const item = ((await broken.call('GET', '/setup', { token })).body as SetupResponse).items.find(
        (i) => i.id === 'backups',
      );
      expect(item).toMatchObject({
        done: false,
        explanation: expect.stringMatching(/^The last backup failed \(.+ UTC\): PG_BIN_DIR/),
      });

      // the day's scheduled backup that failed is tried again an hour later, not before
      const scheduled = async () =>
        (
          await broken.db.query(
            "SELECT id::int AS id, status FROM backups WHERE trigger = 'schedule' ORDER BY id",
          )
        ).rows;
      broken.clock.advance(31 * 60_000); // 10:31, past BACKUP_TIME's default 03:00 too
      await broken.jobs.run('backup-schedule');
      const first = (await scheduled())[0]!;
      await finished(first.id, async () => (await broken.call('GET', '/backups', { token })).body.recent);
      await broken.jobs.run('backup-schedule');
      expect(await scheduled()).toHaveLength(1);
      await broken.db.query(
        "UPDATE backups SET finished_at = finished_at - interval '61 minutes' WHERE id = $1",
        [first.id],
      );
      await broken.jobs.run('backup-schedule');
      expect(await scheduled()).toHaveLength(2);
    } finally {
      await broken.close();
    }
  });

  it('a backup whose server died is marked interrupted, and the next one may start', async () => {
    await t.db.query(
      `INSERT INTO backups (trigger, instance, heartbeat_at) VALUES ('command', 'gone', now() - interval '10 minutes')`,
    );
    const started = await t.call('POST', '/backups', { token: owner });
    expect(started.status).toBe(202);
    expect((await finished(started.body.id)).status).toBe('ok');
    const { rows } = await t.db.query("SELECT status, error FROM backups WHERE instance = 'gone'");
    expect(rows).toEqual([
      { status: 'failed', error: 'interrupted: the server running it stopped before it finished' },
    ]);
    // every backup of the platform is encrypted to the one key its first backup made
    expect(await keyFilesIn(dataDir)).toHaveLength(1);
  });
});
