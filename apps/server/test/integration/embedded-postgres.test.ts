/**
 * The embedded PostgreSQL of a real server process: a data directory made by an earlier release
 * (fixed password `postgres`, no password file) keeps working and moves to a generated password;
 * a postmaster that dies under the server is noticed, logged and started again, with the data
 * committed before it still there. It runs with checkpoints spaced for a write-heavy ledger.
 */
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
        phone: '5550001',
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
});
