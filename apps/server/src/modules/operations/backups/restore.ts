/**
 * Restoring a backup into an empty database (or, forced, over one): pg_restore turns the dump into
 * SQL and psql runs it in ONE transaction, after dropping the old schema when forced, so a restore
 * that fails half-way leaves the database as it was. Then every table's row count is checked
 * against the manifest and DATA_DIR/jwt-secret is put back.
 */
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationFiles } from '../../../db/migrate.js';
import { DUMP, extractBackup, type Manifest, readManifest, readSettingsFile, runTool } from './archive.js';
import { findPgTools, type PgTools, toolConnection } from './tools.js';

/** Refused before anything changed: the message says why and what to do. */
export class RestoreRefused extends Error {}

/** -1, 0 or 1 as release `a` is older than, the same as or newer than `b` (major.minor.patch). */
export function compareReleases(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1;
  return 0;
}

/** Why this release cannot restore the backup, or null when it can. */
export async function whyNotRestorable(manifest: Manifest, release: string): Promise<string | null> {
  if (compareReleases(manifest.version, release) > 0)
    return `this backup was made by EarnHub ${manifest.version}, newer than this release (${release}): restore it with EarnHub ${manifest.version} or later`;
  const known = new Set(await migrationFiles());
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    return `this backup's database has migrations this release (${release}) does not know (${unknown.join(', ')}): restore it with the release that made it (${manifest.version}) or later`;
  return null;
}

/** What the target database holds now: its relations (tables, views...), tables, and users if any. */
async function contents(client: pg.Client) {
  const { rows } = await client.query<{ relations: number; tables: number }>(
    `SELECT count(*)::int AS relations, (count(*) FILTER (WHERE c.relkind IN ('r', 'p')))::int AS tables
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND c.relkind IN ('r', 'p', 'v', 'm')`,
  );
  const users = rows[0]!.tables
    ? await client
        .query<{ n: number }>('SELECT count(*)::int AS n FROM public.users')
        .then((r) => r.rows[0]!.n)
        .catch(() => null)
    : null;
  return { ...rows[0]!, users };
}

export interface RestoreReport {
  manifest: Manifest;
  tables: number;
  rows: number;
  seconds: number;
  jwtSecret: 'restored' | 'environment' | 'none';
}

