/**
 * The process's own Prometheus instruments (prom-client), for code that has no app at hand: the
 * ledger's posting function and the job scheduler count here with one call each, and the pool's
 * wait for a client is timed here. GET /metrics (modules/operations/metrics) serves this registry together with
 * the app's HTTP figures and the counts it reads from the database at scrape time.
 * Counters are per process, as Prometheus scrapes processes: with several instances, sum them.
 */
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const processRegistry = new Registry();
// CPU, memory, event-loop delay, garbage collection and open handles of this Node process
collectDefaultMetrics({ register: processRegistry });

const ledgerTransfers = new Counter({
  name: 'earnhub_ledger_transfers_total',
  help: 'Ledger transfers written by the posting function, by kind and status (posted, or pending: a hold); a replayed posting writes none',
  labelNames: ['kind', 'status'] as const,
  registers: [processRegistry],
});

const jobRuns = new Counter({
  name: 'earnhub_job_runs_total',
  help: 'Finished runs of each recurring job on this instance, failed ones included',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

const jobFailures = new Counter({
  name: 'earnhub_job_failures_total',
  help: 'Runs of each recurring job on this instance that ended in an error',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

const poolAcquire = new Histogram({
  name: 'earnhub_db_pool_acquire_seconds',
  help: 'Time from asking the database pool for a client to having one (queued behind busy clients, or opening a connection)',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const memberViews = new Counter({
  name: 'earnhub_member_view_cache_total',
  help: "Members' figures (GET /users/{id}) answered from memory (hit) or read from the database (miss, also every read while the cache is off or not listening)",
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

const memberNotices = new Counter({
  name: 'earnhub_member_change_notices_total',
  help: 'NOTIFY member_changes sent to the other instances (sent), or lost to a database error (failed: they keep their answers until MEMBER_VIEW_CACHE_SECONDS ends them)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Called by the member view cache on each lookup. */
export function countMemberView(hit: boolean) {
  memberViews.inc({ result: hit ? 'hit' : 'miss' });
}

/** Called by the member view cache for each change notice it sends. */
export function countMemberNotice(sent: boolean) {
  memberNotices.inc({ result: sent ? 'sent' : 'failed' });
}

/** Called by the ledger's `post` with the transfers it has just written. */
export function countTransfers(written: readonly { kind: string; status: string }[]) {
  for (const t of written) ledgerTransfers.inc({ kind: t.kind, status: t.status });
}

/** Called by the scheduler once a job's run has finished; `failed` when it threw. */
export function countJobRun(job: string, failed: boolean) {
  jobRuns.inc({ job });
  if (failed) jobFailures.inc({ job });
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void;
const timedPools = new WeakSet<pg.Pool>();

/**
 * Times every `connect` of the pool, including the ones `pool.query` makes: pg-pool emits an event
 * when a client is handed out but none when the wait for it starts, so the method itself is wrapped.
 */
export function timePoolAcquire(pool: pg.Pool) {
  if (timedPools.has(pool)) return;
  timedPools.add(pool);
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const done = poolAcquire.startTimer();
    if (callback) {
      return connect((error, client, release) => {
        done();
        callback(error, client, release);
      });
    }
    return connect()!.finally(done);
  };
  pool.connect = timed as typeof pool.connect;
}
