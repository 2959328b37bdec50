// ROI claims per second with 10-level income fan-out, on an existing tree (bench/tree.ts calls
// measureClaims after building 1,000,000 members). Each claim is the product's own claim transaction
// (modules/compensation/roi/service.ts claimIn: member row lock, switch and settings, facts, uplines, claim row,
// then one creditIncomes batch: the ROI and up to 10 level incomes through the ledger), run by
// `clients` concurrent clients for `seconds`, each claim by a different member.
//
// Set-up (so that every claim pays 10 levels): claimants are active members at depth 11 or more; they
// and their 10 nearest uplines get a plan (a principal account, as tree-build.ts writes purchases) and
// open statuses; the level-unlock rule is switched off for the run (with it on, few uplines of a
// random tree have k active directs, and the fan-out would be smaller) and restored after. Each
// claimant gets a watch session started a minute before. Their wallets exist (as after a first income).
//
// Two timed phases, each with its own half of the claimants: `firstIncomes`, where each claimant and
// most uplines are paid for the first time (each opens its first stripe of the earning limit under its
// cap lock, incomes/cap.ts), then `claims_per_s`, the steady state of members claiming daily: the
// claimants and their uplines were paid an income before (seedPreviousIncome), and the tables have
// their statistics, as autovacuum keeps them on a running platform. Each phase also counts the rows
// the database wrote meanwhile (`rowsWrittenEach`, `rowsWrittenPerSecond`: bench/row-writes.mjs); in
// bench/tree.ts that includes the server's ledger-fold job folding the claims' deltas, which a claim
// run alone has no server to do. And the CPU the claims' own code took in this process per claim
// (`nodeCpuMsEach`) and how busy the machine was (`cpuBusy`): with bench/claim-floor.mjs (the database
// alone writing the least a claim writes), they bound what 2 cores can do. Per phase too: the rows
// each claim wrote per table (`rowsByTable`: pg_stat_user_tables deltas over the same window as
// `rowsWrittenEach`, HOT updates among the updates), and what the database grew by
// (`dbGrowthPer10kClaims`: see dbBytes).
//
// Alone, on a small tree: npx tsx bench/tree-claims.ts (TREE_SIZE=20000 BENCH_SECONDS=5 by default).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { systemClock } from '../apps/server/src/clock.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPool, withTx } from '../apps/server/src/db/pool.js';
import { foldDeltas } from '../apps/server/src/ledger/fold.js';
import { creditIncomes } from '../apps/server/src/modules/compensation/incomes/credit.js';
import { createRoiService } from '../apps/server/src/modules/compensation/roi/service.js';
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { type RowsByTable, rowsByTable, rowsWritten, tableWrites } from './row-writes.mjs';

export interface ClaimsOptions {
  /** The benchmark database (bench/tree.ts passes `url` and its pool `db`). */
  databaseUrl?: string;
  url?: string;
  db?: pg.Pool;
  clients: number;
  seconds: number;
  /** How many members get ready to claim (each claims once); default enough for 1,500 claims/s per phase. */
  claimants?: number;
}

export interface ClaimsResult {
  claims_per_s: number;
  completed: number;
  failed: number;
  clients: number;
  seconds: number;
  claimantsReady: number;
  /** Level incomes recorded per claim (10 when every upline qualifies). */
  levelIncomesPerClaim: number;
  /** Rows the database wrote per claim (inserted, updated, deleted: bench/row-writes.mjs), the fold job's included. */
  rowsWrittenEach: number;
  /** The same, per second: what the claims asked of the database. */
  rowsWrittenPerSecond: number;
  /** The same rows per claim by table: inserts, updates (HOT ones included), deletes. */
  rowsByTable: RowsByTable;
  /** Bytes the tables, their indexes and TOAST grew by over the phase, per 10,000 claims (dbBytes). */
  dbGrowthPer10kClaims: number;
  /** Of that growth, bytes per claim by table (`heap`, TOAST included) and by index, largest first. */
  dbGrowthByRelationEach: Record<string, number>;
  /** CPU of this process per claim, in ms: the product's claim code and the database driver. */
  nodeCpuMsEach: number;
  /** How busy the machine's cores were meanwhile, 0 to 1 (bench/cpu-busy.mjs). */
  cpuBusy: number | null;
  latencyMeanMs: number;
  latencyP99Ms: number;
  firstError: string | null;
  /** The same measure while every claimant and most uplines are paid for the first time. */
  firstIncomes?: TimedResult;
  note: string;
}

