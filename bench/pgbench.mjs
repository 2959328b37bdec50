// pgbench against a benchmark's embedded PostgreSQL (Debian's postgresql-client), for bench/ledger.mjs
// (pgbench -N, the reference) and bench/claim-floor.mjs (the same, and custom scripts on the
// product's schema). Each run says what it did per second, the rows it wrote per transaction
// (bench/row-writes.mjs) and how busy the cores were (bench/cpu-busy.mjs).
import { execFileSync } from 'node:child_process';
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { rowsWritten } from './row-writes.mjs';

const APP_NAME = 'bench-pgbench';

/** pgbench's command-line access to the embedded server on `port` (password `bench`). */
function access(port) {
  return {
    connect: ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
    env: { ...process.env, PGPASSWORD: 'bench', PGAPPNAME: APP_NAME },
  };
}

/** Creates the `pgbench` database with pgbench's own tables at scale 10. */
export function initPgbench(port) {
  const { connect, env } = access(port);
  execFileSync('psql', [...connect, '-d', 'app', '-c', 'CREATE DATABASE pgbench'], { env, stdio: 'ignore' });
  execFileSync('pgbench', [...connect, '-i', '-s', '10', '-q', 'pgbench'], { env, stdio: 'ignore' });
}

/**
 * One pgbench run of `args` (e.g. ['-N'], or ['-n', '-f', script]) on `database` at `clients` clients
 * for `seconds`. `stats` is a pool on the same database, through which the rows are counted. A client
 * that fails a transaction aborts the run: pgbench exits non-zero, and this throws.
 */
export async function runPgbench({ port, database, args, clients, seconds, stats }) {
  const { connect, env } = access(port);
  const rowsBefore = await rowsWritten(stats);
  const cpu = cpuTimes();
  const out = execFileSync(
    'pgbench',
    [
      ...connect,
      ...args,
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(seconds),
      database,
    ],
    { env, encoding: 'utf8' },
  );
  const cpuBusy = busySince(cpu);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)[1]);
  const rows = (await rowsWritten(stats, { closedApp: APP_NAME })) - rowsBefore;
  return {
    perSecond: Math.round(Number(/tps = ([\d.]+)/.exec(out)[1])),
    rowsWrittenEach: Number((rows / transactions).toFixed(1)),
    cpuBusy,
  };
}
