/**
 * `npm run restore -- FILE [--force]`: a backup into an empty database (DATABASE_URL) or an empty
 * data folder (DATA_DIR, the embedded database). A database that holds anything is refused unless
 * --force, and so is a backup of a newer release. The server must be stopped; start it after.
 */
import path from 'node:path';
import { formatBytes } from '@app/contracts/backups';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { embeddedOwner } from '../db/embedded.js';
import { RestoreRefused, restoreBackup } from '../modules/operations/backups/restore.js';
import { VERSION } from '../version.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('-'));
const force = args.includes('--force');
if (!file) {
  console.error(
    'Usage: npm run restore -- FILE [--force]   (FILE: an earnhub-….tar written by npm run backup)',
  );
  process.exit(2);
}
const config = loadConfig();
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
    jwtSecretFile: config.JWT_SECRET ? null : path.resolve(config.DATA_DIR, 'jwt-secret'),
    pgBinDir: config.PG_BIN_DIR,
    workRoot: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR),
  });
  const m = report.manifest;
  console.log(`Restored ${file} into ${target}`);
  console.log(
    `  release ${m.version}, snapshot at ${m.snapshotAt}: ${report.tables} tables, ${report.rows} rows (each table's count matches the backup), ` +
      `a ${formatBytes(m.database.bytes)} database, in ${Math.round(report.seconds * 1000)} ms`,
  );
  if (report.jwtSecret === 'restored')
    console.log('  DATA_DIR/jwt-secret restored (the previous one, if any, is jwt-secret.before-restore)');
  if (report.jwtSecret === 'environment' || m.jwtSecret === 'environment')
    console.log(
      '  JWT_SECRET comes from the environment: it must be the one of the backed-up platform, or two-factor must be reset',
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
  if (!refused) console.error('  nothing of it was kept: the restore runs in one transaction');
} finally {
  await database.close().catch(() => {});
}
process.exit(ok ? 0 : 1);
