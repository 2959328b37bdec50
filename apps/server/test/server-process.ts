/**
 * The real server as a child process (`node --import tsx src/main.ts` from a checkout), for tests of
 * what only a process shows: that it stays up, what it logs, how it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { budget } from './load-budget.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export { budget, loadFactor } from './load-budget.js';

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code (or signal name) once it has exited. */
  exited: Promise<number | string | null>;
  alive(): boolean;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | string | null>;
}

/** `env` goes on top of this process's; a key set to undefined is removed. */
export function startServer(opts: {
  env: Record<string, string | undefined>;
  cwd?: string;
  port: number;
  /** Another way to run it (e.g. under script(1) for a terminal); default: node on src/main.ts. */
  command?: string[];
}): ServerProcess {
  let output = '';
  let done = false;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    // these servers start on a fresh database and sign their admin in with a password, as the
    // browser tests do: two-factor relaxed at the first start (issue36-totp-default.test.ts)
    ADMIN_TOTP_REQUIRED: 'off',
    ...opts.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const [file, ...args] = opts.command ?? [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  const proc = spawn(file!, args, {
    cwd: opts.cwd ?? REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    proc.on('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal);
    }),
  );
  return {
    proc,
    base: `http://127.0.0.1:${opts.port}`,
    output: () => output,
    exited,
    alive: () => !done,
    async stop() {
      if (!done) proc.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs a command-line tool of the server (`apps/server/src/cli/<name>.ts`) to its end. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const merged: Record<string, string | undefined> = { ...process.env, ...env };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    const proc = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The status of GET /healthz, or 'down' when nothing answers. */
export async function health(base: string): Promise<number | 'down'> {
  return fetch(`${base}/healthz`).then(
    (r) => r.status,
    () => 'down' as const,
  );
}

/** Polls until GET /healthz answers `status` (the server may need a while on a loaded machine). */
export async function waitForHealth(server: ServerProcess, status = 200, timeoutMs = budget(90_000)) {
  const until = Date.now() + timeoutMs;
  let last: number | 'down' = 'down';
  while (Date.now() < until) {
    if (!server.alive()) throw new Error(`server exited:\n${server.output()}`);
    last = await health(server.base);
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`healthz never answered ${status} (last: ${last}):\n${server.output().slice(-4000)}`);
}

/** Polls until the server's output matches `pattern`. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = budget(90_000)) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (pattern.test(server.output())) return;
    if (!server.alive()) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`output never matched ${pattern}:\n${server.output().slice(-4000)}`);
}

export const randomPort = (from: number) => from + Math.floor(Math.random() * 900);
