/**
 * Recurring jobs in the API process (`WORKER=on`), once per tick across every instance:
 * - each worker instance tries every tick of a job's interval (its timer fires mid-tick, so clocks a
 *   little apart still agree on which tick it is), and the instance that moves the job's row in
 *   `job_runs` to this tick runs it, the others skip: N instances do not mean N runs;
 * - each run holds a PostgreSQL advisory lock named after the job, so a run that outlasts its tick
 *   never overlaps the next one on another instance.
 * Jobs must be idempotent (ledger idempotency keys, job-owned cursors): a run can always be repeated.
 * `job_runs` also counts runs and failures, with the last error, instance and times. Tests call
 * `run(name)` directly with their moved clock instead of waiting for a tick.
 */
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/pool.js';
import { countJobRun } from '../metrics.js';
import * as repo from './repo.js';

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly db: Db,
    /** Names this process in `job_runs` and the log. */
    readonly instance = `${os.hostname()}:${process.pid}`,
  ) {}

  add(job: Job) {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    this.jobs.set(job.name, job);
  }

  names() {
    return [...this.jobs.keys()];
  }

  /** Runs a job now under its lock; answers false when another run holds it. */
  run(name: string): Promise<boolean> {
    return this.runLocked(name, false);
  }

  /** One tick of a job's interval: runs it unless another instance ran this tick (or runs it now). */
  tick(name: string): Promise<boolean> {
    return this.runLocked(name, true);
  }

  private async runLocked(name: string, onTick: boolean): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    if (this.running.has(name)) return false;
    this.running.add(name);
    // With the database away the run fails (the tick logs it), but the job must not stay marked as
    // running, or no later tick would ever run it again.
    const client = await this.db.connect().catch((error: unknown) => {
      this.running.delete(name);
      throw error;
    });
    try {
      // The lock belongs to a transaction left open for the run (its own statements write nothing,
      // so it holds back no vacuum): a transaction stays on one server connection behind PgBouncer
      // in transaction mode, where a session lock could be taken on one and released on another.
      await client.query('BEGIN');
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('job:' || $1)) AS ok`,
        [name],
      );
      if (!rows[0]!.ok) {
        this.log?.debug({ job: name, instance: this.instance }, 'job skipped: running elsewhere');
        return false;
      }
      const who = { name, everyMs: job.everyMs, instance: this.instance };
      const tick = onTick ? await repo.claimTick(this.db, who) : null;
      if (onTick && tick === null) {
        this.log?.debug({ job: name, instance: this.instance }, 'job skipped: this tick ran elsewhere');
        return false;
      }
      if (!onTick) await repo.startRun(this.db, who);
      const startedAt = performance.now();
      try {
        await job.run();
      } catch (error) {
        countJobRun(name, true);
        await repo.finishRun(this.db, name, error instanceof Error ? error.message : String(error));
        throw error;
      }
      countJobRun(name, false);
      await repo.finishRun(this.db, name, null);
      this.log?.debug(
        {
          job: name,
          tick: tick?.toString(),
          instance: this.instance,
          ms: Math.round(performance.now() - startedAt),
        },
        'job ran',
      );
      return true;
    } finally {
      // ends the transaction, which releases the lock
      await client.query('COMMIT').catch(() => {});
      client.release();
      this.running.delete(name);
    }
  }

  start(log: FastifyBaseLogger) {
    this.log = log;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** The next tick of `job`, in the middle of its interval on this machine's clock. */
  private schedule(job: Job) {
    const half = Math.floor(job.everyMs / 2);
    const delay = (((half - (Date.now() % job.everyMs)) % job.everyMs) + job.everyMs) % job.everyMs;
    const timer = setTimeout(() => {
      this.tick(job.name)
        .catch((error) => this.log?.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          if (this.timers.has(job.name)) this.schedule(job);
        });
    }, delay || job.everyMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  async stop() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