const LEVELS = [10, 5, 3, 2, 1, 1, 1, 1, 1, 1];
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export async function measureClaims(opts: ClaimsOptions): Promise<ClaimsResult> {
  const own = opts.db ? null : createPool((opts.databaseUrl ?? opts.url)!, opts.clients + 4);
  const db = opts.db ?? own!;
  const roi = createRoiService({ db, clock: systemClock });
  const before = (
    await db.query<{ levels: string[]; unlock_by_directs: boolean }>(
      `SELECT levels::text[] AS levels, unlock_by_directs FROM level_percents WHERE kind = 'invest'`,
    )
  ).rows[0];
  try {
    const wanted = opts.claimants ?? Math.max(4000, Math.ceil(opts.seconds * 3000));
    const ids = await prepare(db, wanted);
    const half = Math.floor(ids.length / 2);
    // first: every claimant and most uplines are paid for the first time (no stripe yet: each of
    // them is decided under its cap lock, incomes/cap.ts)
    const first = await timed(db, roi, ids.slice(0, half), opts);
    // then the day after: the members of the other half and their uplines were paid before
    await seedPreviousIncome(db, ids.slice(half));
    const steady = await timed(db, roi, ids.slice(half), opts);
    return {
      ...steady,
      claimantsReady: ids.length,
      firstIncomes: first,
      note:
        'the claim transaction of PUT /api/v1/referral/self-trade/{id} (service level, no HTTP): ROI + 10 level incomes ' +
        'through creditIncomes, each claim by a different member; level-unlock rule off during the run. claims_per_s: ' +
        'members and uplines paid an income before (the daily steady state); firstIncomes: each claimant and most ' +
        'uplines paid for the first time',
    };
  } finally {
    if (before) {
      await db.query(
        `UPDATE level_percents SET levels = $1::numeric[], unlock_by_directs = $2 WHERE kind = 'invest'`,
        [before.levels, before.unlock_by_directs],
      );
    }
    await own?.end();
  }
}

type TimedResult = Omit<ClaimsResult, 'claimantsReady' | 'note' | 'firstIncomes'>;

