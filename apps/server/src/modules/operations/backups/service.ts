/**
 * Backups of the platform: scheduled (BACKUP_TIME, UTC, once a day across every instance), by
 * `npm run backup`, or by an owner from the dashboard. A backup runs outside the request pool:
 * pg_dump is its own process on its own connection, and the snapshot and row counts use one more
 * connection of their own, so sign-in and money never wait for a slot. Progress and cancel go
 * through the backup's row, so any instance's dashboard sees and stops it.
 */

import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_TEXT, type Backup, type BackupsOverview } from '@app/contracts/backups';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/pool.js';
import { conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { VERSION } from '../../../version.js';
import { type BackupSettings, writeBackup } from './archive.js';
import { keyFilesIn, loadOrCreateSeal, sealMadeAt } from './keys.js';
import type { Manifest } from './payload.js';
import * as repo from './repo.js';
import { findPgTools, type PgTools } from './tools.js';

export type BackupConfig = Pick<
  Config,
  'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP' | 'DATA_DIR' | 'JWT_SECRET' | 'PG_BIN_DIR'
> &
  Partial<Config>;

export const backupDir = (c: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups'));

/** Scheduled files are pruned to BACKUP_KEEP; the others are an operator's and never deleted. */
const SCHEDULED_PREFIX = 'earnhub-scheduled-';
export const backupFileName = (trigger: Backup['trigger'], at: Date) =>
  `${trigger === 'schedule' ? SCHEDULED_PREFIX : 'earnhub-'}${at.toISOString().replace(/[:.]/g, '-')}.tar.age`;

/** Settings whose values never go into a backup file: secrets, and URLs that may carry them. */
const SECRET_SETTING = /SECRET|PASSWORD|PRIVATE|_KEY|TOKEN|DATABASE_URL|SMTP_URL|CHAIN_RPC/;

/**
 * What a backup carries besides the database: the configuration (secrets left out), the server
 * secret only to open the admins' TOTP secrets and the seal's signing key with (never written), and
 * the seal it is encrypted and signed with (made on the first backup: `keyCreated` then names the
 * operator's key file).
 */
export async function backupSettings(
  db: Db,
  config: BackupConfig,
  serverSecret: string,
): Promise<{ settings: BackupSettings; keyCreated: string | null }> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config).sort()) {
    if (value === undefined) continue;
    shown[key] = SECRET_SETTING.test(key) ? '(set; not in the backup)' : value;
  }
  const { seal, created } = await loadOrCreateSeal(db, serverSecret, config.DATA_DIR);
  return { settings: { serverSecret, config: shown, seal }, keyCreated: created };
}

/** The database's major version, and the tools that fit it (PgToolsError when none). */
export async function toolsFor(db: Db, pgBinDir?: string): Promise<PgTools> {
  const { rows } = await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return findPgTools(Math.floor(Number(rows[0]!.v) / 10_000), pgBinDir);
}

/**
 * One backup from start to end, recorded in `backups`: the row first (one at a time), then the
 * file, with its progress written every second and a cancel asked through the row obeyed.
 */
export async function runBackup(
  deps: { db: Db; url: string; config: BackupConfig; instance: string; serverSecret: string },
  id: number,
  trigger: Backup['trigger'],
  opts: { file?: string; signal?: AbortSignal } = {},
): Promise<{ file: string; size: number; manifest: Manifest; keyCreated: string | null }> {
  const { db, config } = deps;
  const controller = new AbortController();
  opts.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let file: string | null = null;
  let written = 0;
  let databaseBytes: number | null = null;
  const beat = setInterval(() => {
    repo.beat(db, id, written, databaseBytes).then(
      (cancel) => cancel && controller.abort(),
      () => {},
    );
  }, 1000);
  try {
    const tools = await toolsFor(db, config.PG_BIN_DIR);
    const dir = backupDir(config);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    file = opts.file ? path.resolve(opts.file) : path.join(dir, backupFileName(trigger, new Date()));
    const { settings, keyCreated } = await backupSettings(db, config, deps.serverSecret);
    const done = await writeBackup({
      url: deps.url,
      tools,
      file,
      version: VERSION,
      backupId: id,
      settings,
      signal: controller.signal,
      onProgress: (bytes, total) => {
        written = bytes;
        databaseBytes = total;
      },
    });
    await repo.finish(db, id, { status: 'ok', file, size: done.size });
    if (trigger === 'schedule') await prune(dir, config.BACKUP_KEEP);
    return { file, size: done.size, manifest: done.manifest, keyCreated };
  } catch (error) {
    const cancelled = controller.signal.aborted;
    const message = error instanceof Error ? error.message : String(error);
    await repo
      .finish(db, id, {
        status: cancelled ? 'cancelled' : 'failed',
        file,
        error: cancelled ? (opts.signal?.aborted ? 'the server stopped' : 'cancelled by an owner') : message,
      })
      .catch(() => {});
    throw error;
  } finally {
    clearInterval(beat);
  }
}

/** Deletes scheduled backups beyond the newest `keep` (names sort by time). */
async function prune(dir: string, keep: number) {
  const files = (await readdir(dir)).filter(
    (f) => f.startsWith(SCHEDULED_PREFIX) && (f.endsWith('.tar.age') || f.endsWith('.tar')),
  );
  for (const old of files.sort().reverse().slice(keep)) await rm(path.join(dir, old), { force: true });
}

