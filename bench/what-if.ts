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

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPool } from '../apps/server/src/db/pool.js';
import { rollUpTeams } from '../apps/server/src/modules/compensation/referral/rollup.js';
import { hashPassword } from '../apps/server/src/modules/identity/auth/passwords.js';
import { startBuiltServer, stopBuiltServer } from './built-server.js';
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { buildTree, round } from './tree-build.js';
import { call, closeClient, HTTP_PORT, status } from './what-if-http.js';
import { MAXIMAL, project, startProjector, watchServer } from './what-if-jobs.js';
import { measure, type Sample, summarize } from './what-if-load.js';

const SIZE = Number(process.env.TREE_SIZE ?? 10_000);
/** Seconds of each figure (sign-in, read; idle, during), split over ROUNDS rounds. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PG_PORT = 54471;
const JWT_SECRET = 'bench-what-if-'.padEnd(48, 'x');
const ADMIN = { email: 'bench@bench.local', password: 'BenchAdmin123' };
const PASSWORD = 'BenchPass123';
/** One sign-in in WRONG_EVERY uses a wrong password. */
const WRONG_EVERY = 10;
/** Members signed in once up front whose sessions read themselves. */
const READERS = 64;
/** One round of a figure: CONNECTIONS loops for SECONDS / ROUNDS. */
const round_ = { connections: CONNECTIONS, ms: (SECONDS / ROUNDS) * 1000 };

const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-what-if-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, port: PG_PORT, password: 'bench', database: 'app' });
const db = createPool(pg.url, 8);
let server: ChildProcess | null = null;

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

  server = await startBuiltServer({
    port: HTTP_PORT,
    databaseUrl: pg.url,
    dataDir: dir,
    jwtSecret: JWT_SECRET,
    admin: ADMIN,
  });
  watchServer(() => server?.pid);
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
    parts.idleSignIn.push(await measure(signIn, round_));
    parts.idleUserRead.push(await measure(userRead, round_));
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
    parts.duringSignIn.push(await measure(signIn, round_, projector));
    parts.duringUserRead.push(await measure(userRead, round_, projector));
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
  closeClient();
  if (server) await stopBuiltServer(server);
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

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
