// After the browser tests: the ledger the money flows left behind must reconcile (no drift, total
// zero, no orphaned holds). Runs `npm run reconcile`'s command on the browser tests' database.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const result = spawnSync(process.execPath, ['apps/server/dist/cli/reconcile.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: path.join(os.tmpdir(), 'earnhub-e2e-data'),
    EMBEDDED_PG_PORT: '54399',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
process.exit(result.status ?? 1);
