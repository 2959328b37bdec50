import { expect, test } from '@playwright/test';
import { signInAdmin } from './support';

test('the theme follows the system, and a chosen theme is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test('a page whose code fails to load reloads once, then shows the error page', async ({ page }) => {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  // Every request for the terms page chunk fails, as after a deploy that removed it.
  await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  expect(loads).toBe(2);

  // The rest of the site keeps working.
  await page.unroute(/\/assets\/TermsPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
});

test('the admin footer names the release that /healthz names', async ({ page, request }) => {
  const health = (await (await request.get('/healthz')).json()) as { version: string };
  expect(health.version).toMatch(/^\d+\.\d+\.\d+$/);
  await signInAdmin(page);
  await expect(page.getByTestId('release')).toHaveText(`EarnHub ${health.version}`);
});
