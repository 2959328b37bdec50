// Foundation benchmark: cold and warm start of the built server on the embedded PostgreSQL, then
// load on a read route and on sign-in (argon2-bound), and the server's memory after it. Then
// `usersRead`: the member dashboard's main call (authenticated GET /api/v1/users/{id}) at 50
// connections against a bare Fastify "hello" on the same machine in the same run, in alternated
// rounds (hello, users, hello, users...), so whatever else loads the machine weighs on both alike.
// The server answers a member's figures from memory until they change (users/view-cache.ts), so each
// round also reads them from a second instance over the same database with that cache off
// (MEMBER_VIEW_CACHE_SECONDS=0): `uncachedRequestsPerSec`, what every read after a change costs.
// Then `signIns` (issue 30, bench/sign-ins.mjs): member sign-ins through the route, 1,000 accounts in
// rotation at 8 clients, against argon2id verifications alone, in alternated rounds (route, hashes...).
// Run with `npm run bench` (builds the server first). Writes bench/results/foundation.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeAccounts, measureSignIns, treeCpuMs } from './sign-ins.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = 3900;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));

function startServer(extraEnv = {}, serverPort = port) {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '54390',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@bench.local',
      ADMIN_PASSWORD: 'BenchAdmin123',
      LOGIN_RATE_PER_IP: '1000000',
      LOGIN_FAILS_PER_ACCOUNT: '1000000',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: 'ignore',
  });
  return { proc, t0 };
}

async function untilHealthy(t0, url = base) {
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Math.round(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stop(proc) {
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
};

function load(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ url: `${base}${opts.path}`, connections: 10, duration: opts.duration, ...opts }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            requestsPerSec: Math.round(r.requests.average),
            latencyP50Ms: r.latency.p50,
            latencyP99Ms: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors,
          }),
    ),
  );
}

const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  // the 1-minute load average when each phase started: other work on the machine skews the figures
  loadAverage: {},
};
const phase = (name) => {
  results.loadAverage[name] = Number(os.loadavg()[0].toFixed(2));
};

