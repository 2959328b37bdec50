// What-if projection benchmark (`npm run bench:what-if`; TREE_SIZE=2000 for a quick run, default
// 10,000). On its own embedded PostgreSQL (port 54471, data under the temp dir) it builds a platform
// with bench/tree-build.ts (TREE_SIZE members, a third of them holding a plan and so able to claim),
// gives every member the password BenchPass123 (tree-build leaves them without one), starts the built
// server on it (port 3271) and measures
//   (1) projections (POST /plans/what-if, then GET /plans/what-if/{id} every 100 ms until done),
//       timed from the POST to the done answer: (a) ~60,000 member-days, (b) ~1,000,000 and (c) close
//       to the limit of 10,000,000 (365 days, joins filling up to it), one after the other on an
//       otherwise idle server; member-days = claimants x days + joins a day x days x (days + 1) / 2;
//   (2) member sign-in (POST /auth/signin, rotating accounts, one attempt in ten with a wrong
//       password on accounts kept for that, each failing at most a few times so the per-account
//       throttle never delays one) and a member reading themself (GET /users/{id}, rotating members,
//       the member view cache off: every read is the database read), at CONNECTIONS connections,
//       idle and while the maximal projection runs, in ROUNDS alternating rounds (idle, during, idle,
//       during) of BENCH_SECONDS / ROUNDS each, so whatever else loads the machine weighs on both
//       alike: p99 over all the rounds, and how busy the cores were (bench/cpu-busy.mjs). During a
//       round (c) is started again whenever it finishes, a request counts only if one projection ran
//       all through it, and at the end of the round the one running is cancelled (DELETE), timed to
//       its cancelled answer.
// Writes bench/results/what-if.json.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPool } from '../apps/server/src/db/pool.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { rollUpTeams } from '../apps/server/src/modules/referral/rollup.js';
import { WHAT_IF_MAX_MEMBER_DAYS } from '../packages/contracts/src/what-if.js';
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { buildTree, round } from './tree-build.js';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');
const SIZE = Number(process.env.TREE_SIZE ?? 10_000);
/** Seconds of each figure (sign-in, read; idle, during), split over ROUNDS rounds. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PG_PORT = 54471;
const HTTP_PORT = 3271;
const base = `http://127.0.0.1:${HTTP_PORT}`;
const JWT_SECRET = 'bench-what-if-'.padEnd(48, 'x');
const ADMIN = { email: 'bench@bench.local', password: 'BenchAdmin123' };
const PASSWORD = 'BenchPass123';
/** One sign-in in WRONG_EVERY uses a wrong password. */
const WRONG_EVERY = 10;
/** Members signed in once up front whose sessions read themselves. */
const READERS = 64;
const POLL_MS = 100;
/** A projection still running after this long is cancelled and recorded as timed out. */
const TIMEOUT_SECONDS = Number(process.env.WHAT_IF_TIMEOUT_SECONDS ?? 3600);
/** The size of the maximal projection (c): the limit, or less for a quick run of the script. */
const MAXIMAL = Number(process.env.WHAT_IF_MAXIMAL ?? WHAT_IF_MAX_MEMBER_DAYS);
/** How long before a timed projection the page is opened (its threads start then, as they do for an admin). */
const PAGE_OPEN_MS = 1000;
/** Linux USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-what-if-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, port: PG_PORT, password: 'bench', database: 'app' });
const db = createPool(pg.url, 8);
let server: ChildProcess | null = null;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 2 });

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  cores: os.cpus().length,
  treeSize: SIZE,
  measureSeconds: SECONDS,
  rounds: ROUNDS,
  connections: CONNECTIONS,
  memberViewCache: 'off (MEMBER_VIEW_CACHE_SECONDS=0: every GET /users/{id} reads the database)',
  // the 1-minute load average at the start, when each phase started and at the end: other work on
  // the machine skews the figures
  loadAverage: { before: round(os.loadavg()[0]!) } as Record<string, number>,
};
const phase = (name: string) => {
  (results.loadAverage as Record<string, number>)[name] = round(os.loadavg()[0]!);
};

try {
  await migrate(db);
  phase('build');
  log(`building a platform of ${SIZE.toLocaleString()} members`);
  results.tree = await buildTree(db, SIZE);
  // tree-build's members have no usable password: one argon2id hash of PASSWORD for all of them
  await db.query(`UPDATE users SET password_hash = $1 WHERE role = 'user'`, [await hashPassword(PASSWORD)]);
  await rollUpTeams(db, { batch: 100_000, timeoutMs: 60_000 });
  const platform = (
    await db.query<{ claimants: number; plan_id: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE role = 'user' AND status = 'unblock'
                  AND is_active = 'active') AS claimants,
              (SELECT id FROM plans WHERE name = 'Bench') AS plan_id`,
    )
  ).rows[0]!;
  results.claimants = platform.claimants;
  log('tree', results.tree, 'claimants', platform.claimants);

  server = await startServer();
  const admin = await call<{ token?: string; admin?: { token: string } }>('POST', '/auth/adminsignin', ADMIN);
  const adminAuth = { authorization: `Bearer ${admin.body.admin?.token ?? admin.body.token}` };

  // accounts: members 2..half sign in with the right password (the first READERS of them also read
  // themselves), members half+1..SIZE take the wrong ones, each in turn
  const half = Math.floor(SIZE / 2);
  const readers: { id: number; token: string }[] = [];
  for (let id = 2; readers.length < READERS; id++) {
    const r = await call<{ token: string }>('POST', '/auth/signin', { email: email(id), password: PASSWORD });
    if (r.status !== 200) throw new Error(`sign-in of member ${id}: ${r.status} ${JSON.stringify(r.body)}`);
    readers.push({ id, token: r.body.token });
  }
  let signIns = 0;
  let wrongs = 0;
  const signIn = async () => {
    signIns += 1;
    if (signIns % WRONG_EVERY === 0) {
      wrongs += 1;
      const id = half + 1 + (wrongs % (SIZE - half));
      return {
        expect: 401,
        status: await status('POST', '/auth/signin', { email: email(id), password: 'Wrong-1234' }),
      };
    }
    const id = 2 + (signIns % (half - 1));
    return {
      expect: 200,
      status: await status('POST', '/auth/signin', { email: email(id), password: PASSWORD }),
    };
  };
  let reads = 0;
  const userRead = async () => {
    const r = readers[reads++ % readers.length]!;
    return {
      expect: 200,
      status: await status('GET', `/users/${r.id}`, undefined, { authorization: `Bearer ${r.token}` }),
    };
  };

  // projections alone, smallest first
  const scenario = (target: number, maxDays: number) => {
    const days = Math.max(1, Math.min(maxDays, Math.floor(target / Math.max(platform.claimants, 1))));
    const triangle = (days * (days + 1)) / 2;
    const joins = Math.max(0, Math.floor((target - platform.claimants * days) / triangle));
    return {
      body: {
        days,
        joins_per_day: joins,
        claim_rate: 100,
        plans: [{ id: platform.plan_id, roi_percent: 1 }],
      },
      memberDays: platform.claimants * days + joins * triangle,
    };
  };
  const small = scenario(60_000, 30);
  const medium = scenario(1_000_000, 90);
  const maximal = scenario(MAXIMAL, 365);
  const runs: Record<string, unknown>[] = [];
  for (const [name, s] of [
    ['a', small],
    ['b', medium],
    ['c', maximal],
  ] as const) {
    phase(`projection_${name}`);
    log(`projection (${name}): ${s.memberDays.toLocaleString()} member-days`, s.body);
    const cpu = cpuTimes();
    const run = await project(adminAuth, s.body, s.memberDays);
    runs.push({ name, ...run, coresBusy: busySince(cpu) });
    log(`projection (${name})`, runs.at(-1));
  }
  results.runs = runs;
  const b = runs[1]!;
  results.memberDays = b.memberDays;
  results.seconds = b.seconds;
  results.memberDaysPerSecond = b.memberDaysPerSecond;

  // idle and during the maximal projection in alternating rounds (idle, then with (c) running, again
  // and again), so whatever else loads the machine weighs on both alike
  const parts: Record<'idleSignIn' | 'idleUserRead' | 'duringSignIn' | 'duringUserRead', Sample[]> = {
    idleSignIn: [],
    idleUserRead: [],
    duringSignIn: [],
    duringUserRead: [],
  };
  const projectionsDuring: unknown[] = [];
  let skipped: string | null = null;
  for (let r = 1; r <= ROUNDS; r++) {
    phase(`idle${r}`);
    parts.idleSignIn.push(await measure(signIn));
    parts.idleUserRead.push(await measure(userRead));
    log(
      `round ${r} idle: sign-in p99`,
      parts.idleSignIn.at(-1)!.p99Ms,
      'read p99',
      parts.idleUserRead.at(-1)!.p99Ms,
    );
    if (skipped) continue;
    phase(`during${r}`);
    const projector = startProjector(adminAuth, maximal.body, maximal.memberDays);
    await projector.firstStarted;
    const failure = projector.failed();
    if (failure) {
      skipped = `the maximal projection did not start: ${failure}`;
      log(skipped);
      continue;
    }
    parts.duringSignIn.push(await measure(signIn, projector));
    parts.duringUserRead.push(await measure(userRead, projector));
    projectionsDuring.push(await projector.stop());
    await sleep(1000); // the cancelled worker stops within a second
    log(
      `round ${r} during: sign-in p99`,
      parts.duringSignIn.at(-1)!.p99Ms,
      'read p99',
      parts.duringUserRead.at(-1)!.p99Ms,
      'projections',
      projectionsDuring.at(-1),
    );
  }
  const idleSignIn = summarize(parts.idleSignIn)!;
  const idleUserRead = summarize(parts.idleUserRead)!;
  const duringSignIn = summarize(parts.duringSignIn);
  const duringUserRead = summarize(parts.duringUserRead);
  results.idle = { signIn: idleSignIn, userRead: idleUserRead };
  results.during = skipped
    ? { skipped }
    : { signIn: duringSignIn, userRead: duringUserRead, projections: projectionsDuring };
  results.signInP99MsIdle = idleSignIn.p99Ms;
  results.signInP99MsDuring = duringSignIn?.p99Ms ?? null;
  results.signInP99Ratio = duringSignIn ? round(duringSignIn.p99Ms / idleSignIn.p99Ms) : null;
  results.userReadP99MsIdle = idleUserRead.p99Ms;
  results.userReadP99MsDuring = duringUserRead?.p99Ms ?? null;
  results.userReadP99Ratio = duringUserRead ? round(duringUserRead.p99Ms / idleUserRead.p99Ms) : null;
  results.coresBusy = {
    idleSignIn: idleSignIn.coresBusy,
    idleUserRead: idleUserRead.coresBusy,
    duringSignIn: duringSignIn?.coresBusy ?? null,
    duringUserRead: duringUserRead?.coresBusy ?? null,
  };
  phase('after');
  results.totalSeconds = round((performance.now() - started) / 1000);
} finally {
  agent.destroy();
  if (server) await stop(server);
  await db.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

writeFileSync(
  path.resolve(import.meta.dirname, 'results/what-if.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
log('written bench/results/what-if.json');
const printed = (results.runs ?? []) as {
  name: string;
  memberDays: number;
  seconds: number | null;
  memberDaysPerSecond: number | null;
  status: string;
}[];
const la = results.loadAverage as Record<string, number>;
console.table({
  ...Object.fromEntries(
    printed.map((r) => [
      `projection (${r.name}) ${r.memberDays.toLocaleString()} member-days: s, member-days/s`,
      r.status === 'done' ? `${r.seconds} s, ${r.memberDaysPerSecond?.toLocaleString()}/s` : r.status,
    ]),
  ),
  'sign-in p99 ms idle / during (ratio)': `${results.signInP99MsIdle} / ${results.signInP99MsDuring} (${results.signInP99Ratio})`,
  'GET /users/{id} p99 ms idle / during (ratio)': `${results.userReadP99MsIdle} / ${results.userReadP99MsDuring} (${results.userReadP99Ratio})`,
  'cores busy sign-in idle / during': `${(results.coresBusy as Record<string, unknown>)?.idleSignIn} / ${(results.coresBusy as Record<string, unknown>)?.duringSignIn}`,
  'cores busy user read idle / during': `${(results.coresBusy as Record<string, unknown>)?.idleUserRead} / ${(results.coresBusy as Record<string, unknown>)?.duringUserRead}`,
  'load average (before / after)': `${la.before} / ${la.after}`,
});

function email(id: number) {
  return `m${id}@bench.local`;
}

/** One measurement: the latencies of the requests that count and what answered. */
interface Sample {
  latencies: number[];
  p99Ms: number;
  statuses: Record<string, number>;
  unexpected: number;
  leftOut: number;
  seconds: number;
  coresBusy: number | null;
}

