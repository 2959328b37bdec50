// Rows a database has written (inserted, updated or deleted; every table, index entries not counted),
// from pg_stat_database. A backend adds its counts there when it exits, or at the end of a statement
// when a second has passed since it last did (otherwise only after 10 s idle). So the benchmarks
// read the counter through the pool that did the work: `rowsWritten` waits that second, runs a
// statement on every connection of the pool, then reads. Used by bench/ledger.mjs,
// bench/tree-claims.ts and bench/pgbench.mjs to say how much a purchase, a claim or a pgbench
// transaction writes on the same database server; `tableWrites` and `rowsByTable` split the same
// counts by table (pg_stat_user_tables).

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

/**
 * Rows written per table so far (pg_stat_user_tables: n_tup_ins, n_tup_upd, n_tup_del; updates
 * include HOT updates), once `pool`'s connections reported (as rowsWritten). `report: false` reads
 * at once, when a reportCounts or rowsWritten has just run on `pool` and nothing has run since.
 */
export async function tableWrites(pool, { report = true } = {}) {
  if (report) await reportCounts(pool);
  const { rows } = await pool.query(
    `SELECT relname AS t, n_tup_ins::bigint AS i, n_tup_upd::bigint AS u, n_tup_del::bigint AS d
       FROM pg_stat_user_tables`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, { i: Number(r.i), u: Number(r.u), d: Number(r.d) }]));
}

/**
 * `rowsByTable`: the tables written between two tableWrites readings, each with its inserts, updates
 * and deletes divided by `count` (per purchase, per claim) to two decimals, most written first.
 */
export function rowsByTable(before, after, count) {
  const per = (n) => Number((n / count).toFixed(2));
  const out = [];
  for (const [table, a] of Object.entries(after)) {
    const b = before[table] ?? { i: 0, u: 0, d: 0 };
    const [i, u, d] = [a.i - b.i, a.u - b.u, a.d - b.d];
    if (count > 0 && i + u + d > 0)
      out.push([table, i + u + d, { inserts: per(i), updates: per(u), deletes: per(d) }]);
  }
  out.sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  return Object.fromEntries(out.map(([table, , each]) => [table, each]));
}
