import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eChainPort, HOT_WALLET_KEY, PLATFORM_ADDRESS, TOKEN_ADDRESS } from '../server/test/evm/addresses';

/**
 * Browser tests against the real server and a fresh embedded PostgreSQL. Run from the repo root:
 *   npm run build && npx playwright test -c apps/web/playwright.config.ts
 * Uses Debian's Chromium (never downloads a browser).
 */
// E2E_PORT / E2E_PG_PORT let two runs share a machine (each gets its own server and database).
const PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54399);
const dataDir = path.join(os.tmpdir(), `earnhub-e2e-data-${PORT}`);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // a journey of many steps on two loaded cores (CI) can take minutes; a stuck step still fails at 10 s
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A fresh database every run: the data directory is removed before the server starts.
    command: `node -e "fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && node ../server/dist/main.js`,
    cwd: import.meta.dirname,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      // e2e/support.ts reads the database directly with this password (unset, one is generated)
      EMBEDDED_PG_PASSWORD: 'postgres',
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'E2eAdminPass1',
      // a fresh install requires 2FA of every admin; these walks sign admins in with a password
      // (admin-totp.spec.ts enrols its own admins), so this install starts relaxed, as the demo does
      ADMIN_TOTP_REQUIRED: 'off',
      PUBLIC_URL: BASE_URL,
      // Every test signs in; the per-IP sign-in limit is not what these tests are about.
      LOGIN_RATE_PER_IP: '1000',
      LOG_LEVEL: 'warn',
      // POST /api/v1/test/clock moves the server's time (cooldowns, expiries) without waiting
      CLOCK_CONTROL: 'on',
      // Crypto payments are off by default; these tests ask for the simulated provider
      PAYMENT_PROVIDER: 'sandbox',
      // Wallet deposits: web3-deposit.spec.ts starts a local EVM on this port (nothing listens otherwise)
      CHAIN_RPC_56: `http://127.0.0.1:${e2eChainPort(PORT)}`,
      DEPOSIT_ADDRESS_BEP20: PLATFORM_ADDRESS,
      USDT_BEP20_CONTRACT: TOKEN_ADDRESS,
      DEPOSIT_CONFIRMATIONS: '3',
      // On-chain payouts (payouts.spec.ts funds this hot wallet on its local EVM)
      PAYOUT_PRIVATE_KEY: HOT_WALLET_KEY,
      PAYOUT_CONFIRMATIONS: '3',
      PAYOUT_FOLLOW_SECONDS: '2',
      FOUR_EYES_ABOVE_USDT: '500',
      // no scheduled backup at a time that depends on when CI runs: backups.spec.ts takes one by hand
      BACKUP_TIME: 'off',
    },
  },
});
