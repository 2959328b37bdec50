/**
 * Issue: as root, `git clone` into /root (mode 700), `npm install && npm run demo`: the embedded
 * PostgreSQL runs as the `postgres` system user, which cannot enter /root, and initdb failed with
 * `spawn ... EACCES`. Here the same from a private directory: the product starts, says where it put
 * what that user could not reach, and answers /healthz. Only meaningful as root.
 */

import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_PLACE } from '../../src/db/embedded-root.js';
import { privateCheckout } from '../private-checkout.js';
import { budget, randomPort, startServer, waitForHealth } from '../server-process.js';

const asRoot = process.getuid?.() === 0;
const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

describe('as root, from a checkout in a private home', () => {
  it.skipIf(!asRoot)(
    'starts with demo data and answers /healthz (skipped unless the tests run as root)',
    async () => {
      const parent = await mkdtemp(path.join(os.tmpdir(), 'earnhub-home-'));
      cleanup.push(parent);
      const { repo } = await privateCheckout(parent);
      // contracts are imported from their build output; the server itself runs from source (tsx)
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'packages/contracts'], {
        cwd: repo,
      });
      const pgPort = randomPort(57000);
      const server = startServer({
        cwd: repo,
        port: randomPort(4400),
        // what `npm run demo` sets; DATA_DIR stays the default ./data, inside the private directory
        env: { DEMO_DATA: 'on', DATABASE_URL: '', DATA_DIR: undefined, EMBEDDED_PG_PORT: String(pgPort) },
      });
      try {
        await waitForHealth(server, 200, budget(240_000));
        const output = server.output();
        const runtime = output.match(/running the copy in (\S+)/)?.[1];
        const data = output.match(/PostgreSQL data is in (\S+) \(DATA_DIR\/pg points there\)/)?.[1];
        expect(runtime, output).toMatch(new RegExp(`^${ROOT_PLACE}/runtime-[0-9a-f]{12}$`));
        expect(data, output).toMatch(new RegExp(`^${ROOT_PLACE}/data-[0-9a-f]{12}/pg$`));
        cleanup.push(runtime!, path.dirname(data!));
        expect(output).not.toMatch(/EACCES|unhandled/i);

        // the copy: root's, readable and runnable by everyone, writable by root only
        const runtimeDir = await stat(runtime!);
        expect([runtimeDir.uid, runtimeDir.mode & 0o777]).toEqual([0, 0o755]);
        // the data: the postgres user's alone, found from DATA_DIR
        const link = path.join(repo, 'data', 'pg');
        expect((await lstat(link)).isSymbolicLink()).toBe(true);
        expect(await readlink(link)).toBe(data);
        const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
        const dataDir = await stat(data!);
        expect([dataDir.uid, dataDir.mode & 0o777]).toEqual([postgresUid, 0o700]);

        // the password was generated into DATA_DIR (owner-only), the former fixed one is refused
        const passwordFile = path.join(repo, 'data', 'pg-password');
        expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
        const password = (await readFile(passwordFile, 'utf8')).trim();
        expect(password).toMatch(/^[A-Za-z0-9_-]{32,}$/);
        const connect = async (pw: string) => {
          const client = new pg.Client({
            host: '127.0.0.1',
            port: pgPort,
            user: 'postgres',
            password: pw,
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
        };
        expect(await connect('postgres')).toBe('28P01');
        expect(await connect(password)).toBe('ok');
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    400_000,
  );
});
