/**
 * Several instances starting at once on an empty database: every migration is applied once, in
 * order, whichever instance applies it. An upgrade whose migration fails keeps nothing of that
 * start, and the server stops naming the migration.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { MigrationError, migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { withDatabase } from '../global-setup.js';

it('applies each migration once when three instances migrate the same empty database at once', async () => {
  const serverUrl = inject('pgServerUrl');
  const name = `t_migrate_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const pools = [1, 2, 3].map(() => createPool(withDatabase(serverUrl, name), 3));
  try {
    const results = await Promise.all(pools.map((pool) => migrate(pool)));
    const files = readdirSync(path.resolve(import.meta.dirname, '../../src/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied = results.flat();
    expect([...applied].sort()).toEqual(files);
    const { rows } = await pools[0]!.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY applied_at, name',
    );
    expect(rows.map((r) => r.name)).toEqual(files);
    // a later start finds nothing to do
    expect(await migrate(pools[0]!)).toEqual([]);
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);

/** A database of its own, migrated with the files of `dir` (a release's migrations). */
async function databaseMigratedWith(dir: string) {
  const serverUrl = inject('pgServerUrl');
  const name = `t_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, 3);
  await migrate(pool, dir);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');
const ALL = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** A folder with the first `count` real migrations, as an earlier release shipped them. */
function earlierRelease(count: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const file of ALL.slice(0, count)) copyFileSync(path.join(MIGRATIONS, file), path.join(dir, file));
  return dir;
}

it('an upgrade whose migration fails keeps nothing of that start, and names the migration', async () => {
  const dir = earlierRelease(ALL.length);
  writeFileSync(path.join(dir, '900_first_new.sql'), 'CREATE TABLE upgrade_probe (id int);');
  writeFileSync(
    path.join(dir, '901_broken.sql'),
    'ALTER TABLE users ADD COLUMN probe int; SELECT * FROM no_such_table;',
  );
  const db = await databaseMigratedWith(earlierRelease(ALL.length));
  try {
    const failed = await migrate(db.pool, dir).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MigrationError);
    expect((failed as MigrationError).migration).toBe('901_broken.sql');
    expect((failed as Error).message).toMatch(
      /^migration 901_broken\.sql failed: relation "no_such_table" does not exist/,
    );
    // neither the failed file nor the one before it in this start left anything behind
    const probe = await db.pool.query(`SELECT to_regclass('upgrade_probe') AS t`);
    expect(probe.rows[0].t).toBeNull();
    const column = await db.pool.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'probe'`,
    );
    expect(column.rowCount).toBe(0);
    const names = (await db.pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
      (r) => r.name,
    );
    expect(names.sort()).toEqual(ALL);
    // fixed, the next start applies both
    writeFileSync(path.join(dir, '901_broken.sql'), 'ALTER TABLE users ADD COLUMN probe int;');
    expect(await migrate(db.pool, dir)).toEqual(['900_first_new.sql', '901_broken.sql']);
  } finally {
    await db.drop();
  }
}, 120_000);

it('the server stops on a failed migration, naming it, and the database stays as it was', async () => {
  // a database of the release before 028/029, where 029 cannot apply (its column already exists)
  const db = await databaseMigratedWith(earlierRelease(ALL.indexOf('028_setup_mail.sql')));
  await db.pool.query(`ALTER TABLE withdrawal_approvals ADD COLUMN step text`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upgrade-data-'));
  try {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      // PORT 0 (any free port) needs the address links use: it cannot follow a port not chosen yet
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        PORT: '0',
        PUBLIC_URL: 'http://app.test',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /cannot start: migration 029_payout_hashes\.sql failed: column "step" .* already exists/,
    );
    const names = (await db.pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
      (r) => r.name,
    );
    expect(names).not.toContain('028_setup_mail.sql');
    expect((await db.pool.query(`SELECT to_regclass('setup_dismissals') AS t`)).rows[0].t).toBeNull();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  }
}, 120_000);
