import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { BASE_URL, E2E_PG_PORT } from '../playwright.config';
import { adminToken, api } from './support';

/*
 * Issue 38: an operator's edited sentence reaches members on every instance without a restart. A
 * second instance of the built server runs beside the test server on the same database (as behind a
 * load balancer); a Spanish visitor on each one sees the edit, then the shipped words after a revert
 * (each instance keeps the catalog in memory and drops it on NOTIFY translation_changes).
 */
const PORT = Number(new URL(BASE_URL).port) + 7;
const OTHER_URL = `http://127.0.0.1:${PORT}`;
let other: ChildProcess | undefined;
let exited = false;
let output = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'earnhub-e2e-second-'));
  // the test server's own secret (playwright.config.ts' data folder), so one session works on both
  const secret = readFileSync(
    path.join(os.tmpdir(), `earnhub-e2e-data-${new URL(BASE_URL).port}`, 'jwt-secret'),
    'utf8',
  );
  other = spawn(process.execPath, ['../server/dist/main.js'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${E2E_PG_PORT}/app`,
      JWT_SECRET: secret.trim(),
      // the first instance runs the jobs; this one only answers
      WORKER: 'off',
      BACKUP_TIME: 'off',
      PUBLIC_URL: OTHER_URL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  other.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  other.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  other.on('exit', () => {
    exited = true;
  });
  // until it answers, or its process ends (then say why): no clock of its own
  for (;;) {
    if (exited) throw new Error(`the second instance exited:\n${output}`);
    const ok = await fetch(`${OTHER_URL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  other?.kill('SIGTERM');
  if (other && !exited) await new Promise((resolve) => other?.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function spanishVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ locale: 'es-ES', baseURL });
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

test("an operator's edit reaches a Spanish visitor on each of two instances, and so does its revert", async ({
  browser,
}) => {
  const token = await adminToken();
  const found = await api<{ translations: Array<{ id: string; source: string | null }> }>(
    '/translations?locale=es&q=Create%20account',
    { token },
  );
  const id = found.data.translations.find((r) => r.source === 'Create account')?.id;
  expect(id).toBeTruthy();
  await api(`/translations/es/${id}`, { method: 'DELETE', token });
  // each instance has served (and cached) the shipped Spanish before the edit
  const visitors = [await spanishVisitor(browser, BASE_URL), await spanishVisitor(browser, OTHER_URL)];
  for (const { page } of visitors)
    await expect(page.getByRole('link', { name: 'Crear cuenta' }).first()).toBeVisible();

  // saved through the first instance
  const saved = await api(`/translations/es/${id}`, {
    method: 'PUT',
    token,
    body: { message: 'Abre tu cuenta', source: 'Create account' },
  });
  expect(saved.status).toBe(200);
  for (const { page } of visitors) {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'Abre tu cuenta' }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 0 });
    await expect(page.getByRole('link', { name: 'Crear cuenta' })).toHaveCount(0);
  }

  await api(`/translations/es/${id}`, { method: 'DELETE', token });
  for (const { page, context } of visitors) {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'Crear cuenta' }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 0 });
    await context.close();
  }
});