/** The projection running now, as `measure` sees it: a request counts if one job ran all through it. */
interface Gate {
  current(): number | null;
}

/** CONNECTIONS loops of `op` for SECONDS / ROUNDS; the latencies of the requests that count. */
async function measure(op: () => Promise<{ expect: number; status: number }>, gate?: Gate): Promise<Sample> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  let leftOut = 0;
  const cpu = cpuTimes();
  const t0 = performance.now();
  const until = t0 + (SECONDS / ROUNDS) * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const job = gate ? gate.current() : null;
        const s = performance.now();
        let r: { expect: number; status: number };
        try {
          r = await op();
        } catch {
          r = { expect: 200, status: 0 };
        }
        const ms = performance.now() - s;
        if (gate && (job === null || gate.current() !== job)) {
          leftOut += 1;
          continue;
        }
        latencies.push(ms);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== r.expect) unexpected += 1;
      }
    }),
  );
  return {
    latencies,
    p99Ms: quantile(
      [...latencies].sort((x, y) => x - y),
      0.99,
    ),
    statuses,
    unexpected,
    leftOut,
    seconds: (performance.now() - t0) / 1000,
    coresBusy: busySince(cpu),
  };
}

/** The rounds of one figure as one: percentiles over all their requests. */
function summarize(samples: Sample[]) {
  if (samples.length === 0) return null;
  const latencies = samples.flatMap((s) => s.latencies).sort((x, y) => x - y);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const s of samples)
    for (const [k, n] of Object.entries(s.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  const busy = samples.map((s) => s.coresBusy).filter((b): b is number => b !== null);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: quantile(latencies, 1),
    /** p99 of each round. */
    roundsP99Ms: samples.map((s) => s.p99Ms),
    /** Answers other than the expected one (200, or 401 for a wrong password). */
    unexpected: samples.reduce((sum, s) => sum + s.unexpected, 0),
    statuses,
    /** Requests not counted because no one projection ran all through them (during only). */
    leftOut: samples.reduce((sum, s) => sum + s.leftOut, 0),
    seconds: round(seconds),
    /** How busy the cores were (bench/cpu-busy.mjs), mean of the rounds. */
    coresBusy: busy.length ? round(busy.reduce((sum, b) => sum + b, 0) / busy.length) : null,
  };
}

