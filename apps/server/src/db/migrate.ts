import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool.js';
import { withTx } from './pool.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: several instances starting at once apply migrations one at a time.
const MIGRATION_LOCK = 726_431_001;

/**
 * Applies every migrations/*.sql not applied yet, in name order, each in its own transaction under
 * a transaction-level advisory lock, so several instances starting at once apply each file once and
 * in order. A transaction lock (not a session one) keeps this correct behind PgBouncer in
 * transaction mode, which may hand a session's statements to different server connections.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await withTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const done = new Set((await db.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    const ran = await withTx(db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // another instance may have applied it while this one waited for the lock
      const { rowCount } = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (rowCount) return false;
      await tx.query(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
