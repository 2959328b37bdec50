/**
 * The embedded PostgreSQL of a real server process: a data directory made by an earlier release
 * (fixed password `postgres`, no password file) keeps working and moves to a generated password;
 * a postmaster that dies under the server is noticed, logged and started again, with the data
 * committed before it still there. It runs with checkpoints spaced for a write-heavy ledger. A
 * PostgreSQL left running by a killed server is taken over by the next start, watched and stopped.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { randomPort, startServer, waitForHealth, waitForOutput } from '../server-process.js';

let dataDir: string;
const pgPort = randomPort(57100);
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-embedded-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

async function connectAs(password: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pgPort,
    user: 'postgres',
    password,
    database: 'app',
  });
  try {
    await client.connect();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('embedded PostgreSQL under a running server', () => {
  it('adopts an old data directory with a generated password and restarts a killed postmaster', async () => {
    // a data directory as the releases before the generated password left it
    const old = await startEmbeddedPostgres({ dataDir, port: pgPort, password: 'postgres' });
    await old.stop();

    const server = startServer({
      port: randomPort(4500),
      env: {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        EMBEDDED_PG_PASSWORD: undefined,
        ADMIN_EMAIL: 'embedded@test.local',
        ADMIN_PASSWORD: 'EmbeddedAdmin123',
      },
    });
    try {
      await waitForHealth(server);
      expect(server.output()).toMatch(/password changed from the former fixed default/);
      const passwordFile = path.join(dataDir, 'pg-password');
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      const password = (await readFile(passwordFile, 'utf8')).trim();
      expect(await connectAs('postgres')).toBe('28P01');
      expect(await connectAs(password)).toBe('ok');
      // checkpoints spaced for a write-heavy ledger (embedded.ts)
      const settings = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password });
      await settings.connect();
      const shown = await settings.query(
        `SELECT name, setting, unit FROM pg_settings WHERE name IN ('max_wal_size', 'checkpoint_timeout') ORDER BY name`,
      );
      await settings.end();
      expect(shown.rows).toEqual([
        { name: 'checkpoint_timeout', setting: '900', unit: 's' },
        { name: 'max_wal_size', setting: '4096', unit: 'MB' },
      ]);

      const member = {
        fullname: 'Before Crash',
        email: 'crash@test.local',
        phone: '5550001234',
        password: 'Crash-Recovery-7319',
      };
      const post = (url: string, body: unknown) =>
        fetch(`${server.base}/api/v1${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const registered = await post('/auth/register', member);
      expect(registered.status, await registered.text()).toBe(201);

      // the postmaster dies (as the OOM killer would do it)
      const postmaster = Number(
        (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
      process.kill(postmaster, 'SIGKILL');
      await waitForOutput(server, /exited unexpectedly \(SIGKILL\): restarting it/);
      await waitForOutput(server, /the embedded PostgreSQL is running again/);
      await waitForHealth(server);
      expect(server.alive()).toBe(true);
      const signin = await post('/auth/signin', { email: member.email, password: member.password });
      expect(signin.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // the restarted postmaster was stopped with the server
    await expect(stat(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    expect(await connectAs('postgres')).not.toBe('ok');
  }, 240_000);

  it('after the server is killed, the next start takes over its PostgreSQL, restarts it when killed, and stops it on SIGTERM', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'app-orphan-'));
    const port = randomPort(57900);
    const env = {
      DATABASE_URL: '',
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(port),
      ADMIN_EMAIL: 'orphan@test.local',
      ADMIN_PASSWORD: 'OrphanAdmin12345',
    };
    const postmasterPid = async () =>
      Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    // running, not merely unreaped (an orphan's parent may be an init that does not reap)
    const alive = (pid: number) => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    const member = {
      fullname: 'Acked Member',
      email: 'acked@test.local',
      phone: '5550002000',
      password: 'Acked-Before-Kill-42',
    };
    const post = (base: string, url: string, body: unknown) =>
      fetch(`${base}/api/v1${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      const first = startServer({ port: randomPort(4600), env });
      await waitForHealth(first);
      expect((await post(first.base, '/auth/register', member)).status).toBe(201);
      // the server is killed: its PostgreSQL keeps running on its own
      first.proc.kill('SIGKILL');
      await first.exited;
      const orphan = await postmasterPid();
      expect(alive(orphan)).toBe(true);

      const second = startServer({ port: randomPort(5600), env });
      try {
        await waitForHealth(second);
        expect(second.output()).toMatch(/was still running without the server that started it/);
        expect(alive(orphan)).toBe(false);
        const owned = await postmasterPid();
        expect(owned).not.toBe(orphan);

        // this one is watched: killed, it is back within 10 s, with every acknowledged write
        process.kill(owned, 'SIGKILL');
        const killedAt = Date.now();
        await waitForOutput(second, /exited unexpectedly \(SIGKILL\): restarting it/);
        await waitForHealth(second, 200, 10_000);
        expect(Date.now() - killedAt).toBeLessThan(10_000);
        const signin = await post(second.base, '/auth/signin', {
          email: member.email,
          password: member.password,
        });
        expect(signin.status).toBe(200);
        const restarted = await postmasterPid();

        // SIGTERM stops both
        expect(await second.stop()).toBe(0);
        expect(alive(restarted)).toBe(false);
        await expect(stat(path.join(dir, 'pg', 'postmaster.pid'))).rejects.toThrow();
      } finally {
        if (second.alive()) await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
