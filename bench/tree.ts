// Referral tree benchmark (`npm run bench:tree`; TREE_SIZE=20000 for a quick run, default 1,000,000).
// In one run, on one embedded PostgreSQL: builds the tree in SQL (bench/tree-build.ts), rolls it up
// with the product's roll-up, starts the built server over it, then measures
//   (1) team figures (GET /api/v1/referral/team/{id}, HTTP through the real app) for the root and a
//       mid-size team, against a recursive CTE over the same data as the reference;
//   (2) registrations per second at 8 clients with tree maintenance (joined event; the server's roll-up
//       job keeps up), through the real route (argon2id-bound) and through the same transaction
//       without the hash;
//   (3) ROI claims per second with 10-level income fan-out, from bench/tree-claims.ts when present;
//   (4) the member dashboard's main call, GET /api/v1/users/{id} with the member's own session, for
//       the root (the whole tree below it, the most history) and for the newest member: p99 of each
//       (`rootUserP99Ms`, `newMemberUserP99Ms`), one client after the other, with the member view
//       cache off (each read is the database read);
//   (5) after them, the claim floor of bench/claim-floor.mjs in the same run (`claimFloor`,
//       `claims.toFloor`).
// Writes bench/results/tree.json.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../apps/server/src/clock.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPool } from '../apps/server/src/db/pool.js';
import { rollUpTeams } from '../apps/server/src/modules/compensation/referral/rollup.js';
import { SessionAuth } from '../apps/server/src/modules/identity/auth/tokens.js';
import { startBuiltServer, stopBuiltServer } from './built-server.js';
import { buildTree, cteFigures, round } from './tree-build.js';
import { measureRegistrations } from './tree-registrations.js';

// autocannon ships no types; only its result figures are read
const autocannonModule = 'autocannon';
const { default: autocannon } = await import(autocannonModule);
interface CannonResult {
  requests: { average: number };
  latency: { average: number; p50: number; p99: number };
  non2xx: number;
}

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');
const SIZE = Number(process.env.TREE_SIZE ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;
const PG_PORT = 54396;
const HTTP_PORT = 3911;
const base = `http://127.0.0.1:${HTTP_PORT}`;
const JWT_SECRET = 'bench-tree-'.padEnd(48, 'x');
const ADMIN = { email: 'bench@bench.local', password: 'BenchAdmin123' };

const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-tree-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, port: PG_PORT, password: 'bench', database: 'app' });
let db = createPool(pg.url, 16);
let server: ChildProcess | null = null;

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  treeSize: SIZE,
  seconds: SECONDS,
  // the 1-minute load average when each phase started: other work on the machine skews the figures
  loadAverage: {} as Record<string, number>,
};
const phase = (name: string) => {
  (results.loadAverage as Record<string, number>)[name] = round(os.loadavg()[0]!);
};

try {
  await migrate(db);
  phase('build');
  log(`building a tree of ${SIZE.toLocaleString()} members`);
  results.tree = await buildTree(db, SIZE);
  log('tree', results.tree);

  // the first roll-up of the whole tree: big batches, with room to aggregate them in memory (a
  // setting of the benchmark database, for every connection opened after it)
  await db.query(`ALTER DATABASE app SET work_mem = '64MB'`);
  await db.end();
  db = createPool(pg.url, 16);
  phase('rollup');
  const t0 = performance.now();
  const rolled = await rollUpTeams(db, { batch: 100_000, timeoutMs: 60_000 });
  results.rollup = {
    ...rolled,
    batchSize: 100_000,
    workMem: '64MB',
    seconds: round((performance.now() - t0) / 1000),
  };
  log('roll-up', results.rollup);

  server = await startBuiltServer({
    port: HTTP_PORT,
    databaseUrl: pg.url,
    dataDir: dir,
    jwtSecret: JWT_SECRET,
    admin: ADMIN,
  });
  const admin = await json<{ admin: { token: string } }>('/auth/adminsignin', ADMIN);
  const auth = { authorization: `Bearer ${admin.admin.token}` };
  phase('teamFigures');
  results.teamFigures = await teamFigures(auth);
  phase('registrations');
  results.registrations = await measureRegistrations({
    db,
    base,
    size: SIZE,
    clients: CLIENTS,
    seconds: SECONDS,
    jwtSecret: JWT_SECRET,
    log,
  });
  phase('claims');
  results.claims = await claims(auth);
  phase('userRead');
  results.userRead = await userRead();
  results.rootUserP99Ms = (results.userRead as { root: { latencyP99Ms: number } }).root.latencyP99Ms;
  results.newMemberUserP99Ms = (
    results.userRead as { newMember: { latencyP99Ms: number } }
  ).newMember.latencyP99Ms;
  phase('claimFloor');
  results.claimFloor = await claimFloor();
  const floorPerSecond = (results.claimFloor as { perSecond: { withIncomes: number } }).perSecond.withIncomes;
  const claimsResult = results.claims as { claims_per_s?: number; toFloor?: number };
  if (claimsResult.claims_per_s && floorPerSecond)
    claimsResult.toFloor = round(claimsResult.claims_per_s / floorPerSecond);
  phase('end');
  results.totalSeconds = round((performance.now() - started) / 1000);
} finally {
  if (server) await stopBuiltServer(server);
  await db.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

writeFileSync(
  path.resolve(import.meta.dirname, 'results/tree.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
log('written bench/results/tree.json');
console.log(JSON.stringify(results, null, 2));

/**
 * The claim floor of the same run (bench/claim-floor.mjs: pgbench alone writing a claim's transfers,
 * deltas and income rows on the product's schema, its own database), run as its own process once the
 * phases above are done; it also writes bench/results/claim-floor.json. `claims.toFloor` is the
 * steady claims per second over its `withIncomes` rate.
 */
async function claimFloor() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'claim-floor.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BENCH_SECONDS: String(SECONDS) },
  });
  const floor = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, 'results/claim-floor.json'), 'utf8'),
  );
  return {
    perSecond: floor.perSecond,
    rowsWrittenEach: floor.rowsWrittenEach,
    loadAverage: floor.loadAverage,
  };
}

