// Backup and restore benchmark (`npm run bench:backup`; TREE_SIZE=20000 for a quick run, default
// 100,000). On its own embedded PostgreSQL (port 54481) it makes two platforms: the demo (the
// product's own seed, `npm run seed:demo`) and a referral tree of TREE_SIZE members
// (bench/tree-build.ts: users with their paths, tree events, a third with a plan, rolled up). For
// each it runs the built `npm run backup` (apps/server/dist/cli/backup.js, as an operator does,
// process start included; the file encrypted and signed) and then `npm run restore` of that file
// into a fresh data folder (a new embedded PostgreSQL on port 54482: decrypt and check the
// signature, initdb, restore in one transaction with every table's count checked before the
// COMMIT, the server secret rotated), and reports the database's size, the dump's and the file's, the rows, and the seconds
// of each, with the load average when each phase started.
// Writes bench/results/backup.json.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPool } from '../apps/server/src/db/pool.js';
import { rollUpTeams } from '../apps/server/src/modules/compensation/referral/rollup.js';
import { readManifest } from '../apps/server/src/modules/operations/backups/archive.js';
import { keyFilesIn } from '../apps/server/src/modules/operations/backups/keys.js';
import { buildTree, round } from './tree-build.js';

const run = promisify(execFile);
const SIZE = Number(process.env.TREE_SIZE ?? 100_000);
const PG_PORT = 54481;
const RESTORE_PG_PORT = 54482;
const cli = (name: string) => path.resolve(import.meta.dirname, `../apps/server/dist/cli/${name}.js`);

const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
const pg = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'source'),
  port: PG_PORT,
  password: 'bench',
  database: 'app',
});
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  treeSize: SIZE,
  loadAverage: {} as Record<string, number>,
};
const phase = (name: string) => {
  (results.loadAverage as Record<string, number>)[name] = round(os.loadavg()[0]!);
};

/** `npm run backup` then `npm run restore` of its file into a fresh data folder, timed. */
async function backupAndRestore(name: string, databaseUrl: string) {
  phase(`${name}Backup`);
  // the backing-up side's DATA_DIR: its first backup writes the operator's key file there
  const sourceData = path.join(dir, `source-${name}`);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BACKUP_DIR: path.join(dir, 'backups'),
    DATA_DIR: sourceData,
    JWT_SECRET: 'b'.repeat(48),
  };
  let t0 = performance.now();
  const backup = await run(process.execPath, [cli('backup')], { env });
  const backupSeconds = (performance.now() - t0) / 1000;
  const file = /Backup written: (.+)/.exec(backup.stdout)![1]!.trim();
  // the first backup made the operator's key in DATA_DIR (the default, as an operator's first run)
  const [keyFile] = await keyFilesIn(sourceData);
  if (!keyFile) throw new Error(`no backup key in ${sourceData}: ${backup.stdout}`);
  const manifest = await readManifest(file, keyFile);

  phase(`${name}Restore`);
  const dataDir = path.join(dir, `restored-${name}`);
  const restoreEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(RESTORE_PG_PORT),
  };
  delete restoreEnv.DATABASE_URL;
  t0 = performance.now();
  const restore = await run(process.execPath, [cli('restore'), file, '--key', keyFile], { env: restoreEnv });
  const restoreSeconds = (performance.now() - t0) / 1000;
  if (!/each table's count matches the backup/.test(restore.stdout))
    throw new Error(`restore: ${restore.stdout}`);
  rmSync(dataDir, { recursive: true, force: true });
  const figures = {
    databaseBytes: manifest.database.bytes,
    dumpBytes: manifest.database.dumpBytes,
    fileBytes: statSync(file).size,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
    users: manifest.tables.users,
    backupSeconds: round(backupSeconds),
    restoreSeconds: round(restoreSeconds),
    pgDump: manifest.database.pgDump,
  };
  log(name, figures);
  return figures;
}

try {
  const admin = createPool(pg.url, 2);
  await admin.query('CREATE DATABASE demo');
  await admin.end();
  const demoUrl = pg.url.replace(/\/app$/, '/demo');
  await run(process.execPath, [cli('seed-demo')], { env: { ...process.env, DATABASE_URL: demoUrl } });
  results.demo = await backupAndRestore('demo', demoUrl);

  let db = createPool(pg.url, 8);
  await migrate(db);
  phase('build');
  log(`building a tree of ${SIZE.toLocaleString()} members`);
  results.build = await buildTree(db, SIZE);
  await db.query(`ALTER DATABASE app SET work_mem = '64MB'`);
  await db.end();
  db = createPool(pg.url, 8);
  await rollUpTeams(db, { batch: 100_000, timeoutMs: 60_000 });
  await db.query('VACUUM ANALYZE');
  await db.end();
  results.tree = await backupAndRestore('tree', pg.url);
  phase('end');
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

writeFileSync(
  path.resolve(import.meta.dirname, 'results/backup.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
log('written bench/results/backup.json');
console.log(JSON.stringify(results, null, 2));
