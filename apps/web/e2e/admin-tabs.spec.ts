import { expect, type Page, test } from '@playwright/test';
import { clientNavigate, registerMember, rootSession, SHOTS, signInAdmin } from './support';

/**
 * Issue 37.12: an admin opens members in new tabs and reloads pages without typing the password
 * again. The token stays in the page's memory; the browser's HttpOnly resume cookie (sent to one
 * route only) gets each new tab or reload a token of the same session. Signing out in one tab ends
 * it in every tab, and none resumes afterwards.
 */
const PHONE = { width: 390, height: 844 };

/** The back-office sign-in form (a member's page has password fields of its own). */
const passwordField = (page: Page) => page.getByRole('button', { name: 'Sign in to back-office' });

test('a new tab and a reload resume the admin session; after sign-out neither tab resumes', async ({
  page,
  context,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Tab Target');
  await signInAdmin(page);
  await clientNavigate(page, `/admin/users?search=${encodeURIComponent(member.email)}`);
  const link = page.getByRole('row').filter({ hasText: member.email }).getByRole('link').first();
  await expect(link).toBeVisible();

  // Ctrl-click on the member: a new tab of the same browser, signed in
  const opened = context.waitForEvent('page');
  await link.click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await tab.setViewportSize(PHONE);
  await expect(tab).toHaveURL(new RegExp(`/admin/check/profile/${member.auth.id}$`));
  await expect(tab.getByRole('heading', { name: 'Tab Target' })).toBeVisible();
  await expect(passwordField(tab)).toHaveCount(0);
  await tab.screenshot({ path: `${SHOTS}/admin-tab-resumed-390.png` });

  // a reload of either tab resumes too
  await tab.reload();
  await expect(tab.getByRole('heading', { name: 'Tab Target' })).toBeVisible();
  await expect(tab).toHaveURL(new RegExp(`/admin/check/profile/${member.auth.id}$`));
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(1);
  await expect(page).toHaveURL(/\/admin\/users\?search=/);
  await page.screenshot({ path: `${SHOTS}/admin-tab-reloaded-1280.png` });

  // a new tab typed by hand works as well (context.newPage: the same browser)
  const third = await context.newPage();
  await third.goto('/admin/dashboard');
  await expect(third.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(third).toHaveURL(/\/admin\/dashboard$/);

  // sign out in the first tab: the others follow at once, and no reload resumes
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(tab).toHaveURL(/\/admin-login$/);
  await expect(third).toHaveURL(/\/admin-login$/);
  await tab.goto(`/admin/check/profile/${member.auth.id}`);
  await expect(tab).toHaveURL(/\/admin-login$/);
  await expect(passwordField(tab)).toBeVisible();
  await tab.screenshot({ path: `${SHOTS}/admin-tab-signed-out-390.png` });
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin-login$/);
  await third.reload();
  await expect(third).toHaveURL(/\/admin-login$/);
  await expect(passwordField(third)).toBeVisible();
});

test('a browser that never signed in as admin is asked for the password', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(passwordField(page)).toBeVisible();
});