/** When the next scheduled backup is due, after `now`; null when the schedule is off. */
export function nextDue(time: string, now: Date, todayTaken: boolean): Date | null {
  if (time === 'off') return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (todayTaken || due <= now) due.setUTCDate(due.getUTCDate() + 1);
  return due;
}

export function createBackupsService(deps: {
  db: Db;
  clock: Clock;
  config: BackupConfig;
  /** The database the pool reaches, for pg_dump; null when this process was not told it. */
  databaseUrl: string | null;
  /** The server secret, to open the admins' TOTP secrets and the seal (it is never written to a backup). */
  serverSecret: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const { db, clock, config } = deps;
  const instance = `${os.hostname()}:${process.pid}`;
  const running = new Map<number, { controller: AbortController; done: Promise<unknown> }>();
  let toolsSeen: { at: number; tools: PgTools | null; problem: string | null } | null = null;

  /** Which pg_dump this server would use (looked up at most once a minute: it runs each candidate). */
  async function tools() {
    if (!toolsSeen || Date.now() - toolsSeen.at > 60_000) {
      toolsSeen = await toolsFor(db, config.PG_BIN_DIR).then(
        (t) => ({ at: Date.now(), tools: t, problem: null }),
        (error: unknown) => ({
          at: Date.now(),
          tools: null,
          problem: String((error as Error).message ?? error),
        }),
      );
    }
    return toolsSeen;
  }

  function launch(id: number, trigger: Backup['trigger']) {
    const controller = new AbortController();
    const url = deps.databaseUrl;
    const done = (
      url
        ? runBackup({ db, url, config, instance, serverSecret: deps.serverSecret }, id, trigger, {
            signal: controller.signal,
          }).then(({ keyCreated }) => {
            if (keyCreated)
              deps.log.warn(
                { keyFile: keyCreated },
                'backups: the first backup made the backup key; move that file off this server (restore needs it)',
              );
          })
        : repo.finish(db, id, {
            status: 'failed',
            file: null,
            error: 'this server process was not given the database address',
          })
    )
      .catch((error: unknown) => deps.log.error({ err: error, backup: id }, 'backup failed'))
      .finally(() => running.delete(id));
    running.set(id, { controller, done });
  }

  const todayUtc = () => clock.now().toISOString().slice(0, 10);

  return {
    async overview(actor: Actor): Promise<BackupsOverview> {
      await repo.failAbandoned(db);
      const [recent, lastOk, found, keyMade, onServer] = await Promise.all([
        repo.recent(db, 10),
        repo.lastOk(db),
        tools(),
        sealMadeAt(db),
        keyFilesIn(config.DATA_DIR),
      ]);
      const todayTaken = recent.some(
        (b) => b.trigger === 'schedule' && b.started_at.slice(0, 10) === todayUtc(),
      );
      const next = nextDue(config.BACKUP_TIME, clock.now(), todayTaken);
      return {
        schedule: next
          ? {
              dir: backupDir(config),
              time: config.BACKUP_TIME,
              keep: config.BACKUP_KEEP,
              next_at: next.toISOString(),
            }
          : null,
        tools: { pg_dump: found.tools?.version ?? null, problem: found.problem },
        last_ok: lastOk,
        recent,
        may_start: actor.roles.includes('owner'),
        key: { made_at: keyMade?.toISOString() ?? null, on_server: onServer },
      };
    },

    /** POST /backups: an owner backs up now. */
    async start(actor: Actor) {
      const id = await repo.begin(db, {
        trigger: 'admin',
        scheduledFor: null,
        startedBy: actor.userId,
        instance,
      });
      if (id === null) throw conflict(BACKUP_TEXT.alreadyRunning);
      await recordAudit(db, actor, { action: 'backup.start', targetType: 'backup', targetId: String(id) });
      launch(id, 'admin');
      return { id, message: BACKUP_TEXT.started };
    },

    /** DELETE /backups/{id}: stops a running backup, on whichever instance runs it. */
    async cancel(actor: Actor, id: number) {
      if (!(await repo.exists(db, id))) throw notFound(BACKUP_TEXT.unknown);
      // the instance running it sees the request at its next heartbeat (within a second)
      if (!(await repo.requestCancel(db, id))) throw conflict(BACKUP_TEXT.notRunning);
      await recordAudit(db, actor, { action: 'backup.cancel', targetType: 'backup', targetId: String(id) });
      return { message: BACKUP_TEXT.cancelled };
    },

    /** The scheduled job (every minute): starts today's backup once its time has come. */
    async runScheduled() {
      if (config.BACKUP_TIME === 'off') return;
      const now = clock.now();
      const [h, m] = config.BACKUP_TIME.split(':').map(Number) as [number, number];
      if (now.getUTCHours() * 60 + now.getUTCMinutes() < h * 60 + m) return;
      const id = await repo.begin(db, {
        trigger: 'schedule',
        scheduledFor: todayUtc(),
        startedBy: null,
        instance,
      });
      if (id !== null) launch(id, 'schedule');
    },

    /** Waits for the backups this instance runs (tests), or stops them (SIGTERM). */
    async settle(cancel = false) {
      for (const { controller, done } of running.values()) {
        if (cancel) controller.abort();
        await done;
      }
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
