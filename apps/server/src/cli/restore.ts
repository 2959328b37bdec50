/**
 * `npm run restore -- FILE [--key KEYFILE] [--force]`: a backup into an empty database
 * (DATABASE_URL) or an empty data folder (DATA_DIR, the embedded database), opened with the
 * operator's backup key (--key; without it, the backup-key-….txt files DATA_DIR still holds). A
 * database that holds anything is refused unless --force, and so are a backup of a newer release
 * and a file that is not this platform's own, unaltered. The server must be stopped; start it after.
 */
import path from 'node:path';
import { formatBytes } from '@app/contracts/backups';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { embeddedOwner } from '../db/embedded.js';
import { keyFilesIn } from '../modules/operations/backups/keys.js';
import { RestoreRefused, restoreBackup } from '../modules/operations/backups/restore.js';
import { VERSION } from '../version.js';

const args = process.argv.slice(2);
const keyAt = args.indexOf('--key');
const keyArg = keyAt >= 0 ? args[keyAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith('-') && (keyAt < 0 || i !== keyAt + 1));
const force = args.includes('--force');
if (!file || (keyAt >= 0 && !keyArg)) {
  console.error(
    'Usage: npm run restore -- FILE [--key KEYFILE] [--force]   (FILE: an earnhub-….tar.age written by npm run backup; ' +
      'KEYFILE: the backup-key-….txt written with the first backup; without it, those DATA_DIR holds)',
  );
  process.exit(2);
}
const config = loadConfig();
const keyFiles = keyArg ? [path.resolve(keyArg)] : await keyFilesIn(config.DATA_DIR);
const target = config.DATABASE_URL
  ? 'the database of DATABASE_URL'
  : `the data folder ${path.resolve(config.DATA_DIR)}`;
if (!config.DATABASE_URL) {
  const owner = await embeddedOwner(config.DATA_DIR);
  if (owner !== null) {
    console.error(`Restore refused: a server (pid ${owner}) runs on ${target}: stop it first`);
    process.exit(1);
  }
}
const database = await connectDatabase(config, () => {}).catch((error: unknown) => {
  console.error(`Restore failed: could not start or reach ${target} (${String(error)})`);
  process.exit(2);
});
let ok = false;
try {
  // the pool (never used here) only started the embedded database: the restore has its own connections
  const report = await restoreBackup({
    file: path.resolve(file),
    url: database.url,
    release: VERSION,
    force,
    keyFiles,
    serverSecret: config.JWT_SECRET
      ? { environment: config.JWT_SECRET }
      : { dataDir: path.resolve(config.DATA_DIR) },
    pgBinDir: config.PG_BIN_DIR,
    workRoot: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR),
  });
  const m = report.manifest;
  console.log(`Restored ${file} into ${target}`);
  console.log(
    `  release ${m.version}, snapshot at ${m.snapshotAt}: ${report.tables} tables, ${report.rows} rows (each table's count matches the backup), ` +
      `a ${formatBytes(m.database.bytes)} database, in ${Math.round(report.seconds * 1000)} ms`,
  );
  if (report.serverSecret === 'rotated')
    console.log(
      '  a new server secret (DATA_DIR/jwt-secret): every session and sign-in link of before the restore has ended; members and admins sign in again',
    );
  else
    console.log(
      "  JWT_SECRET comes from the environment and stays: every session of the backup was ended; the admins' two-factor secrets are sealed under it",
    );
  console.log(
    `  admins' two-factor: ${report.totp.resealed} authenticator(s) keep working` +
      (report.totp.unreadable
        ? `; ${report.totp.unreadable} could not be carried (sealed under an older secret): reset them with npm run admin:reset-2fa`
        : ''),
  );
  console.log(
    '  next: start the server (this release migrates the restored database if it is older), then npm run reconcile',
  );
  ok = true;
} catch (error) {
  const refused = error instanceof RestoreRefused;
  console.error(
    `Restore ${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (!refused)
    console.error(
      '  nothing of it was kept: the restore runs in one transaction, and the database and its server secret are as they were',
    );
} finally {
  await database.close().catch(() => {});
}
process.exit(ok ? 0 : 1);
