/**
 * Time budgets that follow how busy the machine is (issue 37.23: a test that starts servers hit the
 * 30 s limit at load 8-15 on two cores). A busy machine makes such tests slower, never red; what
 * they wait for stays a condition, never a fixed sleep. Read by vitest.config.ts as well.
 */
import os from 'node:os';

/**
 * How many times slower than on an idle machine things run now: the 1-minute load average per
 * core, from 1 (idle) up to 10.
 */
export function loadFactor(load = os.loadavg()[0] ?? 0, cores = os.availableParallelism()) {
  return Math.min(10, Math.max(1, load / Math.max(1, cores)));
}

/** A time budget of `ms` on an idle machine, stretched by the load right now (loadFactor). */
export function budget(ms: number, factor = loadFactor()) {
  return Math.round(ms * factor);
}
