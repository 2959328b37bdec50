// Rows a database has written (inserted, updated or deleted; every table, index entries not counted),
// from pg_stat_database. A backend adds its counts there when it exits, or at the end of a statement
// when a second has passed since it last did (otherwise only after 10 s idle). So the benchmarks
// read the counter through the pool that did the work: `rowsWritten` waits that second, runs a
// statement on every connection of the pool, then reads. Used by bench/ledger.mjs,
// bench/tree-claims.ts and bench/pgbench.mjs to say how much a purchase, a claim or a pgbench
// transaction writes on the same database server.

/** Makes every connection of `pool` report its counts (a statement each, a second after their last). */
export async function reportCounts(pool) {
  await new Promise((r) => setTimeout(r, 1100));
  const clients = await Promise.all(
    Array.from({ length: Math.max(pool.totalCount, 1) }, () => pool.connect()),
  );
  try {
    await Promise.all(clients.map((c) => c.query('SELECT 1')));
  } finally {
    for (const c of clients) c.release();
  }
}

/**
 * The database's row-write counter, once `pool`'s connections reported, and those of a program
 * that has just closed its own (`closedApp`, its application_name: pgbench) are gone.
 */
export async function rowsWritten(pool, { closedApp = null } = {}) {
  for (let i = 0; closedApp && i < 100; i++) {
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [closedApp],
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await reportCounts(pool);
  const { rows } = await pool.query(
    `SELECT (tup_inserted + tup_updated + tup_deleted)::bigint AS n FROM pg_stat_database
      WHERE datname = current_database()`,
  );
  return Number(rows[0].n);
}
