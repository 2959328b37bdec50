/**
 * `npm run backup [-- FILE]`: one backup of the whole platform into BACKUP_DIR (or FILE), beside a
 * running server or with it stopped (the embedded database is then started for the backup and
 * stopped after). Recorded like the scheduled ones, so the dashboard shows it. Exits 1 on failure.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '@app/contracts/backups';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { readManifest, writeBackup } from '../modules/operations/backups/archive.js';
import * as repo from '../modules/operations/backups/repo.js';
import {
  backupDir,
  backupFileName,
  backupSettings,
  runBackup,
  toolsFor,
} from '../modules/operations/backups/service.js';
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
  const { rows } = await db.query<{ recorded: boolean }>(
    "SELECT to_regclass('public.backups') IS NOT NULL AS recorded",
  );
  let file: string;
  if (rows[0]!.recorded) {
    const id = await repo.begin(db, { trigger: 'command', scheduledFor: null, startedBy: null, instance });
    if (id === null) throw new Error('another backup is running: wait for it, or cancel it on the dashboard');
    ({ file } = await runBackup({ db, url, config, instance }, id, 'command', { file: out }));
  } else {
    // a database of a release before backups were recorded (backed up before its upgrade)
    await mkdir(backupDir(config), { recursive: true, mode: 0o700 });
    file = path.resolve(out ?? path.join(backupDir(config), backupFileName('command', new Date())));
    const tools = await toolsFor(db, config.PG_BIN_DIR);
    await writeBackup({
      url,
      tools,
      file,
      version: VERSION,
      backupId: null,
      settings: backupSettings(config),
    });
  }
  const manifest = (await readManifest(file))!;
  const tables = Object.values(manifest.tables);
  console.log(`Backup written: ${file}`);
  console.log(
    `  release ${manifest.version}, snapshot at ${manifest.snapshotAt}: ${tables.length} tables, ${tables.reduce((a, b) => a + b, 0)} rows; ` +
      `dump ${formatBytes(manifest.database.dumpBytes)} of a ${formatBytes(manifest.database.bytes)} database, in ${Math.round(performance.now() - started)} ms`,
  );
  if (manifest.jwtSecret === 'environment')
    console.log(
      '  JWT_SECRET is set in the environment: keep it with this backup (two-factor secrets need it)',
    );
  console.log(`  restore with: npm run restore -- ${file}`);
  ok = true;
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
