/**
 * Restoring a backup into an empty database (or, forced, over one). Nothing of the file is trusted
 * before it is authenticated (payload.ts: decrypted with the operator's key, the platform's
 * signature checked, the manifest parsed by a schema). Then pg_restore turns the dump into SQL and
 * psql runs it in ONE transaction, after dropping the old schema when forced; before the COMMIT,
 * every table's row count is checked against the manifest, the admins' TOTP secrets are sealed
 * under the new server secret, and every session, trusted browser and mailed link of the backup is
 * ended. A restore that fails at any point leaves the database, and the server secret, as they
 * were. After the COMMIT the server secret is rotated (DATA_DIR/jwt-secret), so no token signed
 * before the restore works.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationFiles } from '../../../db/migrate.js';
import { newServerSecret, replaceJwtSecret } from '../../../secrets.js';
import { secretBox } from '../../identity/totp/secret-box.js';
import { runTool } from './archive.js';
import { BackupKeyError, readBackupKey } from './keys.js';
import { BackupRefused, type Manifest, openBackup } from './payload.js';
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
  /** `rotated`: DATA_DIR/jwt-secret is a new one; `environment`: JWT_SECRET stays (sessions ended). */
  serverSecret: 'rotated' | 'environment';
  /** Admins' TOTP secrets sealed under the secret in force; those the backup could not carry. */
  totp: { resealed: number; unreadable: number };
}

