import type { Db } from '../../src/db/pool.js';

/**
 * Tables a refused request may legitimately write to: a wrong password is recorded to slow the
 * next guess down, and rate limits count refused attempts too. A what-if projection or a backup
 * started by an earlier request writes its progress into its row while later requests are answered
 * (the platform's first backup also makes its backup key, `backup_seal`, as it runs).
 */
const BOOKKEEPING =
  /^(login_failures|what_if_runs|backups|backup_seal|.*rate_limit.*|.*limiter.*|.*throttl.*)$/;

/**
 * The content of every other table as one hash per table (row count and the sum of each row's
 * text hash), read in one statement: two reads that differ name the tables a request changed.
 */
export async function stateWatcher(db: Db) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.name).filter((name) => !BOOKKEEPING.test(name));
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)), 0)::text AS sum FROM "${name}" t`,
    )
    .join(' UNION ALL ');
  async function read(): Promise<Map<string, string>> {
    const result = await db.query<{ name: string; sum: string }>(sql);
    return new Map(result.rows.map((r) => [r.name, r.sum]));
  }
  // Every change to a table writes WAL: while the insert position has not moved, nothing changed
  // and the full read is skipped (most refused requests never reach the database).
  const walPosition = async () =>
    (await db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
  let lsn = await walPosition();
  let state = await read();
  /** The tables changed since the last call (none when the database did not move). */
  return async function changedSinceLast(): Promise<string[]> {
    const now = await walPosition();
    if (now === lsn) return [];
    const after = await read();
    const changed = [...after.keys()].filter((name) => state.get(name) !== after.get(name));
    lsn = await walPosition();
    state = after;
    return changed;
  };
}
