import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminToken, api, registerMember, rootSession, useMemberSession } from './support';

/**
 * Issue 29.15: a blocked member is told to contact support, and support needs a session they cannot
 * have: the refusal names the platform's contact details (admin Settings, Site and contact).
 */
const SHOTS = '/tmp/shots-29';
mkdirSync(SHOTS, { recursive: true });

const CONTACTS = {
  contact_email: 'help@earnhub.test',
  contact_phone: '+44 7700 900123',
  contact_telegram: '@earnhub_help',
};
const MESSAGE =
  'Access Denied: your account is blocked. Contact support at help@earnhub.test, +44 7700 900123 or @earnhub_help on Telegram.';

test('a blocked member is given the support contact at sign-in and when their session ends', async ({
  page,
}) => {
  const admin = await adminToken();
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Bo Blocked');
  await useMemberSession(page, member);
  expect((await api('/settings', { method: 'PUT', token: admin, body: CONTACTS })).status).toBe(200);
  try {
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Bo Blocked' })).toBeVisible();
    await api(`/users/${member.auth.id}`, { method: 'PUT', token: admin, body: { status: 'block' } });

    // the open session is ended: the sign-in page says why, and how to reach the team
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    // on the page itself (a toast may say it too while it lasts)
    await expect(page.locator('#main').getByText(MESSAGE)).toBeVisible();

    // signing in again gets the same answer
    await page.getByLabel('Email or username').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#main').getByText(MESSAGE)).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `${SHOTS}/blocked-signin-${width}.png`, fullPage: true });
    }
  } finally {
    const none = { contact_email: '', contact_phone: '', contact_telegram: '' };
    await api('/settings', { method: 'PUT', token: admin, body: none });
  }
});
