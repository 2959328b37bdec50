// The floor under an ROI claim on this machine: what PostgreSQL alone does when it is asked only for
// the rows a claim cannot do without, with no application in front of it. pgbench runs two custom
// transactions at 8 clients on the product's own schema (every index, foreign key and trigger of
// `transfers`, `ledger_deltas` and `incomes`), 20,000 members with an earnings wallet each:
// - `transfers`: one statement writing the 11 transfers of a claim (the ROI and 10 levels, each to
//   another member) and their 12 balance deltas (11 credits, the platform's debit);
// - `withIncomes`: the same and the 11 income rows that say why each was paid.
// A real claim also reads and writes the earning limit, the income totals, the claim and its watch
// session, and runs the product's code; so claims per second (`bench:tree`) can only be below these.
// pgbench -N at 8 clients runs in the same rounds as the reference of the host's speed.
// The three alternate in two rounds of BENCH_SECONDS each, so a change in what else the host runs
// falls on all alike; each records the load average as it starts, the rows written per transaction
// (bench/row-writes.mjs) and how busy the cores were (`cpuBusy`, bench/cpu-busy.mjs): near 1, the
// database alone fills the machine. Run with `npm run bench:floor`; writes
// bench/results/claim-floor.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');
const { startEmbeddedPostgres } = await import(`${dist}/db/embedded.js`);
const { migrate } = await import(`${dist}/db/migrate.js`);
const { createPool } = await import(`${dist}/db/pool.js`);
const { initPgbench, runPgbench } = await import('./pgbench.mjs');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;
const MEMBERS = 20_000;
const ROUNDS = 2;
const port = 54397;
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, port, password: 'bench', database: 'app' });
const db = createPool(pg.url, 2);
await migrate(db);

// members 2..N under member 1, each with an earnings wallet; the platform account that pays incomes
await db.query(
  `INSERT INTO users (username, email, password_hash, fullname, phone, role, refferal_code, path,
                      created_at, updated_at)
   VALUES ('floor1', 'floor1@bench.local', 'x', 'Floor 1', '5550000', 'user', 'FLOOR1', '1', now(), now())`,
);
await db.query(
  `INSERT INTO users (username, email, password_hash, fullname, phone, role, refferal_code, path,
                      sponsor_id, created_at, updated_at)
   SELECT 'floor' || g, 'floor' || g || '@bench.local', 'x', 'Floor ' || g, '5550000', 'user',
          'FLOOR' || g, ('1.' || g)::ltree, 1, now(), now()
     FROM generate_series(2, $1::int) g`,
  [MEMBERS],
);
await db.query(
  `INSERT INTO ledger_accounts (owner_user_id, kind) SELECT id, 'earnings' FROM users ORDER BY id`,
);
await db.query(
  `INSERT INTO ledger_accounts (owner_user_id, kind) VALUES (NULL, 'platform:incentives') ON CONFLICT DO NOTHING`,
);
const payer = (await db.query(`SELECT id FROM ledger_accounts WHERE kind = 'platform:incentives'`)).rows[0]
  .id;
const wallets = (
  await db.query(
    `SELECT min(id)::bigint AS lo, max(id)::bigint AS hi, count(*)::int AS n
       FROM ledger_accounts WHERE kind = 'earnings'`,
  )
).rows[0];
if (Number(wallets.hi) - Number(wallets.lo) + 1 !== wallets.n)
  throw new Error('wallet ids are not contiguous');
await db.query('ANALYZE');

// :m is the claimant's wallet; the 11 credits go to it and the 10 wallets after it (its "uplines")
const transfersCte = `
  t AS (
    INSERT INTO transfers (idempotency_key, posting_key, request_hash, kind, debit_account,
                           credit_account, amount, status, ref_type, ref_id, meta)
    SELECT k || '#' || g, k, 'h', CASE WHEN g = 0 THEN 'roi_income' ELSE 'level_income' END, ${payer},
           :m + g, 1000000, 'posted', 'roi_claim', k, '{}'
      FROM generate_series(0, 10) g, (SELECT md5(random()::text || clock_timestamp()::text) AS k) key
    RETURNING id, kind, credit_account, amount, ref_id
  ), d AS (
    INSERT INTO ledger_deltas (account_id, amount)
    SELECT credit_account, amount FROM t UNION ALL SELECT ${payer}, -11000000
  )`;
const scripts = {
  transfers: `\\set m random(${wallets.lo}, ${Number(wallets.hi) - 10})
WITH ${transfersCte}
SELECT count(*) FROM t;
`,
  withIncomes: `\\set m random(${wallets.lo}, ${Number(wallets.hi) - 10})
WITH ${transfersCte}
INSERT INTO incomes (user_id, kind, amount, paid, cut, source_user_id, level, base_amount, percent,
                     ref_type, ref_id, transfer_id, created_at)
SELECT a.owner_user_id, t.kind, t.amount, t.amount, 0, (SELECT owner_user_id FROM ledger_accounts WHERE id = :m),
       t.credit_account - :m, 100000000, 1, 'roi_claim', t.ref_id, t.id, now()
  FROM t JOIN ledger_accounts a ON a.id = t.credit_account;
`,
};
for (const [name, sql] of Object.entries(scripts)) writeFileSync(path.join(dir, `${name}.sql`), sql);

initPgbench(port);
const statsOf = { app: db, pgbench: createPool(pg.url.replace(/\/app$/, '/pgbench'), 1) };
/** One run at CLIENTS clients; `-n`: the app database has no pgbench tables to vacuum first. */
const pgbench = (database, args) =>
  runPgbench({
    port,
    database,
    args: ['-n', ...args],
    clients: CLIENTS,
    seconds: SECONDS,
    stats: statsOf[database],
  });

const runs = {
  transfers: () => pgbench('app', ['-f', path.join(dir, 'transfers.sql')]),
  withIncomes: () => pgbench('app', ['-f', path.join(dir, 'withIncomes.sql')]),
  pgbenchN: () => pgbench('pgbench', ['-N']),
};
const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, node ${process.version}`,
  seconds: SECONDS,
  clients: CLIENTS,
  members: MEMBERS,
  loadAverage: {},
  rounds: [],
};
for (let i = 1; i <= ROUNDS; i++) {
  const round = {};
  for (const [name, run] of Object.entries(runs)) {
    results.loadAverage[`${name}${i}`] = Number(os.loadavg()[0].toFixed(2));
    round[name] = await run();
  }
  results.rounds.push(round);
}
results.loadAverage.end = Number(os.loadavg()[0].toFixed(2));
const mean = (name) => Math.round(results.rounds.reduce((s, r) => s + r[name].perSecond, 0) / ROUNDS);
results.perSecond = Object.fromEntries(Object.keys(runs).map((name) => [name, mean(name)]));
results.rowsWrittenEach = Object.fromEntries(
  Object.keys(runs).map((name) => [name, results.rounds[0][name].rowsWrittenEach]),
);
results.note =
  'pgbench alone on the product schema: the least a claim writes (11 transfers and 12 balance deltas; then with its 11 income rows), 8 clients, no application. A claim through the product (bench:tree claims.claims_per_s) does more and cannot exceed these.';

await statsOf.pgbench.end();
await db.end();
await pg.stop();
rmSync(dir, { recursive: true, force: true });
writeFileSync(
  path.resolve(import.meta.dirname, 'results/claim-floor.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log('transactions/s at 8 clients (mean of the rounds):', results.perSecond);
console.log('rows written each:', results.rowsWrittenEach);
console.log('load average (1 min) at each phase:', results.loadAverage);