/** (1) team figures from the API against the recursive CTE, root and a mid-size team. */
async function teamFigures(headers: Record<string, string>) {
  const mid = (
    await db.query<{ user_id: bigint; team_count: number }>(
      'SELECT user_id, team_count FROM team_stats ORDER BY abs(team_count - $1), user_id LIMIT 1',
      [Math.round(SIZE / 100)],
    )
  ).rows[0]!;
  const out: Record<string, unknown> = {};
  for (const [name, id] of [
    ['root', 1],
    ['midTeam', Number(mid.user_id)],
  ] as const) {
    const api = await json<{ team: { team_count: number; active_team: number; team_business: number } }>(
      `/referral/team/${id}`,
      undefined,
      headers,
    );
    // one client after the other (one request against one CTE run), then 10 at once (throughput)
    const single = await loadTest(`/api/v1/referral/team/${id}`, headers, 1);
    const load = await loadTest(`/api/v1/referral/team/${id}`, headers, 10);
    // the reference, twice (the second run has warm caches); the faster one counts
    const cte = [await cteFigures(db, id), await cteFigures(db, id)];
    const cteMs = Math.min(...cte.map((c) => c.ms));
    const same =
      api.team.team_count === cte[0]!.figures.team_count &&
      api.team.active_team === cte[0]!.figures.active_team &&
      BigInt(Math.round(api.team.team_business * 1e6)) === BigInt(cte[0]!.figures.team_business);
    out[name] = {
      userId: id,
      teamCount: api.team.team_count,
      api: { oneClient: single, tenClients: load },
      cteMs,
      speedUp: round(cteMs / single.latencyMeanMs, 1),
      speedUpUnderLoad: round(cteMs / load.latencyMeanMs, 1),
      figuresMatchCte: same,
    };
    log(name, out[name]);
  }
  return out;
}

/**
 * (4) GET /users/{id} as the member themselves: the root, whose team is the whole tree, and the newest
 * member. Their figures come from maintained rows, so both should cost the same.
 */
async function userRead() {
  const newest = Number(
    (await db.query<{ id: bigint }>(`SELECT max(id) AS id FROM users WHERE role = 'user'`)).rows[0]!.id,
  );
  const sessions = new SessionAuth(db, JWT_SECRET, systemClock);
  const out: Record<string, unknown> = {};
  for (const [name, id] of [
    ['root', 1],
    ['newMember', newest],
  ] as const) {
    const { token } = await sessions.issue(db, id, 'member', { ip: '127.0.0.1' });
    const headers = { authorization: `Bearer ${token}` };
    const user = await json<{ singleuser: { total_team: number } }>(`/users/${id}`, undefined, headers);
    out[name] = {
      userId: id,
      totalTeam: user.singleuser.total_team,
      ...(await loadTest(`/api/v1/users/${id}`, headers, 1)),
    };
    log('GET /users/{id}', name, out[name]);
  }
  return out;
}

/** (3) ROI claims with 10-level income fan-out, measured by bench/tree-claims.ts when it exists. */
async function claims(headers: Record<string, string>) {
  const file = path.resolve(import.meta.dirname, 'tree-claims.ts');
  if (!existsSync(file))
    return { result: null, reason: 'bench/tree-claims.ts is not there (ROI claims not built yet)' };
  try {
    const mod = await import(file);
    if (typeof mod.measureClaims !== 'function')
      return { result: null, reason: 'tree-claims.ts exports no measureClaims' };
    const result = await mod.measureClaims({
      db,
      url: pg.url,
      baseUrl: base,
      dist,
      adminHeaders: headers,
      treeSize: SIZE,
      clients: CLIENTS,
      seconds: SECONDS,
    });
    log('claims', result);
    return result;
  } catch (error) {
    return { result: null, reason: `measureClaims failed: ${(error as Error).message}` };
  }
}

function loadTest(url: string, headers: Record<string, string>, connections: number) {
  return new Promise<{
    requestsPerSec: number;
    latencyMeanMs: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    non2xx: number;
  }>((resolve, reject) =>
    autocannon(
      { url: `${base}${url}`, connections, duration: SECONDS, headers },
      (err: Error | null, r: CannonResult) =>
        err
          ? reject(err)
          : resolve({
              requestsPerSec: Math.round(r.requests.average),
              latencyMeanMs: r.latency.average,
              latencyP50Ms: r.latency.p50,
              latencyP99Ms: r.latency.p99,
              non2xx: r.non2xx,
            }),
    ),
  );
}

async function json<T>(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
