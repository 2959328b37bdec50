import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './money-support';
import { adminToken, api, registerMember, rootSession, shoot, useMemberSession } from './support';

/**
 * Issue 14, "the crypto deposit is hard to find": one Deposit entry point (menu and dashboard) that
 * offers every deposit method that is on and says why one is off. The test server runs the sandbox
 * provider and has a wallet deposit address, so every method is on; closing deposits in Settings
 * turns every method off with the reason.
 */

test('one Deposit entry point leads to every deposit method that is on', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Dina Deposit');
  await useMemberSession(page, member);
  await page.goto('/user/dashboard');

  // the menu has one Deposit entry: the old two ways in are gone from it
  const nav = page.getByRole('navigation', { name: 'Member navigation' });
  await expect(nav.getByRole('link', { name: 'Deposit', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(nav.getByRole('link', { name: 'Scanner' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Crypto deposit' })).toHaveCount(0);

  // and the dashboard has a Deposit button
  await page.getByRole('main').getByRole('link', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/deposit$/);
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();

  const crypto = page.getByTestId('deposit-method-crypto');
  const wallet = page.getByTestId('deposit-method-wallet');
  const code = page.getByTestId('deposit-method-code');
  for (const method of [crypto, wallet, code])
    await expect(method.locator('..').getByText('Available', { exact: true })).toBeVisible();
  // the sandbox provider is on: the method says its payments are simulated
  await expect(crypto).toContainText('Test mode: payments are simulated by the sandbox provider.');
  await expect(page.getByTestId('fund-balance')).toHaveText('0.00 USDT');
  await expectNoSeriousViolations(page, 'deposit entry');
  await shoot(page, 'deposit-entry');

  await crypto.getByRole('link', { name: 'Pay with crypto' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto payment', exact: true })).toBeVisible();
  await page.goBack();
  await wallet.getByRole('link', { name: 'Deposit from a wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto deposit', level: 1 })).toBeVisible();
  await page.goBack();
  await code.getByRole('link', { name: 'Redeem a code' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit history', level: 1 })).toBeVisible();
});

test('with deposits closed, every method says it is off and why', async ({ page }) => {
  const admin = await adminToken();
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Carl Closed');
  await useMemberSession(page, member);
  const closed = await api('/settings', { method: 'PUT', token: admin, body: { deposits_open: false } });
  expect(closed.status).toBe(200);
  try {
    await page.goto('/user/deposit');
    for (const id of ['crypto', 'wallet', 'code']) {
      await expect(page.getByTestId(`deposit-off-${id}`)).toHaveText(
        'Deposits are closed at the moment. Please try again later.',
        { timeout: 30_000 },
      );
      const method = page.getByTestId(`deposit-method-${id}`);
      await expect(method.getByRole('link')).toHaveCount(0);
      await expect(method.locator('..').getByText('Off', { exact: true })).toBeVisible();
    }
    await shoot(page, 'deposit-entry-closed');
  } finally {
    await api('/settings', { method: 'PUT', token: admin, body: { deposits_open: true } });
  }
});
