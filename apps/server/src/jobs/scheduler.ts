/**
 * Recurring jobs in the API process (`WORKER=on`), one run at a time across every instance: each run
 * holds a PostgreSQL advisory lock named after the job, and an instance that cannot take it skips the
 * tick. Jobs must be idempotent (ledger idempotency keys, job-owned cursors): a run can always be
 * repeated. Tests call `run(name)` directly with their moved clock instead of waiting for a tick.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/pool.js';

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Set<string>();
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly db: Db) {}

  add(job: Job) {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    this.jobs.set(job.name, job);
  }

  names() {
    return [...this.jobs.keys()];
  }

  /** Runs a job now under its lock; answers false when another run holds it. */
  async run(name: string): Promise<boolean> {
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
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('job:' || $1)) AS ok`,
        [name],
      );
      if (!rows[0]!.ok) return false;
      try {
        await job.run();
        return true;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('job:' || $1))`, [name]);
      }
    } finally {
      client.release();
      this.running.delete(name);
    }
  }

  start(log: FastifyBaseLogger) {
    for (const job of this.jobs.values()) {
      const timer = setInterval(() => {
        this.run(job.name).catch((error) => log.error({ err: error, job: job.name }, 'job failed'));
      }, job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
