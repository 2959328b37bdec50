/** SQL of `job_runs`: which tick of each recurring job ran, and how runs went (jobs/scheduler.ts). */
import type { Queryable } from '../db/pool.js';

/**
 * Claims the current tick of a job for this instance: answers the tick number when no instance
 * has run this tick yet, null otherwise. The tick is read on the database's clock, shared by all
 * instances; a changed interval starts counting anew.
 */
export async function claimTick(
  q: Queryable,
  job: { name: string; everyMs: number; instance: string },
): Promise<bigint | null> {
  const { rows } = await q.query<{ last_tick: bigint }>(
    `INSERT INTO job_runs AS j (job, every_ms, last_tick, last_instance, last_started_at)
     VALUES ($1, $2::int, floor(extract(epoch FROM clock_timestamp()) * 1000 / $2::int)::bigint, $3, clock_timestamp())
     ON CONFLICT (job) DO UPDATE
        SET every_ms = EXCLUDED.every_ms, last_tick = EXCLUDED.last_tick,
            last_instance = EXCLUDED.last_instance, last_started_at = EXCLUDED.last_started_at
      WHERE j.last_tick < EXCLUDED.last_tick OR j.every_ms <> EXCLUDED.every_ms
     RETURNING last_tick`,
    [job.name, job.everyMs, job.instance],
  );
  return rows[0]?.last_tick ?? null;
}

/** A run outside the ticks (a test, or a service running a job now): recorded, no tick claimed. */
export async function startRun(q: Queryable, job: { name: string; everyMs: number; instance: string }) {
  await q.query(
    `INSERT INTO job_runs AS j (job, every_ms, last_tick, last_instance, last_started_at)
     VALUES ($1, $2, -1, $3, clock_timestamp())
     ON CONFLICT (job) DO UPDATE
        SET last_instance = EXCLUDED.last_instance, last_started_at = EXCLUDED.last_started_at`,
    [job.name, job.everyMs, job.instance],
  );
}

/** Counts a finished run; `error` is null when it succeeded. */
export async function finishRun(q: Queryable, name: string, error: string | null) {
  await q.query(
    `UPDATE job_runs
        SET runs = runs + 1, failures = failures + ($2::text IS NOT NULL)::int,
            last_finished_at = clock_timestamp(), last_error = $2
      WHERE job = $1`,
    [name, error],
  );
}
