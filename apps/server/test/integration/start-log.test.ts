/**
 * Issue 29.16: on a terminal, the start log reads as text (pino-pretty) in development and the demo,
 * with the start summary still last; JSON when the output is not a terminal or LOG_FORMAT=json.
 * The server runs under script(1), which gives it a pseudo-terminal as a person's shell would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFormat } from '../../src/logger.js';
import { processDatabase } from '../helpers.js';
import { REPO_ROOT, randomPort, type ServerProcess, startServer, waitForOutput } from '../server-process.js';

let database: Awaited<ReturnType<typeof processDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await processDatabase('startlog');
  dataDir = database.dataDir;
});
afterAll(async () => database.drop());

/** The server on a pseudo-terminal: what `npm start` prints in a person's terminal. */
function onTerminal(port: number, env: Record<string, string | undefined>): ServerProcess {
  const server = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'].join(' ');
  return startServer({
    port,
    cwd: REPO_ROOT,
    command: ['script', '-qfec', server, '/dev/null'],
    env: {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'log-owner@test.local',
      ADMIN_PASSWORD: 'LogOwnerPass1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ...env,
    },
  });
}

// ANSI colours and the terminal's carriage returns, so lines compare as text
const ESC = String.fromCharCode(27);
const plain = (text: string) => text.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '').replace(/\r/g, '');

describe('the start log', () => {
  it('is JSON unless on a terminal outside production, or when asked for', () => {
    expect(logFormat({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, true)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'auto', NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
  });

  it('reads as text on a terminal, with the start summary last', async () => {
    // a mail waiting in the outbox (as the demo's are) is logged before the summary, not after it
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query(
      `INSERT INTO mail_outbox (to_address, subject, body_text, template) VALUES ('waiting@test.local', 'Waiting', 'Hello', 'test')`,
    );
    await db.end();
    const server = onTerminal(randomPort(5700), {});
    try {
      await waitForOutput(server, /Setup: +\d+ of 12 items still open/);
      const lines = plain(server.output()).split('\n');
      expect(
        lines.some((line) => line.startsWith('{')),
        lines.join('\n'),
      ).toBe(false);
      const ready = lines.findIndex((line) => / INFO.*: ready in \d+ ms on port/.test(line));
      expect(ready, lines.join('\n')).toBeGreaterThanOrEqual(0);
      const summary = lines.indexOf('EarnHub is running.');
      expect(summary).toBeGreaterThan(ready);
      expect(lines.findIndex((line) => line.includes('waiting@test.local'))).toBeLessThan(summary);
      // nothing logged after the summary: only its own lines follow it (a moment later too)
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const after = plain(server.output()).split('\n');
      expect(
        after.slice(after.indexOf('EarnHub is running.')).some((line) => /INFO|WARN|ERROR/.test(line)),
      ).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('stays JSON on a terminal with LOG_FORMAT=json', async () => {
    const server = onTerminal(randomPort(6700), { LOG_FORMAT: 'json' });
    try {
      await waitForOutput(server, /Setup: +\d+ of 12 items still open/);
      const lines = plain(server.output()).split('\n');
      expect(lines.some((line) => line.startsWith('{') && line.includes('"msg":"ready in'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
