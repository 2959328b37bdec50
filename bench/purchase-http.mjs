// Plan purchases over HTTP (issue 30): the CPU of server + database per purchase, against the peer
// back end's measured 7.6 ms (Express + MariaDB, 10,000 members, 50 connections). The built server
// (apps/server/dist/main.js, its jobs on) runs in its own process on its embedded PostgreSQL; this
// process seeds 10,000 members under a random sponsor tree (each member's sponsor a random earlier
// member, through the product's insertUser), funds them (ledger `post`), activates every third
// member and the members in rotation with a first purchase (the topups service: sponsors earn direct
// income, each measured purchase is a member's next purchase), signs ROTATION members in through
// POST /auth/signin, then drives POST /api/v1/topup/add (the web app's plan purchase, a new
// Idempotency-Key each request) with 50 autocannon connections rotating over those members, in
// ROUNDS rounds of BENCH_SECONDS. CPU per purchase: utime + stime of the server process
// (/proc/<pid>/stat: auth, validation, JSON, the purchase transaction, its jobs) plus every
// PostgreSQL process (bench/process-cpu.mjs), read just before and after each round's load; the load
// generator (this process) is not counted. Rows written per purchase: pg_stat_database deltas
// (bench/row-writes.mjs), read after the server's backends have been idle long enough (11 s) to
// report their counts, the fold of the purchases' deltas included.
// Run by `npm run bench:ledger` after bench/ledger.mjs: adds `purchasesHttp` to
// bench/results/ledger.json. Alone: `npm run build -w @app/server && node bench/purchase-http.mjs`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');
const { createPool, withTx } = await import(`${dist}/db/pool.js`);
const { insertUser } = await import(`${dist}/modules/identity/auth/repo.js`);
const { hashPassword } = await import(`${dist}/modules/identity/auth/passwords.js`);
const { insertPlan } = await import(`${dist}/modules/money/plans/repo.js`);
const { post } = await import(`${dist}/ledger/ledger.js`);
const { member, platform } = await import(`${dist}/ledger/accounts.js`);
const { createTopupsService } = await import(`${dist}/modules/money/topups/service.js`);
const { systemClock } = await import(`${dist}/clock.js`);
const { rowsWritten } = await import('./row-writes.mjs');
const { pgCpuMs, postmasterPid } = await import('./process-cpu.mjs');
const { busySince, cpuTimes } = await import('./cpu-busy.mjs');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MEMBERS = 10_000;
const ROTATION = 400; // members signed in, the clients rotate over them
const CLIENTS = 50;
const PEER_CPU_MS = 7.6;
const HTTP_PORT = 3920;
const PG_PORT = 54397;
const PG_PASSWORD = 'bench-purchase-http';
const PASSWORD = 'BenchPass123';
const U = 1_000_000n;
const base = `http://127.0.0.1:${HTTP_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-purchase-http-'));
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime + stime of one process (its threads included), in ms. */
function ownCpuMs(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const log = (...args) => console.log('[purchase-http]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer() {
  const proc = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(HTTP_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(PG_PORT),
      EMBEDDED_PG_PASSWORD: PG_PASSWORD,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@bench.local',
      ADMIN_PASSWORD: 'BenchAdmin123',
      LOGIN_RATE_PER_IP: '1000000',
      LOGIN_FAILS_PER_ACCOUNT: '1000000',
      WORKER: 'on',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) break;
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await sleep(100);
  }
  proc.kill('SIGTERM');
  throw new Error('the server did not start');
}

async function stopServer(proc) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/** Runs `work(i)` for i in [0, n) on `workers` concurrent loops. */
async function pooled(n, workers, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/**
 * 10,000 members, member i under a random earlier member (a random recursive tree), each with
 * 1,000,000 USDT in their fund wallet, and the plan they buy. Answers the members' ids (index i)
 * and the plan's id.
 */
async function seed(db) {
  const passwordHash = await hashPassword(PASSWORD);
  let state = 42; // a fixed tree from run to run (mulberry32)
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const members = [];
  await withTx(db, async (tx) => {
    for (let i = 0; i < MEMBERS; i++) {
      const sponsor = i === 0 ? null : members[Math.floor(random() * i)];
      const refferalCode = `BH${String(i).padStart(5, '0')}`;
      const id = await insertUser(tx, {
        username: `m${i}`,
        email: `m${i}@bench.local`,
        passwordHash,
        fullname: `Member ${i}`,
        phone: '5550000',
        role: 'user',
        refferalCode,
        sponsor,
        now: new Date(),
      });
      members.push({ id, refferal_code: refferalCode, path: sponsor ? `${sponsor.path}.${id}` : String(id) });
    }
  });
  for (let from = 0; from < MEMBERS; from += 500) {
    await withTx(db, (tx) =>
      post(
        tx,
        {
          idempotencyKey: `bench-http-fund-${from}`,
          transfers: members.slice(from, from + 500).map((m) => ({
            kind: 'deposit',
            debit: platform('platform:cash'),
            credit: member(Number(m.id), 'fund'),
            amount: 1_000_000n * U,
          })),
        },
        new Date(),
      ),
    );
  }
  const plan = await insertPlan(
    db,
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
  return { ids: members.map((m) => Number(m.id)), planId: plan.id };
}

const rotationIndex = (k) => Math.floor(((k + 0.5) * MEMBERS) / ROTATION);

/** The first purchase of every third member and of the members in rotation (the topups service). */
async function activate(db, ids, planId) {
  const topups = createTopupsService({ db, clock: systemClock });
  const chosen = new Set(ids.filter((_, i) => i % 3 === 0));
  for (let k = 0; k < ROTATION; k++) chosen.add(ids[rotationIndex(k)]);
  const list = [...chosen];
  await pooled(list.length, 4, (i) =>
    topups.purchase(
      { userId: list[i], audience: 'member', sessionId: 'bench', ip: '127.0.0.1' },
      { plan_id: planId, amount: 1000n * U },
      'purchase',
      null,
    ),
  );
  return list.length;
}

/** Session tokens of the members in rotation, through the sign-in route. */
async function signIn() {
  const tokens = new Array(ROTATION);
  await pooled(ROTATION, 4, async (k) => {
    const res = await fetch(`${base}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `m${rotationIndex(k)}@bench.local`, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in of m${rotationIndex(k)}: ${res.status} ${await res.text()}`);
    tokens[k] = (await res.json()).token;
  });
  return tokens;
}

function purchaseLoad(tokens, planId, round) {
  let n = 0;
  const body = JSON.stringify({ plan_id: planId, amount: '100' });
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: CLIENTS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/topup/add',
            setupRequest: (req) => {
              n += 1;
              return {
                ...req,
                headers: {
                  authorization: `Bearer ${tokens[n % tokens.length]}`,
                  'content-type': 'application/json',
                  'idempotency-key': `bench-r${round}-${n}`,
                },
                body,
              };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
}

const server = await startServer();
const db = createPool(`postgres://postgres:${PG_PASSWORD}@127.0.0.1:${PG_PORT}/app`, 4);
let out;
try {
  let t0 = performance.now();
  const { ids, planId } = await seed(db);
  log(`${MEMBERS} members seeded and funded in ${Math.round(performance.now() - t0)} ms`);
  t0 = performance.now();
  const activated = await activate(db, ids, planId);
  log(`${activated} members activated in ${Math.round(performance.now() - t0)} ms`);
  t0 = performance.now();
  const tokens = await signIn();
  log(`${ROTATION} members signed in in ${Math.round(performance.now() - t0)} ms`);
  await db.query('ANALYZE');
  const postmaster = await postmasterPid(db);
  if (!postmaster) throw new Error('the embedded PostgreSQL postmaster was not found');
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  await sleep(11_000); // the server's idle backends report their row counts (bench/row-writes.mjs)
  let rows0 = await rowsWritten(db);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const load1 = Number(os.loadavg()[0].toFixed(2));
    const busy = cpuTimes();
    const server0 = ownCpuMs(server.pid);
    const pg0 = pgCpuMs(postmaster);
    const r = await purchaseLoad(tokens, planId, round);
    const serverMs = ownCpuMs(server.pid) - server0;
    const pgMs = pgCpuMs(postmaster) - pg0;
    const cpuBusy = busySince(busy);
    await sleep(11_000);
    const rows1 = await rowsWritten(db);
    const done = r['2xx'];
    rounds.push({
      loadAverage: load1,
      perSecond: Math.round(done / SECONDS),
      completed: done,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      serverCpuMs: Math.round(serverMs),
      pgCpuMs: Math.round(pgMs),
      rowsWritten: rows1 - rows0,
      cpuBusy,
    });
    rows0 = rows1;
    log(`round ${round}:`, rounds.at(-1));
  }
  const sum = (key) => rounds.reduce((a, x) => a + x[key], 0);
  const completed = sum('completed');
  const each = (total, digits = 1) => (completed ? Number((total / completed).toFixed(digits)) : null);
  const cpuMsEach = each(sum('serverCpuMs') + sum('pgCpuMs'));
  out = {
    date: new Date().toISOString(),
    perSecond: Math.round(completed / (SECONDS * ROUNDS)),
    completed,
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    cpuMsEach,
    serverCpuMsEach: each(sum('serverCpuMs')),
    pgCpuMsEach: each(sum('pgCpuMs')),
    peerCpuMs: PEER_CPU_MS,
    ratioToPeer: cpuMsEach === null ? null : Number((cpuMsEach / PEER_CPU_MS).toFixed(2)),
    rowsWrittenEach: each(sum('rowsWritten')),
    cpuBusy: Number((sum('cpuBusy') / ROUNDS).toFixed(2)),
    loadAverage,
    clients: CLIENTS,
    members: MEMBERS,
    membersInRotation: ROTATION,
    seconds: SECONDS,
    rounds,
    note:
      'POST /api/v1/topup/add (100 USDT, a new Idempotency-Key each) from 50 autocannon connections ' +
      `rotating over ${ROTATION} signed-in members of ${MEMBERS} (random sponsor tree, every third ` +
      'member and those in rotation holding a plan already), against the built server on its embedded ' +
      'PostgreSQL, worker jobs on. cpuMsEach = serverCpuMsEach (utime + stime of the server process) + ' +
      'pgCpuMsEach (every PostgreSQL process, reaped ones included) over the load, per 2xx purchase; the ' +
      'load generator is not counted. rowsWrittenEach: pg_stat_database rows written per purchase, the ' +
      "fold of the purchases' deltas included. ratioToPeer = cpuMsEach / the peer's 7.6 ms (goal <= 1.2).",
  };
} finally {
  await db.end();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const file = path.resolve(import.meta.dirname, 'results/ledger.json');
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
results.purchasesHttp = out;
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
log(
  `${out.perSecond} purchases/s, ${out.non2xx} non-2xx; CPU per purchase ${out.cpuMsEach} ms ` +
    `(server ${out.serverCpuMsEach} + PostgreSQL ${out.pgCpuMsEach}) = ${out.ratioToPeer}x the peer's ` +
    `${PEER_CPU_MS} ms (goal <= 1.2); load average ${out.loadAverage}`,
);
