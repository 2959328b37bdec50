import { mkdirSync } from 'node:fs';
import type { MemberAuth } from '@app/contracts/auth';
import { AUTH_STORAGE_KEY } from '@app/contracts/client';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { BASE_URL, E2E_PG_PORT } from '../playwright.config';

/** Helpers shared by the browser tests: API shortcuts, the mail outbox, sign-in shortcuts. */

export const ADMIN = { email: 'admin@e2e.test', password: 'E2eAdminPass1' };
export const ROOT = {
  fullname: 'Root Sponsor',
  email: 'root@e2e.test',
  phone: '447700900001',
  password: 'RootSponsor1',
};

export const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Full-page screenshots of what the page shows now, at 1280 and 390 px wide (`name`, `name-390`). */
export async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

let counter = 0;
/** A unique suffix per call, so tests never collide on email addresses. */
export function uniq(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; idempotencyKey?: string } = {},
) {
  const response = await fetch(`${BASE_URL}/api/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const data = (await response.json()) as T & { message?: string };
  return { status: response.status, data };
}

interface Session {
  auth: MemberAuth;
  expireAt: string;
}

/** The root member (the first one may register without a sponsor); registered once per database. */
export async function rootSession(): Promise<Session> {
  const created = await api<Session>('/auth/register', { body: ROOT });
  if (created.status < 300) return created.data;
  const signedIn = await api<Session>('/auth/signin', {
    body: { email: ROOT.email, password: ROOT.password },
  });
  expect(signedIn.status, signedIn.data.message).toBe(200);
  return signedIn.data;
}

export interface NewMember extends Session {
  email: string;
  password: string;
  fullname: string;
}

export async function registerMember(sponsorCode: string, name = 'Test Member'): Promise<NewMember> {
  const email = `member-${uniq()}@e2e.test`;
  const body = {
    fullname: name,
    email,
    phone: '447700900123',
    password: 'MemberPass1',
    reffer_by: sponsorCode,
  };
  const created = await api<Session>('/auth/register', { body });
  expect(created.status, created.data.message).toBeLessThan(300);
  return { ...created.data, email, password: body.password, fullname: name };
}

export async function adminToken(): Promise<string> {
  const { status, data } = await api<{ admin: { token: string } }>('/auth/adminsignin', { body: ADMIN });
  expect(status).toBe(200);
  return data.admin.token;
}

/** Runs one SQL statement on the test database (setup shortcuts such as a verified email). */
export async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${E2E_PG_PORT}/app`,
  });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Dates an admin's account two days back: an admin of less than 24 hours is neither pair of eyes
 * of a four-eyes step (issue 36), and every admin of this run was made today.
 */
export async function seasonAdmin(email: string) {
  await sql(`UPDATE users SET created_at = LEAST(created_at, now() - interval '2 days') WHERE email = $1`, [
    email,
  ]);
}

/**
 * The last e-mail sent to an address, as the recipient gets it. The outbox keeps codes and links
 * masked (issue 36) and this server has no mail server (no SMTP_URL), so a mail with a code or link
 * is read the way an operator does on the first day: the owner reveals it (POST /mail/{id}/reveal,
 * audited; the member is told by a notification and a mail, which then is their newest).
 */
export async function latestMail(to: string): Promise<{ subject: string; body_text: string }> {
  const token = await adminToken();
  const list = await api<{ mails: Array<{ id: number; to: string }> }>(
    `/mail?search=${encodeURIComponent(to)}&limit=1`,
    { token },
  );
  expect(list.status, list.data.message).toBe(200);
  const newest = list.data.mails.find((m) => m.to === to);
  if (!newest) throw new Error(`no mail to ${to}`);
  const { data } = await api<{ mail: { subject: string; body: string; has_secret: boolean } }>(
    `/mail/${newest.id}`,
    { token },
  );
  if (!data.mail.has_secret) return { subject: data.mail.subject, body_text: data.mail.body };
  const revealed = await api<{ revealed: { subject: string; body: string } }>(`/mail/${newest.id}/reveal`, {
    method: 'POST',
    token,
  });
  expect(revealed.status, revealed.data.message).toBe(200);
  return { subject: revealed.data.revealed.subject, body_text: revealed.data.revealed.body };
}

/** Signs a member in the way a returning visitor is: their persisted session in localStorage. */
export async function useMemberSession(page: Page, session: Session) {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { auth: session.auth, expireAt: session.expireAt }, version: 0 }),
    ],
  );
}

/** Admin sessions live in memory only, so an admin always signs in through the form. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in to back-office' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** In-app navigation (a full page load would drop the in-memory admin session). */
export async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
