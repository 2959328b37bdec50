import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { buyPlan } from './plan-support';
import { adminToken, api, registerMember, rootSession, sql, useMemberSession } from './support';

/**
 * Issue 29.6: a member chooses from which amount incomes are notified (the platform's 10 USDT by
 * default), and is told of a transfer received.
 */
const SHOTS = '/tmp/shots-29';
mkdirSync(SHOTS, { recursive: true });

test('a member lowers their income minimum and hears of a 5 USDT income and of a transfer', async ({
  page,
}) => {
  const admin = await adminToken();
  const root = await rootSession();
  const sponsor = await registerMember(root.auth.refferal_code, 'Nia Notified');
  await buyPlan(admin, sponsor, 100);

  await useMemberSession(page, sponsor);
  await page.goto('/user/notifications');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/\d+#notification-settings$/);
  const form = page.getByRole('form', { name: 'Notifications' });
  const minimum = form.getByLabel('Notify me of incomes from (USDT)');
  await expect(minimum).toHaveValue('10');
  await expect(form.getByText("The platform's default, 10.00 USDT.", { exact: false })).toBeVisible();
  await minimum.fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Your own choice; the platform's default is 10.00 USDT.")).toBeVisible();
  await expect(form.getByRole('button', { name: "Use the platform's default" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/notification-settings-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // a direct member buys a 100 plan: 5 USDT referral income, under the platform's 10
  const buyer = await registerMember(sponsor.auth.refferal_code, 'Ben Buyer');
  await buyPlan(admin, buyer, 100);
  // and sends the sponsor 3 USDT of their own (verified, with money in their fund wallet)
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [buyer.auth.id]);
  const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: buyer.auth.id, amount: 20 },
  });
  await approveDeposit(deposit.data.deposite.id, admin);
  const sent = await api('/transfer/friend', {
    token: buyer.auth.token,
    body: { amount: 3, password: buyer.password, recipient: sponsor.auth.refferal_code },
  });
  expect(sent.status, JSON.stringify(sent.data)).toBe(201);
  const username = (
    await api<{ singleuser: { username: string } }>(`/users/${buyer.auth.id}`, { token: admin })
  ).data.singleuser.username;

  await page.goto('/user/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem', { name: 'Referral income paid' })).toContainText(
    '5.00 USDT of referral income was credited to you.',
  );
  await expect(list.getByRole('listitem', { name: 'Transfer received' })).toContainText(
    `${username} sent you 3.00 USDT: it is in your fund wallet.`,
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/notifications-29-${width}.png`, fullPage: true });
  }
});
