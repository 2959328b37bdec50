/**
 * Several instances starting at once on an empty database: every migration is applied once, in
 * order, whichever instance applies it.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
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
