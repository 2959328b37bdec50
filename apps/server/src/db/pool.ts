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
  // An idle client losing its connection (database restart) must not crash the process; the pool
  // drops it and opens a new one on the next query.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  return pool;
}

/** Runs fn in one transaction; commits on success, rolls back on any throw. */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A statement each connection prepares once and then only executes: the money paths run the same
 * few statements thousands of times, and planning them anew each time costs more than running them.
 */
export function prepared(name: string, text: string) {
  return (values: unknown[]) => ({ name, text, values });
}
