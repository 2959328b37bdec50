// After the browser tests: the ledger the money flows left behind must reconcile (no drift, total
// zero, no orphaned holds). Runs `npm run reconcile`'s command on the browser tests' database,
// once the test server's embedded PostgreSQL has finished shutting down.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const port = process.env.E2E_PORT ?? '3199';
const dataDir = path.join(os.tmpdir(), `earnhub-e2e-data-${port}`);
for (let i = 0; i < 60 && existsSync(path.join(dataDir, 'pg', 'postmaster.pid')); i++) await sleep(500);

const result = spawnSync(process.execPath, ['apps/server/dist/cli/reconcile.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54399',
    EMBEDDED_PG_PASSWORD: 'postgres', // as playwright.config.ts sets it
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
process.exit(result.status ?? 1);
