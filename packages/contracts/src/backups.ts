import { z } from 'zod';
import { idParam } from './common.js';

/**
 * Backups of the whole platform (issue 28): one file per backup (`earnhub-….tar.age`: the database
 * as pg_dump's custom format, the settings and a manifest, encrypted to the operator's backup key
 * and signed, issue 36), taken on a schedule, by `npm run backup` or by an owner from the dashboard. Each is recorded in the database, so every instance and the
 * dashboard see the last one, its size and its result.
 */
export const BACKUP_TRIGGERS = ['schedule', 'command', 'admin'] as const;
export const BACKUP_STATUSES = ['running', 'ok', 'failed', 'cancelled'] as const;

export const backup = z.object({
  id: z.number().int(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** The file's name in BACKUP_DIR (or where the command wrote it). */
  file: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** While running: bytes of the file written so far, beside the database's size on disk. */
  bytes_written: z.number().int(),
  database_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  started_by: z.string().nullable(),
});
export type Backup = z.infer<typeof backup>;

/** GET /backups. */
export const backupsOverview = z.object({
  /** Null when scheduled backups are off (BACKUP_TIME=off). */
  schedule: z
    .object({
      dir: z.string(),
      /** HH:MM, UTC. */
      time: z.string(),
      keep: z.number().int(),
      next_at: z.string(),
    })
    .nullable(),
  /** The pg_dump this server would use, or why none fits the database. */
  tools: z.object({ pg_dump: z.string().nullable(), problem: z.string().nullable() }),
  last_ok: backup.nullable(),
  /** The newest first. */
  recent: z.array(backup),
  /** Owners may start and cancel a backup. */
  may_start: z.boolean(),
  /**
   * The backup key backups are encrypted to: when the platform made it (null: no backup yet), and
   * the operator's key files still in this server's DATA_DIR (they should be moved off it).
   */
  key: z.object({ made_at: z.string().nullable(), on_server: z.array(z.string()) }),
});
export type BackupsOverview = z.infer<typeof backupsOverview>;

export const backupIdParam = idParam;

/** A scheduled backup is due if none succeeded for this long: the setup list says so after it. */
export const BACKUP_STALE_HOURS = 26;

export const BACKUP_TEXT = {
  started: 'Backup started',
  alreadyRunning: 'A backup is already running: wait for it or cancel it',
  notRunning: 'That backup is not running',
  cancelled: 'Cancelling: the backup stops and its partial file is removed',
  unknown: 'There is no such backup',
} as const;

/** Bytes as people read them: 1.2 MB, 840 KB (decimal units, as disks are sold). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