export async function restoreBackup(opts: {
  file: string;
  url: string;
  release: string;
  force: boolean;
  /** The operator's backup key files to try (--key, or those DATA_DIR still holds). */
  keyFiles: string[];
  /** DATA_DIR, whose jwt-secret is rotated; or JWT_SECRET when the environment sets it. */
  serverSecret: { dataDir: string } | { environment: string };
  pgBinDir?: string | undefined;
  /** Where the backup is decrypted for the restore (it can be large): DATA_DIR, or the temp folder. */
  workRoot?: string;
}): Promise<RestoreReport> {
  const started = performance.now();
  await stat(opts.file).catch(() => {
    throw new RestoreRefused(`${opts.file} does not exist`);
  });
  if (!opts.keyFiles.length)
    throw new RestoreRefused(
      'no backup key: give the one written with the first backup (backup-key-….txt) with --key KEYFILE',
    );
  const work = await mkdtemp(path.join(opts.workRoot ?? os.tmpdir(), '.restore-'));
  try {
    const opened = await openWithAny(opts.file, opts.keyFiles, work);
    const { manifest } = opened;
    const why = await whyNotRestorable(manifest, opts.release);
    if (why) throw new RestoreRefused(why);
    const tools = await checkTarget(opts.url, opts.force, opts.pgBinDir);

    // the secret the restored platform runs with: a new one, unless the environment fixes it
    const secret = 'environment' in opts.serverSecret ? opts.serverSecret.environment : newServerSecret();
    const box = secretBox(secret);
    const totp = Object.fromEntries(opened.totp.map((t) => [String(t.userId), box.seal(t.secret, t.userId)]));
    await runRestore(tools, opts.url, opened.dump, opts.force, {
      tables: manifest.tables,
      backupId: manifest.backupId,
      finishedAt: manifest.finishedAt,
      dumpBytes: manifest.database.dumpBytes,
      totp,
    });
    // committed: only now does the old secret go (a failed restore kept it)
    if ('dataDir' in opts.serverSecret) await replaceJwtSecret(opts.serverSecret.dataDir, secret);
    return {
      manifest,
      tables: Object.keys(manifest.tables).length,
      rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
      seconds: (performance.now() - started) / 1000,
      serverSecret: 'dataDir' in opts.serverSecret ? 'rotated' : 'environment',
      totp: { resealed: opened.totp.length, unreadable: manifest.adminTotp.unreadable },
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The backup opened with the first key file it was encrypted to (RestoreRefused when none opens it). */
async function openWithAny(file: string, keyFiles: string[], work: string) {
  let refusal: unknown = null;
  for (const keyFile of keyFiles) {
    try {
      return await openBackup(file, await readBackupKey(keyFile), work);
    } catch (error) {
      if (error instanceof BackupKeyError) throw new RestoreRefused(error.message);
      if (!(error instanceof BackupRefused)) throw error;
      refusal = refusal ?? error;
      // only a file for another key lets the next key try
      if (!error.otherKey) break;
    }
  }
  throw new RestoreRefused((refusal as BackupRefused).message);
}

/** Refuses a database that holds anything (unless forced) or that others use; the tools that fit it. */
async function checkTarget(url: string, force: boolean, pgBinDir: string | undefined): Promise<PgTools> {
  const client = new pg.Client({ connectionString: url, application_name: 'earnhub-restore' });
  await client.connect();
  try {
    const name = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    const now = await contents(client);
    if (now.relations > 0 && !force)
      throw new RestoreRefused(
        `the database ${name} is not empty (${now.tables} tables${now.users !== null ? `, ${now.users} users` : ''}): restore into an empty database or data folder, or add --force to replace what it holds`,
      );
    if (force) {
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
    return await findPgTools(major, pgBinDir);
  } finally {
    await client.end();
  }
}

/** What the checks and updates before the COMMIT read: values, never SQL (see `closing`). */
interface Closing {
  tables: Record<string, number>;
  backupId: number | null;
  finishedAt: string;
  dumpBytes: number;
  /** user id → TOTP secret sealed under the secret the restored platform runs with. */
  totp: Record<string, string>;
}

/**
 * The SQL after the dump, before the COMMIT. Its values reach it as ONE JSON text in a dollar quote
 * with a random tag (which the text is checked not to hold), read back with current_setting: no
 * value of the backup is ever part of a statement. Any difference in a table's rows raises, and
 * psql (ON_ERROR_STOP) then never reaches the COMMIT.
 */
function closing(values: Closing): string {
  const json = JSON.stringify(values);
  const tag = `earnhub_${randomBytes(16).toString('hex')}`;
  if (json.includes(tag)) throw new Error('unexpected: the restore values hold the quote tag');
  return `
SELECT pg_catalog.set_config('earnhub.restore', $${tag}$${json}$${tag}$, true);
DO $earnhub_restore$
DECLARE
  v jsonb := pg_catalog.current_setting('earnhub.restore')::jsonb;
  t record;
  n bigint;
  wrong text[] := '{}';
BEGIN
  FOR t IN SELECT key, value::bigint AS expected FROM pg_catalog.jsonb_each_text(v->'tables') LOOP
    IF pg_catalog.to_regclass(pg_catalog.format('public.%I', t.key)) IS NULL THEN
      wrong := wrong || pg_catalog.format('%s: missing, the backup has %s rows', t.key, t.expected);
      CONTINUE;
    END IF;
    EXECUTE pg_catalog.format('SELECT count(*) FROM public.%I', t.key) INTO n;
    IF n <> t.expected THEN
      wrong := wrong || pg_catalog.format('%s: %s rows, the backup has %s', t.key, n, t.expected);
    END IF;
  END LOOP;
  FOR t IN SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace s ON s.oid = c.relnamespace
            WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT (v->'tables') ? c.relname LOOP
    wrong := wrong || pg_catalog.format('%s: not in the backup''s manifest', t.relname);
  END LOOP;
  IF pg_catalog.cardinality(wrong) > 0 THEN
    RAISE EXCEPTION 'the restored database differs from the backup''s manifest: %', pg_catalog.array_to_string(wrong, '; ');
  END IF;
  -- the restored copy records its own backup as it finished (the dump saw it running)
  IF v->>'backupId' IS NOT NULL AND pg_catalog.to_regclass('public.backups') IS NOT NULL THEN
    UPDATE public.backups SET status = 'ok', finished_at = (v->>'finishedAt')::timestamptz, error = NULL,
           size_bytes = NULL, bytes_written = (v->>'dumpBytes')::bigint
     WHERE id = (v->>'backupId')::bigint AND status = 'running';
  END IF;
  -- the admins' authenticators keep working under the new server secret
  IF pg_catalog.to_regclass('public.admin_totp') IS NOT NULL THEN
    UPDATE public.admin_totp a SET secret_enc = j.value
      FROM pg_catalog.jsonb_each_text(v->'totp') j WHERE a.user_id = j.key::bigint;
  END IF;
  -- no session or trusted browser of before the restore works on the restored platform
  IF pg_catalog.to_regclass('public.sessions') IS NOT NULL THEN
    UPDATE public.sessions SET revoked_at = pg_catalog.now() WHERE revoked_at IS NULL;
  END IF;
  IF pg_catalog.to_regclass('public.admin_trusted_browsers') IS NOT NULL THEN
    UPDATE public.admin_trusted_browsers SET revoked_at = pg_catalog.now() WHERE revoked_at IS NULL;
  END IF;
  -- nor a password-reset or invitation link mailed before it (the owners invite again)
  IF pg_catalog.to_regclass('public.password_resets') IS NOT NULL THEN
    UPDATE public.password_resets SET expires_at = pg_catalog.now()
     WHERE used_at IS NULL AND expires_at > pg_catalog.now();
  END IF;
  IF pg_catalog.to_regclass('public.admin_invitations') IS NOT NULL THEN
    UPDATE public.admin_invitations SET expires_at = pg_catalog.now()
     WHERE accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > pg_catalog.now();
  END IF;
END
$earnhub_restore$;
COMMIT;
`;
}

/**
 * pg_restore → SQL → psql, in one transaction (BEGIN here, COMMIT only after the dump and the
 * checks ran whole) with the old schema dropped first when forced.
 */
async function runRestore(tools: PgTools, url: string, dump: string, force: boolean, values: Closing) {
  const conn = toolConnection(url);
  const prologue = `BEGIN;\n${force ? 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n' : ''}`;
  const epilogue = closing(values);
  const psqlArgs = ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', `--dbname=${conn.url}`];
  let restoreFailed = false;
  let restored: Promise<void> = Promise.resolve();
  const applied = runTool(tools.psql, psqlArgs, conn.env, undefined, (psql) => {
    psql.stdin?.on('error', () => {}); // psql stopping on an error closes its input: its own message says why
    psql.stdout?.resume(); // its few result lines, read so that it never waits on a full pipe
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
