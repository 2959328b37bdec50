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
  return pool;
}

/** Runs fn in one transaction; commits on success, rolls back on any throw. */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A client whose ROLLBACK failed (its connection is gone, or worse) must not go back to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
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
