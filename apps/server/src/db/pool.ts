import type { EventEmitter } from 'node:events';
import pg from 'pg';

export type Db = pg.Pool;
export type Tx = pg.PoolClient;
/** Anything that can run a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

// bigint columns (int8) arrive as JS bigint: money must never pass through a float. numeric stays a
// string (percentages); sums of money are cast back to bigint in SQL (`sum(amount)::bigint`).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));

export function createPool(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // A connection can drop at any moment (database restart, failover, pg_terminate_backend). pg
  // reports it as an 'error' event on the client, and the pool listens only while a client is idle:
  // a checked-out client (a transaction, a job's lock) without a listener of its own would turn the
  // event into an uncaught exception and end the process. The query in flight fails by itself (503
  // in the error handler) and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('database connection lost:', error.message));
  });
  // Idle clients: the listener above has already logged it; the pool drops the client.
  pool.on('error', () => {});
  pool.query = queryKeepingConnection(pool);
  return pool;
}

/**
 * `pool.query` that keeps its connection when the database refused the statement (a unique
 * violation, a value out of range): pg-pool's own drops the connection on any failure, and each
 * replacement costs PostgreSQL a new backend (fork and authentication), so a stream of refused
 * input, or of retried collisions, would churn connections. A connection that is gone (class 08),
 * ended by an operator (57) or in doubt (XX, 53) is still dropped.
 */
function queryKeepingConnection(pool: pg.Pool): pg.Pool['query'] {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(config, values);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const refused =
        error instanceof pg.DatabaseError && typeof code === 'string' && !/^(08|57|53|XX)/.test(code);
      if (!refused) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return query as pg.Pool['query'];
}

/**
 * The pool event that names members whose figures (GET /users/{id}) a committed write changed:
 * a set of user ids, or 'all'. The member view cache (users/view-cache.ts) forgets them on it.
 */
const MEMBERS_CHANGED = 'members-changed';
export type ChangedMembers = Set<number> | 'all';
const changedInTx = new WeakMap<object, ChangedMembers>();

/**
 * Records, after a write, that it changed these members' figures: announced at once when the write
 * was a statement of its own (q is the pool), or when the transaction it belongs to commits
 * (withTx), so no one is told of a change that may still roll back.
 */
export function membersChanged(q: Queryable, ids: Iterable<number | bigint | null> | 'all') {
  let changed: ChangedMembers = 'all';
  if (ids !== 'all') {
    changed = new Set<number>();
    for (const id of ids) if (id !== null) changed.add(Number(id));
    if (changed.size === 0) return;
  }
  if (q instanceof pg.Pool) {
    q.emit(MEMBERS_CHANGED, changed);
    return;
  }
  const before = changedInTx.get(q);
  if (before === 'all' || changed === 'all') changedInTx.set(q, 'all');
  else if (before) for (const id of changed) before.add(id);
  else changedInTx.set(q, changed);
}

/** Calls handler on every change announced on this pool; answers the function that stops it. */
export function onMembersChanged(db: Db, handler: (changed: ChangedMembers) => void) {
  const events = db as unknown as EventEmitter;
  events.on(MEMBERS_CHANGED, handler);
  return () => {
    events.off(MEMBERS_CHANGED, handler);
  };
}

export interface TxOptions {
  /**
   * Run the transaction's statements on the plans each connection made once (`plan_cache_mode =
   * force_generic_plan`), built without sequential scans where an index serves (`enable_seqscan =
   * off`), both for this transaction only. For the member money actions (purchase, transfer,
   * withdrawal request, ROI claim): their statements carry arrays of one or two elements (a payer, a
   * sponsor) or a member's key, and PostgreSQL's plan cache, judging a plan for the actual values
   * cheaper than its generic plan, planned most calls afresh: 44 % of a purchase's database time on
   * a 20,000-member tree, 1.3 ms of a claim's at 1M members. A generic plan is made once per
   * connection, from the statistics of that moment: without the second setting, a plan made while
   * a table was young (the earning-limit stripes) kept scanning it as it grew, until the table
   * was analysed. Every statement of these actions seeks by key. docs/decisions/platform.md,
   * generic plans; figures in docs/decisions/performance.md (seventh session).
   */
  genericPlans?: boolean;
}

// one round trip: the simple query protocol takes the three statements at once
const BEGIN_ON_GENERIC_PLANS =
  'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL enable_seqscan = off';

/** Runs fn in one transaction; commits on success, rolls back on any throw. */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    changedInTx.delete(client);
    await client.query(options.genericPlans ? BEGIN_ON_GENERIC_PLANS : 'BEGIN');
    const result = await fn(client);
    try {
      await client.query('COMMIT');
    } finally {
      // told even when COMMIT failed: a connection lost during it leaves the outcome unknown
      const changed = changedInTx.get(client);
      if (changed) db.emit(MEMBERS_CHANGED, changed);
    }
    return result;
  } catch (error) {
    // A client whose ROLLBACK failed (its connection is gone, or worse) must not go back to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    changedInTx.delete(client);
    client.release(broken);
  }
}

/**
 * A statement each connection prepares once and then only executes: the money paths run the same
 * few statements thousands of times, and planning them anew each time costs more than running them.
 */
export function prepared(name: string, text: string) {
  return (values: unknown[]) => ({ name, text, values });
}
