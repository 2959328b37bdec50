// How busy the machine's cores were between two readings of /proc/stat (Linux): the share of all
// cores' time spent neither idle nor waiting for the disk, 0 to 1. The benchmarks record it per phase,
// so a figure says whether the machine had CPU left (one client of a ping-pong between Node and
// PostgreSQL keeps about one core busy; eight saturate two). Null where /proc/stat does not exist.
import { readFileSync } from 'node:fs';

/** The machine's CPU time counters now (in clock ticks), or null off Linux. */
export function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    return { busy: total - idle - iowait, total };
  } catch {
    return null;
  }
}

/** The busy share of the cores between `before` (from cpuTimes) and now, to two decimals. */
export function busySince(before) {
  const now = cpuTimes();
  if (!before || !now || now.total === before.total) return null;
  return Number(((now.busy - before.busy) / (now.total - before.total)).toFixed(2));
}
