/**
 * One backup file (`earnhub-….tar.age`, owner-only): a tar encrypted with age to the operator's
 * key (keys.ts), so the server that writes it cannot read it and the file alone opens nothing.
 * Inside (payload.ts): `manifest.json` (release, times, sizes, the migrations and the row count of
 * every table), `database.dump` (pg_dump's custom format; pictures live in the database, so they
 * are in it), `settings/config.json` (the configuration, secrets left out),
 * `secrets/admin-totp.json` (the admins' TOTP secrets: never the server secret, which signs
 * sessions) and `signature.json` (the platform's Ed25519 signature of the others' digests).
 *
 * Consistency: a REPEATABLE READ transaction exports its snapshot, pg_dump dumps exactly that
 * snapshot (`--snapshot`), and the row counts and TOTP secrets are read in it too, so the manifest
 * describes the very rows in the dump: every transaction committed before `snapshotAt`, none after.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { secretBox } from '../../identity/totp/secret-box.js';
import { encryptFile } from './age.js';
import { type BackupSeal, readBackupKey } from './keys.js';
import {
  type CarriedTotp,
  CONFIG,
  DUMP,
  MANIFEST,
  type Manifest,
  openBackup,
  SIGNATURE,
  signatureFor,
  TOTP,
} from './payload.js';
import { type PgTools, toolConnection } from './tools.js';

export interface BackupSettings {
  /** The server secret the admins' TOTP secrets are sealed with (to carry them opened; never written). */
  serverSecret: string;
  /** The configuration, secrets left out (settings/config.json). */
  config: Record<string, unknown>;
  seal: BackupSeal;
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
  await mkdir(path.join(work, 'settings'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(work, 'secrets'), { recursive: true, mode: 0o700 });
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
    let totp: { carried: CarriedTotp; unreadable: number };
    try {
      // pg_dump imports the snapshot while this transaction holds it open; the counts, migrations
      // and TOTP secrets are read in it meanwhile, one query at a time on its connection
      const reading = async () => {
        const counts = await countRows(snapshot);
        const names = await snapshot.query<{ name: string }>(
          'SELECT name FROM schema_migrations ORDER BY name',
        );
        return [
          counts,
          names.rows.map((m) => m.name),
          await openTotpSecrets(snapshot, opts.settings.serverSecret),
        ] as const;
      };
      [, [tables, migrations, totp]] = await Promise.all([
        pgDump(opts.tools, opts.url, taken.id, dumpFile, opts.signal),
        reading(),
      ]);
    } finally {
      clearInterval(progress);
    }
    await snapshot.query('COMMIT');
    const dumpBytes = (await stat(dumpFile)).size;
    await writeFile(path.join(work, CONFIG), `${JSON.stringify(opts.settings.config, null, 2)}\n`);
    await writeFile(path.join(work, TOTP), `${JSON.stringify(totp.carried)}\n`, { mode: 0o600 });
    const manifest: Manifest = {
      format: 2,
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
      adminTotp: { carried: totp.carried.length, unreadable: totp.unreadable },
    };
    manifest.finishedAt = new Date().toISOString();
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(path.join(work, SIGNATURE), await signatureFor(work, opts.settings.seal));
    const inner = path.join(work, 'backup.tar');
    await tar.c({ file: inner, cwd: work, portable: true }, [MANIFEST, DUMP, CONFIG, TOTP, SIGNATURE]);
    const partial = `${opts.file}.partial`;
    await rm(partial, { force: true });
    await encryptFile(inner, partial, opts.settings.seal.recipient);
    await rename(partial, opts.file);
    return { manifest, size: (await stat(opts.file)).size };
  } finally {
    await snapshot.end().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

/** The admins' TOTP secrets of the snapshot, opened with the server secret (those it opens). */
async function openTotpSecrets(client: pg.Client, serverSecret: string) {
  // a database of a release before two-factor (backed up before its upgrade) has none
  const { rows } = await client
    .query<{ user_id: number; secret_enc: string }>(
      'SELECT user_id::int AS user_id, secret_enc FROM admin_totp ORDER BY user_id',
    )
    .catch(() => ({ rows: [] }));
  const box = secretBox(serverSecret);
  const carried: CarriedTotp = [];
  for (const row of rows) {
    const secret = box.open(row.secret_enc, row.user_id);
    if (secret) carried.push({ userId: row.user_id, secret });
  }
  return { carried, unreadable: rows.length - carried.length };
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

/** The manifest of a backup file, opened with the operator's key file (BackupRefused when it does not open). */
export async function readManifest(file: string, keyFile: string): Promise<Manifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), '.backup-manifest-'));
  try {
    return (await openBackup(file, await readBackupKey(keyFile), dir)).manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
