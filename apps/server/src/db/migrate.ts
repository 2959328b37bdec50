import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool.js';
import { withTx } from './pool.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: several instances starting at once apply migrations one at a time.
const MIGRATION_LOCK = 726_431_001;

/** A migration that failed: the database was left as it was before this start's migrations. */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(
      `migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'No migration of this start was kept: the database is as it was.',
      { cause },
    );
  }
}

/** This release's migrations, in the order they apply. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies every migrations/*.sql not applied yet, in name order, all in ONE transaction under a
 * transaction-level advisory lock: several instances starting at once apply each file once and in
 * order, and an upgrade whose migration fails leaves the database exactly as it was (the earlier
 * files of the same start roll back with it), so the previous release still runs on it. A
 * transaction lock (not a session one) keeps this correct behind PgBouncer in transaction mode,
 * which may hand a session's statements to different server connections.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  await withTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const pending = async (q: Pick<Db, 'query'>) => {
    const done = new Set((await q.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    return files.filter((f) => !done.has(f));
  };
  if ((await pending(db)).length === 0) return [];
  return withTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // another instance may have applied some while this one waited for the lock
    const todo = await pending(tx);
    for (const file of todo) {
      const sql = await readFile(path.join(dir, file), 'utf8');
      try {
        await tx.query(sql);
      } catch (error) {
        throw new MigrationError(file, error);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    return todo;
  });
}