export async function restoreBackup(opts: {
  file: string;
  url: string;
  release: string;
  force: boolean;
  /** Where DATA_DIR/jwt-secret goes back; null when JWT_SECRET is set in the environment. */
  jwtSecretFile: string | null;
  pgBinDir?: string | undefined;
  /** Where the dump is unpacked for the restore (it can be large): DATA_DIR, or the temp folder. */
  workRoot?: string;
}): Promise<RestoreReport> {
  const started = performance.now();
  await stat(opts.file).catch(() => {
    throw new RestoreRefused(`${opts.file} does not exist`);
  });
  const manifest = await readManifest(opts.file).catch(() => null);
  if (!manifest) throw new RestoreRefused(`${opts.file} is not an EarnHub backup (no manifest.json)`);
  const why = await whyNotRestorable(manifest, opts.release);
  if (why) throw new RestoreRefused(why);

  const client = new pg.Client({ connectionString: opts.url, application_name: 'earnhub-restore' });
  await client.connect();
  let tools: PgTools;
  try {
    const name = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    const now = await contents(client);
    if (now.relations > 0 && !opts.force)
      throw new RestoreRefused(
        `the database ${name} is not empty (${now.tables} tables${now.users !== null ? `, ${now.users} users` : ''}): restore into an empty database or data folder, or add --force to replace what it holds`,
      );
    if (opts.force) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      if (rows[0]!.n > 0)
        throw new RestoreRefused(
          `${rows[0]!.n} other sessions use the database ${name}: stop every server on it first`,
        );
    }
    const major = Math.floor(
      Number(
        (await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!.v,
      ) / 10_000,
    );
    tools = await findPgTools(major, opts.pgBinDir);
  } finally {
    await client.end();
  }

  const work = await mkdtemp(path.join(opts.workRoot ?? os.tmpdir(), '.restore-'));
  try {
    await extractBackup(opts.file, work);
    await runRestore(tools, opts.url, path.join(work, DUMP), manifest, opts.force);
    const rows = await checkCounts(opts.url, manifest);
    const jwtSecret = await putBackSecret(work, opts.jwtSecretFile);
    return {
      manifest,
      tables: Object.keys(manifest.tables).length,
      rows,
      seconds: (performance.now() - started) / 1000,
      jwtSecret,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** pg_restore → SQL → psql, in one transaction with the old schema dropped first when forced. */
async function runRestore(tools: PgTools, url: string, dump: string, manifest: Manifest, force: boolean) {
  const conn = toolConnection(url);
  const prologue = force ? 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n' : '';
  // the restored copy records its own backup as it finished (the dump saw it running)
  const epilogue =
    manifest.backupId === null
      ? ''
      : `\nDO $$ BEGIN
  IF to_regclass('public.backups') IS NOT NULL THEN
    UPDATE public.backups SET status = 'ok', finished_at = '${manifest.finishedAt}', error = NULL,
           size_bytes = NULL, bytes_written = ${manifest.database.dumpBytes}
     WHERE id = ${Number(manifest.backupId)} AND status = 'running';
  END IF;
END $$;\n`;
  const psqlArgs = [
    '--no-psqlrc',
    '--quiet',
    '--single-transaction',
    '-v',
    'ON_ERROR_STOP=1',
    `--dbname=${conn.url}`,
  ];
  let restoreFailed = false;
  let restored: Promise<void> = Promise.resolve();
  const applied = runTool(tools.psql, psqlArgs, conn.env, undefined, (psql) => {
    psql.stdin?.on('error', () => {}); // psql stopping on an error closes its input: its own message says why
    psql.stdin?.write(prologue);
    restored = runTool(
      tools.pgRestore,
      ['--no-owner', '--no-privileges', '--file=-', dump],
      conn.env,
      undefined,
      (r) => r.stdout?.pipe(psql.stdin!, { end: false }),
    ).then(
      () => void psql.stdin?.end(epilogue),
      (error: unknown) => {
        // psql ends without COMMIT: the whole transaction rolls back
        restoreFailed = true;
        psql.kill('SIGTERM');
        throw error;
      },
    );
  });
  const [psqlResult, restoreResult] = await Promise.allSettled([applied, restored]);
  // when psql refused a statement, pg_restore only saw its input close: psql's message is the cause
  if (restoreFailed && restoreResult.status === 'rejected' && psqlResult.status === 'rejected') {
    throw psqlResult.reason instanceof Error && !/SIGTERM/.test(psqlResult.reason.message)
      ? psqlResult.reason
      : restoreResult.reason;
  }
  if (psqlResult.status === 'rejected') throw psqlResult.reason;
  if (restoreResult.status === 'rejected') throw restoreResult.reason;
}

/** Every table's rows as the manifest counted them; answers the total. */
async function checkCounts(url: string, manifest: Manifest): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let total = 0;
    const wrong: string[] = [];
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const r = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM public.${client.escapeIdentifier(table)}`,
      );
      const n = Number(r.rows[0]!.n);
      total += n;
      if (n !== expected) wrong.push(`${table}: ${n} rows, the backup has ${expected}`);
    }
    if (wrong.length)
      throw new Error(`the restored database differs from the backup's manifest: ${wrong.join('; ')}`);
    return total;
  } finally {
    await client.end();
  }
}

async function putBackSecret(work: string, target: string | null): Promise<RestoreReport['jwtSecret']> {
  const secret = await readSettingsFile(work, 'jwt-secret');
  if (secret === null) return 'none';
  if (target === null) return 'environment';
  const before = await stat(target).then(
    () => true,
    () => false,
  );
  if (before) await copyFile(target, `${target}.before-restore`);
  await writeFile(target, secret, { mode: 0o600 });
  return 'restored';
}
