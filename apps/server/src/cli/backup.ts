/**
 * `npm run backup [-- FILE]`: one backup of the whole platform into BACKUP_DIR (or FILE), beside a
 * running server or with it stopped (the embedded database is then started for the backup and
 * stopped after). Recorded like the scheduled ones, so the dashboard shows it. The first backup
 * makes the backup key (DATA_DIR/backup-key-….txt) for the operator to move off the machine.
 * Exits 1 on failure.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '@app/contracts/backups';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { writeBackup } from '../modules/operations/backups/archive.js';
import { keyFilesIn } from '../modules/operations/backups/keys.js';
import type { Manifest } from '../modules/operations/backups/payload.js';
import * as repo from '../modules/operations/backups/repo.js';
import {
  backupDir,
  backupFileName,
  backupSettings,
  runBackup,
  toolsFor,
} from '../modules/operations/backups/service.js';
import { loadJwtSecret } from '../secrets.js';
import { VERSION } from '../version.js';

const config = loadConfig();
const out = process.argv.slice(2).find((a) => !a.startsWith('-'));
const database = await connectDatabase(config, () => {}).catch((error: unknown) => {
  console.error(`Backup failed: could not start or reach the database (${String(error)})`);
  process.exit(2);
});
const started = performance.now();
let ok = false;
try {
  const { db, url } = database;
  const instance = `npm run backup (pid ${process.pid})`;
  // the server's secret (made as its first start would, if it never ran): it opens the admins' TOTP
  // secrets and the backup seal's signing key, and is never written into the backup
  const serverSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const { rows } = await db.query<{ recorded: boolean }>(
    "SELECT to_regclass('public.backups') IS NOT NULL AS recorded",
  );
  let done: { file: string; manifest: Manifest; keyCreated: string | null };
  if (rows[0]!.recorded) {
    const id = await repo.begin(db, { trigger: 'command', scheduledFor: null, startedBy: null, instance });
    if (id === null) throw new Error('another backup is running: wait for it, or cancel it on the dashboard');
    done = await runBackup({ db, url, config, instance, serverSecret }, id, 'command', { file: out });
  } else {
    // a database of a release before backups were recorded (backed up before its upgrade)
    await mkdir(backupDir(config), { recursive: true, mode: 0o700 });
    const file = path.resolve(out ?? path.join(backupDir(config), backupFileName('command', new Date())));
    const tools = await toolsFor(db, config.PG_BIN_DIR);
    const { settings, keyCreated } = await backupSettings(db, config, serverSecret);
    const written = await writeBackup({ url, tools, file, version: VERSION, backupId: null, settings });
    done = { file, manifest: written.manifest, keyCreated };
  }
  const { file, manifest } = done;
  const tables = Object.values(manifest.tables);
  console.log(`Backup written: ${file}`);
  console.log(
    `  release ${manifest.version}, snapshot at ${manifest.snapshotAt}: ${tables.length} tables, ${tables.reduce((a, b) => a + b, 0)} rows; ` +
      `dump ${formatBytes(manifest.database.dumpBytes)} of a ${formatBytes(manifest.database.bytes)} database, in ${Math.round(performance.now() - started)} ms`,
  );
  console.log(
    "  encrypted to this platform's backup key and signed: the file alone opens nothing, and holds no server secret",
  );
  if (manifest.adminTotp.unreadable)
    console.log(
      `  ${manifest.adminTotp.unreadable} admin two-factor secret(s) could not be opened with this server's secret: after a restore, those admins need npm run admin:reset-2fa`,
    );
  if (done.keyCreated)
    console.log(
      `  NEW backup key: ${done.keyCreated}. Restoring this backup and the next ones needs it. Move it OFF this server now (a password manager, a safe) and delete it here`,
    );
  for (const left of await keyFilesIn(config.DATA_DIR))
    if (left !== done.keyCreated)
      console.log(`  a backup key is still on this server (${left}): move it off it and delete it here`);
  console.log(`  restore with: npm run restore -- ${file} --key <your copy of the backup key>`);
  ok = true;
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
