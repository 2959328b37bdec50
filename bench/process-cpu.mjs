// CPU time (user + system) used by a benchmark's own Node process and by every process of its
// embedded PostgreSQL server (Linux /proc), so a phase can say what one operation cost the server and
// the database together, not only how busy the machine was (bench/cpu-busy.mjs).
//
// Method, for PostgreSQL: the postmaster's pid is the first line of postmaster.pid in the server's
// data directory (SHOW data_directory; a superuser may read it), else the parent of a backend. A
// reading sums, in /proc/<pid>/stat, utime + stime of the postmaster and of every process whose ppid
// is the postmaster (backends, checkpointer, background writer, WAL writer, autovacuum launcher and
// workers, ...), plus cutime + cstime of each: the CPU of children that exited and were reaped. The
// postmaster reaps every child it forks, so a backend or autovacuum worker that exits during a phase
// still counts (its time moves from its own line into the postmaster's cutime/cstime). A child
// reaped between reading the postmaster and reading /proc may be missed in that one reading: rare
// and small next to a phase. Resolution is the clock tick (getconf CLK_TCK, 10 ms at 100 Hz), so a
// phase should be seconds long. The Node figure is process.cpuUsage() (all of this process's threads).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/** ppid, own CPU ticks and reaped children's CPU ticks of `pid`, or null when it is gone. */
function stat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) may hold spaces and parentheses: fields are counted after its ')'
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
}

/** The postmaster pid of the server `pool` is connected to (see the method above). */
export async function postmasterPid(pool) {
  try {
    const { rows } = await pool.query('SHOW data_directory');
    const pid = Number(
      readFileSync(path.join(rows[0].data_directory, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (stat(pid)) return pid;
  } catch {
    // not a superuser, or the file is out of reach: the backend's parent is the postmaster
  }
  const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
  return stat(rows[0].pid)?.ppid ?? null;
}

/** CPU ms used so far by the postmaster `pid` and all its processes, live and reaped; null off Linux. */
export function pgCpuMs(pid) {
  const postmaster = pid ? stat(pid) : null;
  if (!postmaster) return null;
  let ticks = postmaster.own + postmaster.reaped;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(entry);
    if (child?.ppid === pid) ticks += child.own + child.reaped;
  }
  return ticks * TICK_MS;
}

/** CPU ms used so far by this Node process. */
export function nodeCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Starts measuring this process and the PostgreSQL of postmaster `pid`; the answer, called at the
 * end of a phase, tells the CPU ms of each since (`pgMs` null when the server's processes cannot be read).
 */
export function cpuMeter(pid) {
  const node0 = nodeCpuMs();
  const pg0 = pgCpuMs(pid);
  return () => {
    const pg1 = pgCpuMs(pid);
    return { nodeMs: nodeCpuMs() - node0, pgMs: pg0 === null || pg1 === null ? null : pg1 - pg0 };
  };
}
