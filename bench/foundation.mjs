// Foundation benchmark: cold and warm start of the built server on the embedded PostgreSQL, then
// load on a read route and on sign-in (argon2-bound), and the server's memory after it.
// Run with `npm run bench` (builds the server first). Writes bench/results/foundation.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = 3900;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));

function startServer() {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '54390',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@bench.local',
      ADMIN_PASSWORD: 'BenchAdmin123',
      LOGIN_RATE_PER_IP: '1000000',
      LOGIN_FAILS_PER_ACCOUNT: '1000000',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  return { proc, t0 };
}

async function untilHealthy(t0) {
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
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
};

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

results.getOwnUser = await load({ path: `/api/v1/users/${reg.auth.id}`, headers: auth, duration: 10 });
results.signin = await load({
  path: '/api/v1/auth/signin',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'root@bench.local', password: 'BenchPass123' }),
  duration: 10,
});
results.rssAfterLoadMb = rssMb(server.proc.pid);
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
});
