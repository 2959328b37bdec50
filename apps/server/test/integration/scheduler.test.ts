/**
 * The scheduler with two instances on one database: each tick of a job runs on one of them only,
 * a run never overlaps another, and `job_runs` records what ran, where, and how it went.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { budget } from '../load-budget.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 86_400_000;

async function jobRow(job: string) {
  const { rows } = await t.db.query<{
    runs: bigint;
    failures: bigint;
    last_instance: string;
    last_error: string | null;
    last_tick: bigint;
  }>('SELECT runs, failures, last_instance, last_error, last_tick FROM job_runs WHERE job = $1', [job]);
  return rows[0];
}

/** Collects the scheduler's 'job ran' lines, as an operator would read them in the log. */
function logCollector() {
  const ran: Array<{ job: string; tick: string; instance: string }> = [];
  const log = {
    debug: (obj: { job: string; tick: string; instance: string }, msg: string) => {
      if (msg === 'job ran') ran.push(obj);
    },
    error: () => {},
    info: () => {},
    warn: () => {},
  } as unknown as FastifyBaseLogger;
  return { ran, log };
}

describe('scheduler across instances', () => {
  it('runs a tick on one instance only, however many try it', async () => {
    let runs = 0;
    const [a, b] = ['instance-a', 'instance-b'].map((name) => {
      const s = new Scheduler(t.db, name);
      s.add({
        name: 'daily-count',
        everyMs: DAY,
        run: async () => {
          runs += 1;
        },
      });
      return s;
    });
    const first = await Promise.all([a!.tick('daily-count'), b!.tick('daily-count')]);
    expect(first.filter(Boolean)).toHaveLength(1);
    // later tries within the same tick (a day long) are skipped on both
    expect(await b!.tick('daily-count')).toBe(false);
    expect(await a!.tick('daily-count')).toBe(false);
    expect(runs).toBe(1);
    const row = await jobRow('daily-count');
    expect(row).toMatchObject({ runs: 1n, failures: 0n, last_error: null });
    expect(row!.last_instance).toBe(first[0] ? 'instance-a' : 'instance-b');
    const { rows } = await t.db.query<{ tick: bigint }>(
      `SELECT floor(extract(epoch FROM clock_timestamp()) * 1000 / $1)::bigint AS tick`,
      [DAY],
    );
    expect(row!.last_tick).toBe(rows[0]!.tick);

    // running a job on purpose (a test, the salary service) always runs and is counted
    expect(await b!.run('daily-count')).toBe(true);
    expect(runs).toBe(2);
    expect(await jobRow('daily-count')).toMatchObject({ runs: 2n, last_instance: 'instance-b' });
  });

  it('never runs one job on two instances at once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const [a, b] = ['instance-a', 'instance-b'].map((name) => {
      const s = new Scheduler(t.db, name);
      s.add({
        name: 'slow',
        everyMs: DAY,
        run: async () => {
          started += 1;
          await gate;
        },
      });
      return s;
    });
    const first = a!.run('slow');
    while (started === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await b!.run('slow')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(started).toBe(1);
    expect(await b!.run('slow')).toBe(true);
  });

  it('records a failed run with its error, and clears it when a run succeeds', async () => {
    let fail = true;
    const s = new Scheduler(t.db, 'instance-a');
    s.add({
      name: 'flaky',
      everyMs: DAY,
      run: async () => {
        if (fail) throw new Error('provider unreachable');
      },
    });
    await expect(s.run('flaky')).rejects.toThrow('provider unreachable');
    expect(await jobRow('flaky')).toMatchObject({
      runs: 1n,
      failures: 1n,
      last_error: 'provider unreachable',
    });
    fail = false;
    expect(await s.run('flaky')).toBe(true);
    expect(await jobRow('flaky')).toMatchObject({ runs: 2n, failures: 1n, last_error: null });
  });

  it('started on two instances, each tick of the interval runs once', async () => {
    const { ran, log } = logCollector();
    let runs = 0;
    const schedulers = ['instance-a', 'instance-b'].map((name) => {
      const s = new Scheduler(t.db, name);
      s.add({
        name: 'fast',
        everyMs: 300,
        run: async () => {
          runs += 1;
        },
      });
      s.start(log);
      return s;
    });
    // generous: on a loaded machine a tick may be late or even missed, never doubled
    const until = Date.now() + budget(60_000);
    while (new Set(ran.map((r) => r.tick)).size < 6 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all(schedulers.map((s) => s.stop()));

    const ticks = ran.map((r) => r.tick);
    expect(new Set(ticks).size).toBeGreaterThanOrEqual(6);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(runs).toBe(ran.length);
    expect(Number((await jobRow('fast'))!.runs)).toBe(ran.length);
  }, 90_000);
});