/** The q-quantile of sorted latencies (nearest rank), in ms. */
function quantile(sorted: number[], q: number) {
  return sorted.length ? round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!) : Number.NaN;
}

interface Job {
  id: number;
  status: string;
  member_days?: number;
  progress?: { days_done: number; days: number };
  started_at?: string;
  finished_at?: string | null;
  error?: string | null;
}

/** One projection, from the POST to the answer saying it is done (polled every POLL_MS). */
async function project(headers: Record<string, string>, body: unknown, memberDays: number) {
  // the admin opens the What if page (which asks whether one is running) and fills in the form
  await call('GET', '/plans/what-if', undefined, headers);
  await sleep(PAGE_OPEN_MS);
  const t0 = performance.now();
  const cpu0 = serverCpuSeconds();
  const posted = await postJob(headers, body);
  if (posted.status !== 202) {
    return {
      memberDays,
      seconds: null,
      memberDaysPerSecond: null,
      status: `HTTP ${posted.status}`,
      error: posted.body,
    };
  }
  const job = await untilFinished(headers, posted.body.id, true);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = serverCpuSeconds() - cpu0;
  return {
    ...timed(posted.body.member_days ?? memberDays, seconds, job.status),
    jobId: job.id,
    serverSeconds: serverSeconds(job),
    // CPU of the server process (the projection's worker thread and the polls), and its share of
    // one core over the run: well under 1 means the worker (lowest CPU priority) waited for others
    serverCpuSeconds: round(cpu),
    serverCpuShareOfOneCore: round(cpu / seconds),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** User + system CPU seconds of the server process so far (Linux /proc; 0 elsewhere). */
function serverCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${server?.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function timed(memberDays: number, seconds: number, status: string) {
  return {
    memberDays,
    seconds: round(seconds),
    memberDaysPerSecond: Math.round(memberDays / seconds),
    status,
  };
}

function serverSeconds(job: Job) {
  return job.started_at && job.finished_at
    ? round((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000)
    : null;
}

async function untilFinished(headers: Record<string, string>, id: number, say = false): Promise<Job> {
  const deadline = performance.now() + TIMEOUT_SECONDS * 1000;
  let said = performance.now();
  for (;;) {
    await sleep(POLL_MS);
    const r = await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers);
    if (r.status !== 200) throw new Error(`GET /plans/what-if/${id}: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.status !== 'running') return r.body;
    if (say && performance.now() - said > 60_000) {
      said = performance.now();
      log(`  job ${id}: day ${r.body.progress?.days_done} of ${r.body.progress?.days}`);
    }
    if (performance.now() > deadline) {
      await call('DELETE', `/plans/what-if/${id}`, undefined, headers);
      return { ...r.body, status: `timed out after ${TIMEOUT_SECONDS} s (cancelled)` };
    }
  }
}

/** POST /plans/what-if; a 409 (the one before is still finishing) is tried again for a while. */
async function postJob(headers: Record<string, string>, body: unknown) {
  for (let i = 0; ; i++) {
    const posted = await call<Job>('POST', '/plans/what-if', body, headers);
    if (posted.status !== 409 || i >= 50) return posted;
    await sleep(POLL_MS);
  }
}

/**
 * The maximal projection over and over until stopped: `current()` is the job running now (null
 * between two). `stop()` cancels the one running and says how long its cancelled answer took.
 */
function startProjector(headers: Record<string, string>, body: unknown, memberDays: number) {
  let current: number | null = null;
  let generation = 0;
  let stopping = false;
  let failure: string | null = null;
  const finished: Record<string, unknown>[] = [];
  let markStarted: () => void = () => undefined;
  const firstStarted = new Promise<void>((r) => {
    markStarted = r;
  });
  const loop = (async () => {
    while (!stopping) {
      const t0 = performance.now();
      const posted = await postJob(headers, body);
      if (posted.status !== 202) {
        failure = `HTTP ${posted.status} ${JSON.stringify(posted.body).slice(0, 300)}`;
        markStarted();
        return;
      }
      generation += 1;
      current = generation;
      markStarted();
      const id = posted.body.id;
      for (;;) {
        await sleep(POLL_MS);
        if (stopping) {
          current = null;
          const c0 = performance.now();
          const del = await call<unknown>('DELETE', `/plans/what-if/${id}`, undefined, headers);
          let job: Job | null = null;
          if (del.status < 300) {
            job = (await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers)).body;
            if (job.status === 'running') job = await untilFinished(headers, id);
          }
          return {
            cancelHttpStatus: del.status,
            cancelledStatus: job?.status ?? null,
            cancelSeconds: round((performance.now() - c0) / 1000),
            cancelledAtDay: job?.progress?.days_done ?? null,
          };
        }
        const r = await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers);
        if (r.body.status !== 'running') {
          current = null;
          finished.push({
            ...timed(r.body.member_days ?? memberDays, (performance.now() - t0) / 1000, r.body.status),
            serverSeconds: serverSeconds(r.body),
          });
          break;
        }
      }
    }
    return null;
  })();
  return {
    firstStarted,
    failed: () => failure,
    current: () => current,
    async stop() {
      stopping = true;
      const cancel = await loop;
      return { completedUnderLoad: finished, cancel };
    },
  };
}

async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await request(method, url, body, headers, true);
  return { status: r.status, body: (r.text ? JSON.parse(r.text) : null) as T };
}

async function status(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return (await request(method, url, body, headers, false)).status;
}

/** One request over the keep-alive agent (cheaper for the load generator than fetch). */
function request(method: string, url: string, body: unknown, headers: Record<string, string>, keep: boolean) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${base}/api/v1${url}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (keep) res.on('data', (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** The built server over the benchmark database, with its jobs running. */
async function startServer() {
  const proc = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(HTTP_PORT),
      DATABASE_URL: pg.url,
      DATA_DIR: dir,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_PER_IP: '1000000',
      WORKER: 'on',
      WEB_DIST: '/nonexistent',
      MEMBER_VIEW_CACHE_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return proc;
    await sleep(100);
  }
  throw new Error('server did not start');
}

async function stop(proc: ChildProcess) {
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await exited;
}
