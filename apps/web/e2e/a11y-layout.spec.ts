import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { rootSession, SHOTS, useMemberSession } from './support';

async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${name}: serious accessibility violations`).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('home, login and member dashboard have no serious axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, 'home');
      await page.screenshot({ path: `${SHOTS}/home-${scheme}.png`, fullPage: true });

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSeriousViolations(page, 'login');
      await page.screenshot({ path: `${SHOTS}/login-${scheme}.png` });

      await useMemberSession(page, await rootSession());
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('referral-code')).toBeVisible();
      await expectNoSeriousViolations(page, 'member dashboard');
      await page.screenshot({ path: `${SHOTS}/dashboard-${scheme}.png`, fullPage: true });
    });
  });
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the member sidebar becomes a drawer', async ({ page }) => {
    await useMemberSession(page, await rootSession());
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('referral-code')).toBeVisible();
    // No desktop sidebar, no horizontal scrolling.
    await expect(page.getByRole('navigation', { name: 'Member navigation' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone-dashboard.png`, fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Profile' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-drawer.png` });

    await drawer.getByRole('link', { name: 'Profile' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/user\/profile\/\d+$/);
    await page.screenshot({ path: `${SHOTS}/phone-profile.png`, fullPage: true });
  });
});
