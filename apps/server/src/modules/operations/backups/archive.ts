/**
 * One backup file (`earnhub-….tar`, owner-only): `manifest.json` first (release, times, sizes, the
 * migrations and the row count of every table), `database.dump` (pg_dump's custom format,
 * compressed by pg_dump; pictures live in the database, so they are in it), and `settings/` (the
 * server's configuration with its secrets left out, and DATA_DIR/jwt-secret, which the admins'
 * two-factor secrets are encrypted with).
 *
 * Consistency: a REPEATABLE READ transaction exports its snapshot, pg_dump dumps exactly that
 * snapshot (`--snapshot`), and the row counts are read in it too, so the manifest describes the
 * very rows in the dump: every transaction committed before `snapshotAt`, none after.
 */
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { type PgTools, toolConnection } from './tools.js';

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const SETTINGS = 'settings';
const ENTRIES = new Set([
  MANIFEST,
  DUMP,
  `${SETTINGS}/`,
  `${SETTINGS}/config.json`,
  `${SETTINGS}/jwt-secret`,
]);

export interface Manifest {
  format: 1;
  product: 'earnhub';
  /** The release that wrote it (root package.json). */
  version: string;
  /** The row in `backups` that recorded it, when it was recorded. */
  backupId: number | null;
  createdAt: string;
  /** The database's clock when the snapshot was taken: the dump holds what committed before it. */
  snapshotAt: string;
  finishedAt: string;
  database: {
    serverVersion: string;
    pgDump: string;
    /** pg_database_size at the snapshot. */
    bytes: number;
    dumpBytes: number;
    migrations: string[];
  };
  /** Rows per table of the public schema, in the snapshot. */
  tables: Record<string, number>;
  /** `included`: settings/jwt-secret; `environment`: JWT_SECRET was set, keep it with the backup. */
  jwtSecret: 'included' | 'environment' | 'none';
}

export interface BackupSettings {
  /** DATA_DIR/jwt-secret, null when JWT_SECRET comes from the environment. */
  jwtSecretFile: string | null;
  /** The configuration, secrets left out (settings/config.json). */
  config: Record<string, unknown>;
}

/** Writes the backup to `file` (through a partial name, so a file under its name is complete). */
export async function writeBackup(opts: {
  url: string;
  tools: PgTools;
  file: string;
  version: string;
  backupId: number | null;
  settings: BackupSettings;
  onProgress?: (bytesWritten: number, databaseBytes: number) => void;
  signal?: AbortSignal;
}): Promise<{ manifest: Manifest; size: number }> {
  const work = `${opts.file}.partial.d`;
  await rm(work, { recursive: true, force: true });
  await mkdir(path.join(work, SETTINGS), { recursive: true, mode: 0o700 });
  const snapshot = new pg.Client({ connectionString: opts.url, application_name: 'earnhub-backup' });
  await snapshot.connect();
  try {
    await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await snapshot.query<{ id: string; at: Date; server: string; bytes: string }>(
      `SELECT pg_export_snapshot() AS id, clock_timestamp() AS at,
              current_setting('server_version') AS server, pg_database_size(current_database()) AS bytes`,
    );
    const taken = rows[0]!;
    const databaseBytes = Number(taken.bytes);
    const dumpFile = path.join(work, DUMP);
    const progress = setInterval(() => {
      stat(dumpFile).then(
        (s) => opts.onProgress?.(s.size, databaseBytes),
        () => {},
      );
    }, 1000);
    let tables: Record<string, number>;
    let migrations: string[];
    try {
      // pg_dump imports the snapshot while this transaction holds it open; the counts read it meanwhile
      [, tables, migrations] = await Promise.all([
        pgDump(opts.tools, opts.url, taken.id, dumpFile, opts.signal),
        countRows(snapshot),
        snapshot
          .query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
          .then((r) => r.rows.map((m) => m.name)),
      ]);
    } finally {
      clearInterval(progress);
    }
    await snapshot.query('COMMIT');
    const dumpBytes = (await stat(dumpFile)).size;
    await writeFile(
      path.join(work, SETTINGS, 'config.json'),
      `${JSON.stringify(opts.settings.config, null, 2)}\n`,
    );
    let jwtSecret: Manifest['jwtSecret'] = opts.settings.jwtSecretFile ? 'none' : 'environment';
    if (opts.settings.jwtSecretFile) {
      const copied = await copyFile(
        opts.settings.jwtSecretFile,
        path.join(work, SETTINGS, 'jwt-secret'),
      ).then(
        () => true,
        () => false,
      );
      if (copied) jwtSecret = 'included';
    }
    const manifest: Manifest = {
      format: 1,
      product: 'earnhub',
      version: opts.version,
      backupId: opts.backupId,
      createdAt: new Date().toISOString(),
      snapshotAt: taken.at.toISOString(),
      finishedAt: '',
      database: {
        serverVersion: taken.server,
        pgDump: opts.tools.version,
        bytes: databaseBytes,
        dumpBytes,
        migrations,
      },
      tables,
      jwtSecret,
    };
    manifest.finishedAt = new Date().toISOString();
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = path.join(work, 'backup.tar');
    await tar.c({ file: partial, cwd: work, portable: true }, [MANIFEST, DUMP, SETTINGS]);
    await chmod(partial, 0o600);
    await rename(partial, opts.file);
    return { manifest, size: (await stat(opts.file)).size };
  } finally {
    await snapshot.end().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM public.${client.escapeIdentifier(name)}`,
    );
    counts[name] = Number(r.rows[0]!.n);
  }
  return counts;
}

function pgDump(tools: PgTools, url: string, snapshotId: string, file: string, signal?: AbortSignal) {
  const conn = toolConnection(url);
  return runTool(
    tools.pgDump,
    ['--format=custom', `--snapshot=${snapshotId}`, `--file=${file}`, `--dbname=${conn.url}`],
    conn.env,
    signal,
  );
}

/** Runs a tool; rejects with its last lines of stderr when it fails or is aborted. */
export function runTool(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
  wire?: (child: ReturnType<typeof spawn>) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('cancelled'));
    const child = spawn(file, args, {
      env,
      stdio: [wire ? 'pipe' : 'ignore', wire ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const abort = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', abort, { once: true });
    wire?.(child);
    child.on('error', reject);
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return reject(new Error('cancelled'));
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`${path.basename(file)} failed (${sig ?? `exit ${code}`}): ${said || 'no message'}`));
    });
  });
}

/** The manifest of a backup file, or null when the file is no EarnHub backup. */
export async function readManifest(file: string): Promise<Manifest | null> {
  let text: string | null = null;
  await tar.t({
    file,
    filter: (p) => p === MANIFEST,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        text = Buffer.concat(chunks).toString('utf8');
      });
    },
  });
  if (text === null) return null;
  try {
    const manifest = JSON.parse(text) as Manifest;
    return manifest.product === 'earnhub' && manifest.format === 1 ? manifest : null;
  } catch {
    return null;
  }
}

/** Unpacks the backup's known entries (and nothing else) into `dir`. */
export async function extractBackup(file: string, dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await tar.x({ file, cwd: dir, strict: true, filter: (p) => ENTRIES.has(p) });
}

export const readSettingsFile = (dir: string, name: string) =>
  readFile(path.join(dir, SETTINGS, name), 'utf8').catch(() => null);