/** A bare Fastify answering { hello: 'world' } in its own process: the ceiling of this machine. */
const HELLO_PORT = 3901;
async function startHello() {
  const code = `const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: ${HELLO_PORT}, host: '127.0.0.1' });`;
  const proc = spawn(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${HELLO_PORT}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const UNCACHED_PORT = 3902;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** `usersRead`: the authenticated member read against the bare Fastify hello, alternated rounds. */
async function usersRead(userPath, headers) {
  const hello = await startHello();
  // a second instance on the first one's embedded database (and DATA_DIR: the same signing key)
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const uncached = startServer(
    {
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:54390/app`,
      MEMBER_VIEW_CACHE_SECONDS: '0',
      WORKER: 'off',
    },
    UNCACHED_PORT,
  );
  await untilHealthy(uncached.t0, `http://127.0.0.1:${UNCACHED_PORT}`);
  const rounds = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const h = await load({
        url: `http://127.0.0.1:${HELLO_PORT}/`,
        path: '',
        connections: 50,
        duration: 10,
      });
      const u = await load({ path: userPath, headers, connections: 50, duration: 10 });
      const m = await load({
        url: `http://127.0.0.1:${UNCACHED_PORT}${userPath}`,
        path: '',
        headers,
        connections: 50,
        duration: 10,
      });
      rounds.push({
        hello: h.requestsPerSec,
        users: u.requestsPerSec,
        usersP99Ms: u.latencyP99Ms,
        uncached: m.requestsPerSec,
        uncachedP99Ms: m.latencyP99Ms,
        non2xx: u.non2xx + m.non2xx,
      });
    }
  } finally {
    await stop(hello);
    await stop(uncached.proc);
  }
  const mean = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const requestsPerSec = mean(rounds.map((r) => r.users));
  const fastifyHelloRequestsPerSec = mean(rounds.map((r) => r.hello));
  const uncachedRequestsPerSec = mean(rounds.map((r) => r.uncached));
  return {
    connections: 50,
    requestsPerSec,
    fastifyHelloRequestsPerSec,
    ratio: Number((requestsPerSec / fastifyHelloRequestsPerSec).toFixed(3)),
    uncachedRequestsPerSec,
    uncachedRatio: Number((uncachedRequestsPerSec / fastifyHelloRequestsPerSec).toFixed(3)),
    rounds,
  };
}

let server = startServer();
results.coldStartMs = await untilHealthy(server.t0); // initdb + migrations + first admin
await stop(server.proc);
server = startServer();
results.warmStartMs = await untilHealthy(server.t0);
results.rssIdleMb = rssMb(server.proc.pid);

const reg = await fetch(`${base}/api/v1/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    fullname: 'Bench Root',
    email: 'root@bench.local',
    phone: '5550001',
    password: 'BenchPass123',
  }),
}).then((r) => r.json());
const auth = { authorization: `Bearer ${reg.auth.token}`, 'content-type': 'application/json' };

phase('getOwnUser');
results.getOwnUser = await load({ path: `/api/v1/users/${reg.auth.id}`, headers: auth, duration: 10 });
phase('signin');
results.signin = await load({
  path: '/api/v1/auth/signin',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'root@bench.local', password: 'BenchPass123' }),
  duration: 10,
});
results.rssAfterLoadMb = rssMb(server.proc.pid);
phase('usersRead');
results.usersRead = await usersRead(`/api/v1/users/${reg.auth.id}`, auth);
// the 1,000 accounts of `signIns`, registered through the product before the phase
const pgPassword = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
const accountsStart = performance.now();
const hashes = await makeAccounts({
  base,
  databaseUrl: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:54390/app`,
  sponsorCode: reg.auth.refferal_code,
});
const accountsMadeMs = Math.round(performance.now() - accountsStart);
phase('signIns');
{
  const { figures, ...signIns } = await measureSignIns({
    routes: { route: base },
    hashes,
    rounds: ROUNDS,
    seconds: Number(process.env.BENCH_SIGNIN_SECONDS ?? 10),
    // the server with its embedded PostgreSQL (the second instance of usersRead has stopped)
    cpuMs: { route: () => treeCpuMs(server.proc.pid) },
  });
  results.signIns = {
    ...signIns,
    accountsMadeMs,
    route: { ...figures.route, note: 'POST /api/v1/auth/signin, 1,000 member accounts in rotation' },
    // the route against its ceiling, measured in alternating rounds in this run (goal >= 0.85)
    routeToHashRatio: figures.route.routeToHashRatio,
  };
}
phase('end');
await stop(server.proc);
rmSync(dataDir, { recursive: true, force: true });

writeFileSync(path.join(root, 'bench/results/foundation.json'), `${JSON.stringify(results, null, 2)}\n`);
console.table({
  'cold start (initdb + migrate), ms': results.coldStartMs,
  'warm start, ms': results.warmStartMs,
  'GET /users/{id} req/s': results.getOwnUser.requestsPerSec,
  'GET /users/{id} p99 ms': results.getOwnUser.latencyP99Ms,
  'POST /auth/signin req/s': results.signin.requestsPerSec,
  'POST /auth/signin p99 ms': results.signin.latencyP99Ms,
  'RSS idle / after load, MB': `${results.rssIdleMb} / ${results.rssAfterLoadMb}`,
  'usersRead: GET /users/{id} req/s at 50 connections': results.usersRead.requestsPerSec,
  'usersRead: bare Fastify hello req/s at 50 connections': results.usersRead.fastifyHelloRequestsPerSec,
  'usersRead: ratio (goal >= 0.25)': results.usersRead.ratio,
  'usersRead: req/s with the member view cache off': results.usersRead.uncachedRequestsPerSec,
  'usersRead: ratio with the cache off': results.usersRead.uncachedRatio,
  'signIns: POST /auth/signin/s, 1,000 accounts, 8 clients': results.signIns.route.perSecond,
  'signIns: argon2id verifications/s alone, 8 concurrent': results.signIns.hashOnly.perSecond,
  'signIns: ratio (goal >= 0.85)': results.signIns.routeToHashRatio,
  'signIns: failed sign-ins (non-2xx)': results.signIns.route.failed,
  'load average (start / end)': `${results.loadAverage.getOwnUser} / ${results.loadAverage.end}`,
});
