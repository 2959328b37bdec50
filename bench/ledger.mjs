// Ledger benchmark: plan purchases per second (the full service path: validation, the payer's
// account lock, ledger posting, purchase row, member state, tree events, and the direct income every
// purchase pays the one sponsor all members share) with 1, 8 and 32 concurrent clients, and
// pgbench's simple-update (-N) transactions per second on the same PostgreSQL as the reference, in
// the same run. `concurrencyGain` = purchases/s at 8 clients / at 1 client (concurrency must add
// throughput), `ratioAt8` = purchases/s at 8 clients / pgbench -N at 8. The 1-minute load average
// is recorded as each phase starts: other work on the machine skews the figures. The ledger-fold job
// runs beside the purchases every second, as it does on the server's worker. Each phase also counts
// the rows the database wrote (bench/row-writes.mjs): per purchase (`rowsWrittenEach`), per pgbench
// transaction (`pgbenchRowsWrittenEach`), and both per second at 8 clients (`rowWritesAt8`), and
// how busy the machine's cores were (`cpuBusy`, `pgbenchCpuBusy`: bench/cpu-busy.mjs). One client
// keeps about one of two cores busy, so `concurrencyGain` on 2 cores is bounded near 2.
// The CPU each purchase cost (bench/process-cpu.mjs): `nodeCpuMsEach`, this process (the product's
// purchase code and the driver, the fold job included); `pgCpuMsEach`, every process of the embedded
// PostgreSQL (postmaster, backends, background workers, autovacuum; those that exited during the
// phase too, through the postmaster's reaped-children times); `cpuMsEach`, their sum: server plus
// database per purchase, in ms. At 8 clients, `rowsByTable`: the rows each purchase wrote per table
// (pg_stat_user_tables deltas, HOT updates among the updates), the fold job's included.
// Run with `npm run bench:ledger`; writes bench/results/ledger.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');
const { startEmbeddedPostgres } = await import(`${dist}/db/embedded.js`);
const { migrate } = await import(`${dist}/db/migrate.js`);
const { createPool, withTx } = await import(`${dist}/db/pool.js`);
const { insertUser } = await import(`${dist}/modules/identity/auth/repo.js`);
const { insertPlan } = await import(`${dist}/modules/money/plans/repo.js`);
const { post } = await import(`${dist}/ledger/ledger.js`);
const { member, platform } = await import(`${dist}/ledger/accounts.js`);
const { createTopupsService } = await import(`${dist}/modules/money/topups/service.js`);
const { systemClock } = await import(`${dist}/clock.js`);
const { foldDeltas, LEDGER_FOLD_EVERY_MS } = await import(`${dist}/ledger/fold.js`);
const { reportCounts, rowsByTable, rowsWritten, tableWrites } = await import('./row-writes.mjs');
const { cpuMeter, postmasterPid } = await import('./process-cpu.mjs');
const { busySince, cpuTimes } = await import('./cpu-busy.mjs');
const { initPgbench, runPgbench } = await import('./pgbench.mjs');

const CLIENTS = [1, 8, 32];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const U = 1_000_000n;
const port = 54395;
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, port, password: 'bench', database: 'app' });
const setupDb = createPool(pg.url, 4);
await migrate(setupDb);

// One sponsor, and 32 paying members under them, each with plenty of fund: every purchase, at any
// client count, pays the same direct income to the one shared sponsor, so the phases compare the
// same work (a purchase by a member without a sponsor pays no income and is cheaper). The sponsor
// buys one large plan first: it makes them active (an inactive sponsor earns nothing) and gives
// them an earning limit no run exhausts.
const members = [];
let sponsorId;
await withTx(setupDb, async (tx) => {
  const newMember = (i, refferalCode, sponsor) =>
    insertUser(tx, {
      username: `bench${i}`,
      email: `bench${i}@bench.local`,
      passwordHash: 'x',
      fullname: `Bench ${i}`,
      phone: '5550000',
      role: 'user',
      refferalCode,
      sponsor,
      now: new Date(),
    });
  const fund = (id) =>
    post(
      tx,
      {
        idempotencyKey: `bench-fund-${id}`,
        transfers: [
          {
            kind: 'deposit',
            debit: platform('platform:cash'),
            credit: member(id, 'fund'),
            amount: 100_000_000n * U,
          },
        ],
      },
      new Date(),
    );
  sponsorId = Number(await newMember('sponsor', 'BENCHSPONSOR', null));
  await fund(sponsorId);
  const sponsor = { id: BigInt(sponsorId), refferal_code: 'BENCHSPONSOR', path: String(sponsorId) };
  for (let i = 0; i < 32; i++) {
    const id = Number(await newMember(i, `BENCH${String(i).padStart(3, '0')}`, sponsor));
    members.push(id);
    await fund(id);
  }
});
const plan = await insertPlan(
  setupDb,
  {
    name: 'Bench',
    min_amount: 10n * U,
    max_amount: 1_000_000n * U,
    roi_percent: 0.5,
    cap_multiple: 7,
    direct_percent: 5,
    is_active: true,
  },
  new Date(),
);
await createTopupsService({ db: setupDb, clock: systemClock }).purchase(
  { userId: sponsorId, audience: 'member', sessionId: 'bench', ip: '127.0.0.1' },
  { plan_id: plan.id, amount: 1_000_000n * U },
  'purchase',
  null,
);
await reportCounts(setupDb);
const postmaster = await postmasterPid(setupDb);
await setupDb.end();