/** `clients` concurrent clients claiming for `seconds`, each claim by the next member of `ids`. */
async function timed(
  db: pg.Pool,
  roi: ReturnType<typeof createRoiService>,
  ids: number[],
  opts: ClaimsOptions,
): Promise<TimedResult> {
  let next = 0;
  let completed = 0;
  let failed = 0;
  let levelIncomes = 0;
  let firstError: string | null = null;
  const latencies: number[] = [];
  await foldAll(db);
  const bytesBefore = await dbBytes(db);
  const relationsBefore = await relationBytes(db);
  const rowsBefore = await rowsWritten(db);
  const tablesBefore = await tableWrites(db, { report: false });
  const until = Date.now() + opts.seconds * 1000;
  const t0 = performance.now();
  const [cpu, ownCpu] = [cpuTimes(), process.cpuUsage()];
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (Date.now() < until && next < ids.length) {
        const id = ids[next++]!;
        const start = performance.now();
        try {
          // on generic plans, as the route runs it (roi/service.ts claim)
          const result = await withTx(db, (tx) => roi.claimIn(tx, id), { genericPlans: true });
          levelIncomes += result.records.length - 1;
          completed += 1;
          latencies.push(performance.now() - start);
        } catch (error) {
          failed += 1;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpuBusy = busySince(cpu);
  const own = process.cpuUsage(ownCpu);
  const rows = (await rowsWritten(db)) - rowsBefore;
  const tables = rowsByTable(tablesBefore, await tableWrites(db, { report: false }), completed);
  await foldAll(db);
  const grown = (await dbBytes(db)) - bytesBefore;
  const relationsAfter = await relationBytes(db);
  latencies.sort((a, b) => a - b);
  return {
    claims_per_s: Math.round(completed / elapsed),
    completed,
    failed,
    clients: opts.clients,
    seconds: round(elapsed),
    levelIncomesPerClaim: completed ? round(levelIncomes / completed) : 0,
    rowsWrittenEach: completed ? round(rows / completed, 1) : 0,
    rowsWrittenPerSecond: Math.round(rows / elapsed),
    rowsByTable: tables,
    dbGrowthPer10kClaims: completed ? Math.round((grown / completed) * 10_000) : 0,
    dbGrowthByRelationEach: growthEach(relationsBefore, relationsAfter, completed),
    nodeCpuMsEach: completed ? round((own.user + own.system) / 1000 / completed) : 0,
    cpuBusy,
    latencyMeanMs: latencies.length ? round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : 0,
    latencyP99Ms: latencies.length ? round(latencies[Math.floor(latencies.length * 0.99)]!) : 0,
    firstError,
  };
}

/**
 * Every delta committed so far folded into its row (ledger_deltas and income_total_deltas empty), by
 * the fold the server's job runs (in bench/tree.ts that job may be folding at the same moment: its
 * locked rows are skipped here, so this waits until it is done too).
 */
async function foldAll(db: pg.Pool) {
  for (let i = 0; i < 600; i++) {
    await foldDeltas(db);
    const { rows } = await db.query<{ n: string }>(
      'SELECT (SELECT count(*) FROM ledger_deltas) + (SELECT count(*) FROM income_total_deltas) AS n',
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('ledger and income-total deltas still there after 60 s of folding');
}

/**
 * Bytes of the database's tables with their indexes and TOAST (pg_total_relation_size of every user
 * table, all forks). A phase's growth is read with its deltas folded before and after (foldAll), as
 * the server's fold job leaves them within seconds. Dead tuples count as space (no VACUUM FULL): an
 * updated or deleted row's old version stays in its page until vacuum makes the room reusable, so
 * the figure is what the claims took from the disk, not what their live rows hold.
 */
async function dbBytes(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT coalesce(sum(pg_total_relation_size(relid)), 0)::bigint AS n FROM pg_stat_user_tables
      WHERE schemaname NOT LIKE 'pg_temp%'`,
  );
  return Number(rows[0]!.n);
}

/** Bytes of every user table (with its TOAST) and of every index, by name. */
async function relationBytes(db: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; n: string }>(
    `SELECT relname AS name, (pg_relation_size(relid) + coalesce(pg_total_relation_size(
              (SELECT reltoastrelid FROM pg_class WHERE oid = relid)), 0))::bigint AS n
       FROM pg_stat_user_tables WHERE schemaname NOT LIKE 'pg_temp%'
     UNION ALL
     SELECT indexrelname, pg_relation_size(indexrelid)::bigint FROM pg_stat_user_indexes
      WHERE schemaname NOT LIKE 'pg_temp%'`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

/** Growth per claim of the relations that grew by at least 8 bytes a claim, largest first. */
function growthEach(before: Map<string, number>, after: Map<string, number>, count: number) {
  if (!count) return {};
  return Object.fromEntries(
    [...after]
      .map(([name, n]) => [name, Math.round((n - (before.get(name) ?? 0)) / count)] as const)
      .filter(([, n]) => n >= 8)
      .sort((a, b) => b[1] - a[1]),
  );
}

/**
 * The state of the day after a first income: the claimants and their 10 nearest uplines are each
 * paid one income (a reward of one micro-unit) through creditIncomes, which opens their first stripe
 * of allowance as any first income does. Batches of members, one transaction each.
 */
async function seedPreviousIncome(db: pg.Pool, claimants: number[]) {
  const { rows } = await db.query<{ id: bigint }>(
    `SELECT DISTINCT unnest(string_to_array(subpath(path, greatest(nlevel(path) - 11, 0))::text, '.'))::bigint AS id
       FROM users WHERE id = ANY($1::bigint[])
     EXCEPT SELECT user_id FROM earning_stripes`,
    [claimants],
  );
  const members = rows.map((r) => Number(r.id));
  for (let i = 0; i < members.length; i += 500) {
    const batch = members.slice(i, i + 500);
    await withTx(db, (tx) =>
      creditIncomes(
        tx,
        batch.map((userId) => ({
          userId,
          kind: 'reward',
          amount: 1n,
          refType: 'bench_seed',
          refId: String(userId),
        })),
        `bench-seed:${batch[0]}`,
        new Date(),
      ),
    );
  }
  // folded here, as the server's fold job would within seconds: otherwise that job folds these
  // deltas (a ledger delta and two income-total deltas per member seeded) inside the timed phase
  for (;;) {
    const folded = await foldDeltas(db);
    if (folded.deltas + folded.totalDeltas === 0) break;
  }
  // statistics as autovacuum keeps them on a running platform (prepared plans are made from them)
  await db.query('ANALYZE earning_stripes; ANALYZE incomes; ANALYZE transfers; ANALYZE ledger_accounts');
}

/** Makes `wanted` members ready to claim with 10 qualifying uplines; answers their ids (shuffled). */
async function prepare(db: pg.Pool, wanted: number): Promise<number[]> {
  await db.query(
    `UPDATE level_percents SET levels = $1::numeric[], unlock_by_directs = false WHERE kind = 'invest'`,
    [LEVELS],
  );
  const planId = (
    await db.query<{ id: number }>(
      `INSERT INTO plans (name, min_amount, max_amount) VALUES ('Bench claims', 10000000, 100000000000) RETURNING id`,
    )
  ).rows[0]!.id;
  const c = await db.connect();
  try {
    await c.query('BEGIN');
    await c.query(
      `CREATE TEMP TABLE bench_claimants ON COMMIT DROP AS
       SELECT id, path FROM users
        WHERE role = 'user' AND nlevel(path) >= 12
          AND NOT EXISTS (SELECT 1 FROM roi_claims r WHERE r.user_id = users.id)
        ORDER BY md5(id::text) LIMIT $1`,
      [wanted],
    );
    // claimants and their 10 nearest uplines: active, open, with a plan of 100..1,000 USDT
    await c.query(
      `CREATE TEMP TABLE bench_ready ON COMMIT DROP AS
       SELECT DISTINCT unnest(string_to_array(subpath(path, nlevel(path) - 11)::text, '.'))::bigint AS id
         FROM bench_claimants`,
    );
    await c.query(
      `UPDATE users u SET is_active = 'active', status = 'unblock', roi_status = 'open', level_status = 'open',
              plan_id = coalesce(u.plan_id, $1), activation_date = coalesce(u.activation_date, now())
         FROM bench_ready r WHERE u.id = r.id`,
      [planId],
    );
    await c.query(
      `INSERT INTO ledger_accounts (owner_user_id, kind, balance)
       SELECT id, 'principal', (100 + (id * 7919) % 901) * 1000000 FROM bench_ready
       ON CONFLICT ((coalesce(owner_user_id, 0)), kind) DO NOTHING`,
    );
    // the wallets a member has from their first income on (steady state: members claim every day)
    await c.query(
      `INSERT INTO ledger_accounts (owner_user_id, kind)
       SELECT id, k FROM bench_ready, unnest(ARRAY['roi', 'earnings', 'compound']) k
       ON CONFLICT ((coalesce(owner_user_id, 0)), kind) DO NOTHING`,
    );
    await c.query(
      `INSERT INTO watch_sessions (user_id, purpose, started_at)
       SELECT id, 'video', now() - interval '1 minute' FROM bench_claimants
       ON CONFLICT (user_id, purpose) WHERE used_at IS NULL DO UPDATE SET started_at = EXCLUDED.started_at`,
    );
    const { rows } = await c.query<{ id: bigint }>(
      'SELECT id FROM bench_claimants ORDER BY md5(id::text || $1)',
      ['claim'],
    );
    await c.query('COMMIT');
    await c.query('ANALYZE users; ANALYZE ledger_accounts; ANALYZE watch_sessions');
    return rows.map((r) => Number(r.id));
  } catch (error) {
    await c.query('ROLLBACK');
    throw error;
  } finally {
    c.release();
  }
}

// Alone: a small tree on its own embedded PostgreSQL.
if (process.argv[1]?.endsWith('tree-claims.ts')) {
  const { buildTree } = await import('./tree-build.js');
  const size = Number(process.env.TREE_SIZE ?? 20_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-claims-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: 54412, password: 'bench', database: 'app' });
  const db = createPool(pg.url, 12);
  try {
    await migrate(db);
    console.log('tree', await buildTree(db, size));
    const result = await measureClaims({
      db,
      clients: Number(process.env.CLIENTS ?? 8),
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await db.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
