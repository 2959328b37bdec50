/** SQL of `backups` (migration 030): one row per backup, whoever started it. */
import type { Backup } from '@app/contracts/backups';
import type { Queryable } from '../../../db/pool.js';

/** A running backup whose instance has not written for this long was cut off (killed, crashed). */
const HEARTBEAT_LOST = "interval '2 minutes'";
/** A failed scheduled backup is tried again after this long. */
const RETRY_AFTER = "interval '1 hour'";

const COLUMNS = `b.id::int AS id, b.trigger, b.status, b.started_at, b.finished_at, b.file,
  b.size_bytes::float8 AS size_bytes, b.bytes_written::float8 AS bytes_written,
  b.database_bytes::float8 AS database_bytes, b.error, u.email AS started_by`;

type Row = Omit<Backup, 'started_at' | 'finished_at'> & { started_at: Date; finished_at: Date | null };
const toBackup = (r: Row): Backup => ({
  ...r,
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

/** Marks backups whose instance stopped writing as failed, so the next one may start. */
export async function failAbandoned(q: Queryable) {
  await q.query(
    `UPDATE backups SET status = 'failed', finished_at = clock_timestamp(),
            error = 'interrupted: the server running it stopped before it finished'
      WHERE status = 'running' AND heartbeat_at < clock_timestamp() - ${HEARTBEAT_LOST}`,
  );
}

/**
 * Records a backup as running; null when one runs already (one at a time) or, for a scheduled one,
 * when this UTC day's was started already (by any instance).
 */
export async function begin(
  q: Queryable,
  b: { trigger: Backup['trigger']; scheduledFor: string | null; startedBy: number | null; instance: string },
): Promise<number | null> {
  await failAbandoned(q);
  if (b.scheduledFor !== null) {
    // a day whose scheduled backup failed is tried again an hour later (pg_dump installed since, a
    // disk freed), by freeing the day's slot; a cancelled one is not: an owner stopped it
    await q.query(
      `UPDATE backups SET scheduled_for = NULL
        WHERE scheduled_for = $1 AND status = 'failed' AND finished_at < clock_timestamp() - ${RETRY_AFTER}`,
      [b.scheduledFor],
    );
  }
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO backups (trigger, scheduled_for, started_by, instance) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id::int AS id`,
    [b.trigger, b.scheduledFor, b.startedBy, b.instance],
  );
  return rows[0]?.id ?? null;
}

/** Progress of a running backup; answers whether a cancel was asked for. */
export async function beat(q: Queryable, id: number, bytesWritten: number, databaseBytes: number | null) {
  const { rows } = await q.query<{ cancel: boolean }>(
    `UPDATE backups SET heartbeat_at = clock_timestamp(), bytes_written = $2,
            database_bytes = COALESCE($3, database_bytes)
      WHERE id = $1 RETURNING cancel_requested AS cancel`,
    [id, bytesWritten, databaseBytes],
  );
  return rows[0]?.cancel ?? false;
}

export async function finish(
  q: Queryable,
  id: number,
  end:
    | { status: 'ok'; file: string; size: number }
    | { status: 'failed' | 'cancelled'; file: string | null; error: string },
) {
  await q.query(
    `UPDATE backups SET status = $2, finished_at = clock_timestamp(), file = $3, size_bytes = $4,
            bytes_written = COALESCE($4, bytes_written), error = $5
      WHERE id = $1`,
    [id, end.status, end.file, end.status === 'ok' ? end.size : null, end.status === 'ok' ? null : end.error],
  );
}

/** Asks the instance running it to stop; false when it is not running. */
export async function requestCancel(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE backups SET cancel_requested = true WHERE id = $1 AND status = 'running'`,
    [id],
  );
  return rowCount === 1;
}

export async function recent(q: Queryable, limit: number): Promise<Backup[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM backups b LEFT JOIN users u ON u.id = b.started_by
      ORDER BY b.started_at DESC, b.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toBackup);
}

export async function lastOk(q: Queryable): Promise<Backup | null> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM backups b LEFT JOIN users u ON u.id = b.started_by
      WHERE b.status = 'ok' ORDER BY b.finished_at DESC LIMIT 1`,
  );
  return rows[0] ? toBackup(rows[0]) : null;
}

export async function exists(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM backups WHERE id = $1', [id]);
  return rowCount === 1;
}

/** The files of the scheduled backups that succeeded, newest first (pruning keeps the first N). */
export async function scheduledFiles(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ file: string }>(
    `SELECT file FROM backups WHERE trigger = 'schedule' AND status = 'ok' AND file IS NOT NULL
      ORDER BY finished_at DESC`,
  );
  return rows.map((r) => r.file);
}
