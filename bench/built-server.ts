/**
 * The built server (apps/server/dist) over a benchmark's own database, with its jobs running, for
 * the benchmarks that measure it over HTTP (bench:tree, bench:what-if).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');

export async function startBuiltServer(o: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  admin: { email: string; password: string };
}): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(o.port),
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      JWT_SECRET: o.jwtSecret,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: o.admin.email,
      ADMIN_PASSWORD: o.admin.password,
      LOGIN_RATE_PER_IP: '1000000',
      WORKER: 'on',
      WEB_DIST: '/nonexistent',
      // every member read goes to the database: what a read costs, which answers from memory would
      // hide (users/view-cache.ts)
      MEMBER_VIEW_CACHE_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`http://127.0.0.1:${o.port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

export async function stopBuiltServer(proc: ChildProcess) {
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await exited;
}
