/**
 * The end of a first start's output (issue 27.5): after the server listens, a plain-text summary with
 * where to open it, the admin's e-mail and the generated password; the password in no JSON log line.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { localUrl, startSummary } from '../../src/start-summary.js';
import { processDatabase } from '../helpers.js';
import { randomPort, startServer, waitForOutput } from '../server-process.js';

let database: Awaited<ReturnType<typeof processDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await processDatabase('start');
  dataDir = database.dataDir;
});
afterAll(async () => database.drop());

describe('the start summary', () => {
  it('says where to open the app and in which order, with the padding lined up', () => {
    expect(localUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(localUrl('::1', 3000)).toBe('http://[::1]:3000');
    const text = startSummary({
      localUrl: 'http://localhost:3000',
      publicUrl: 'https://earn.example.org/',
      adminEmail: 'owner@example.org',
      publicUrlSet: true,
      password: null,
      setup: { open: 0, total: 10 },
    });
    expect(text.split('\n')).toEqual([
      '',
      'EarnHub is running.',
      '',
      '  Open:         http://localhost:3000/admin-login',
      '  Links use:    https://earn.example.org/ (PUBLIC_URL)',
      '  Admin e-mail: owner@example.org',
      '  Setup:        nothing left to do',
      '',
    ]);
  });

  it('ends the first start with the generated password, which no JSON log line carries', async () => {
    const port = randomPort(4700);
    const server = startServer({
      port,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: 'first-owner@test.local',
        ADMIN_PASSWORD: undefined,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
      },
    });
    try {
      await waitForOutput(server, /Setup: +\d+ of 12 items still open/);
      const output = server.output();
      const password = /Password: +(\S+) \(generated now and shown only this once/.exec(output)?.[1];
      expect(password, output).toMatch(/^[\w-]{16}$/);
      const summary = output.slice(output.indexOf('EarnHub is running.'));
      expect(summary).toContain(`Open:         http://127.0.0.1:${port}/admin-login`);
      expect(summary).toContain('Admin e-mail: first-owner@test.local');
      expect(summary).toContain(`Links use:    http://127.0.0.1:${port} (PUBLIC_URL)`);
      // after the server listens, and nothing but plain text
      expect(output.indexOf('ready in')).toBeLessThan(output.indexOf('EarnHub is running.'));
      expect(summary.split('\n').some((line) => line.startsWith('{'))).toBe(false);
      const jsonLines = output.split('\n').filter((line) => line.startsWith('{'));
      expect(jsonLines.length).toBeGreaterThan(0);
      expect(jsonLines.some((line) => line.includes(password!))).toBe(false);

      const signin = await fetch(`${server.base}/api/v1/auth/adminsignin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first-owner@test.local', password }),
      });
      expect(signin.status).toBe(200);
    } finally {
      await server.stop();
    }

    // a later start prints the summary again, without a password
    const again = startServer({
      port,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'first-owner@test.local',
        ADMIN_PASSWORD: undefined,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    try {
      await waitForOutput(again, /Setup: +\d+ of 12 items still open/);
      expect(again.output()).toContain('Admin e-mail: first-owner@test.local');
      expect(again.output()).not.toContain('Password:');
    } finally {
      await again.stop();
    }
  });

  // issue 37.3: only PORT changed, so links must not lead to a dead localhost:3000
  it('derives PUBLIC_URL from PORT when it is unset, and says so in the summary', async () => {
    expect(loadConfig({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(loadConfig({ PORT: '4123', PUBLIC_URL: '' }).PUBLIC_URL_SET).toBe(false);
    expect(loadConfig({ PORT: '4123', PUBLIC_URL: 'https://earn.example.org' }).PUBLIC_URL).toBe(
      'https://earn.example.org',
    );
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PUBLIC_URL: required when PORT is 0/);

    const port = randomPort(4700);
    const server = startServer({
      port,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'first-owner@test.local',
        ADMIN_PASSWORD: undefined,
        PUBLIC_URL: undefined,
      },
    });
    try {
      await waitForOutput(server, /Setup: +\d+ of 12 items still open/);
      const summary = server.output().slice(server.output().indexOf('EarnHub is running.'));
      expect(summary).toContain(
        `Links use:    http://localhost:${port} (from PORT; set PUBLIC_URL to the address members open)`,
      );
    } finally {
      await server.stop();
    }
  });
});