async function purchasesPerSecond(clients) {
  const db = createPool(pg.url, clients + 3);
  const rowsBefore = await rowsWritten(db);
  const tablesBefore = clients === 8 ? await tableWrites(db, { report: false }) : null;
  const topups = createTopupsService({ db, clock: systemClock });
  let done = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  const cpu = cpuTimes();
  const processCpu = cpuMeter(postmaster);
  // the server's ledger-fold job runs beside the load, as on a worker instance: without it the
  // deltas of the credited accounts (the shared sponsor's, the platform's) pile up for the whole run
  let folding = true;
  const fold = (async () => {
    while (folding) {
      await foldDeltas(db).catch(() => {});
      await new Promise((r) => setTimeout(r, LEDGER_FOLD_EVERY_MS));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const actor = {
        userId: members[i % members.length],
        audience: 'member',
        sessionId: 'bench',
        ip: '127.0.0.1',
      };
      while (Date.now() < until) {
        try {
          await topups.purchase(actor, { plan_id: plan.id, amount: 100n * U }, 'purchase', null);
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const cpuBusy = busySince(cpu);
  folding = false;
  await fold;
  const { nodeMs, pgMs } = processCpu();
  // every row the phase wrote, the fold job's included (it folds what the purchases appended)
  const rows = (await rowsWritten(db)) - rowsBefore;
  const tables = tablesBefore && rowsByTable(tablesBefore, await tableWrites(db, { report: false }), done);
  await db.end();
  const each = (ms) => (ms === null || done === 0 ? null : Number((ms / done).toFixed(1)));
  return {
    perSecond: Math.round(done / SECONDS),
    completed: done,
    failed,
    rowsWrittenEach: Number((rows / done).toFixed(1)),
    ...(tables ? { rowsByTable: tables } : {}),
    cpuMsEach: pgMs === null ? null : each(nodeMs + pgMs),
    nodeCpuMsEach: each(nodeMs),
    pgCpuMsEach: each(pgMs),
    cpuBusy,
  };
}

const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, node ${process.version}`,
  seconds: SECONDS,
  loadAverage: {},
  purchases: {},
  pgbenchN: {},
};
const phase = (name) => {
  results.loadAverage[name] = Number(os.loadavg()[0].toFixed(2));
};
for (const c of CLIENTS) {
  phase(`purchases${c}`);
  results.purchases[c] = await purchasesPerSecond(c);
}
results.concurrencyGain = Number(
  (results.purchases[8].perSecond / results.purchases[1].perSecond).toFixed(2),
);
try {
  initPgbench(port);
  const pgbenchStats = createPool(pg.url.replace(/\/app$/, '/pgbench'), 1);
  results.pgbenchRowsWrittenEach = {};
  results.pgbenchCpuBusy = {};
  for (const c of CLIENTS) {
    phase(`pgbench${c}`);
    const run = await runPgbench({
      port,
      database: 'pgbench',
      args: ['-N'],
      clients: c,
      seconds: SECONDS,
      stats: pgbenchStats,
    });
    results.pgbenchN[c] = run.perSecond;
    results.pgbenchRowsWrittenEach[c] = run.rowsWrittenEach;
    results.pgbenchCpuBusy[c] = run.cpuBusy;
  }
  await pgbenchStats.end();
  results.ratioAt8 = Number((results.purchases[8].perSecond / results.pgbenchN[8]).toFixed(3));
  // the same comparison in rows written per second: what each side asks of the database
  const rowsPerSecond = (perSecond, each) => Math.round(perSecond * each);
  const purchaseRows = rowsPerSecond(results.purchases[8].perSecond, results.purchases[8].rowsWrittenEach);
  const pgbenchRows = rowsPerSecond(results.pgbenchN[8], results.pgbenchRowsWrittenEach[8]);
  results.rowWritesAt8 = {
    purchasesPerSecond: purchaseRows,
    pgbenchPerSecond: pgbenchRows,
    ratio: Number((purchaseRows / pgbenchRows).toFixed(2)),
  };
} catch (error) {
  results.pgbenchN = {
    error: `pgbench or psql not available (apt-get install postgresql-client): ${error.message}`,
  };
}
phase('end');
await pg.stop();
rmSync(dir, { recursive: true, force: true });

writeFileSync(
  path.resolve(import.meta.dirname, 'results/ledger.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.table(
  Object.fromEntries(
    CLIENTS.map((c) => [
      `${c} clients`,
      { 'purchases/s': results.purchases[c].perSecond, 'pgbench -N tps': results.pgbenchN[c] ?? '-' },
    ]),
  ),
);
console.log(`purchases at 8 clients / at 1 client: ${results.concurrencyGain} (goal >= 2)`);
console.log(`purchases at 8 clients / pgbench -N at 8 clients: ${results.ratioAt8 ?? 'n/a'} (goal >= 0.5)`);
console.log('load average (1 min) at each phase:', results.loadAverage);
