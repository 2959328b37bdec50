import { expect, test } from '@playwright/test';
import { secondAdminToken } from './four-eyes-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  shoot,
  signInAdmin,
  uniq,
} from './support';

/**
 * Issue 36, seen by both admins: the owner asks for a manual credit on a member's page, which moves
 * nothing; the Approvals page shows it as theirs, without Approve; a second finance admin (a day on
 * the team) opens Approvals in their own browser, sees who asked for what, approves it, and only then
 * is the member credited. At 1280 px and on a phone (390 px).
 */
test('a manual credit waits for a second admin, who approves it from Approvals', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, `Credited ${uniq()}`);
  const fund = async () =>
    (
      await api<{ singleuser: { business_balance: number } }>(`/users/${member.auth.id}`, {
        token: await adminToken(),
      })
    ).data.singleuser.business_balance;

  await signInAdmin(page);
  await clientNavigate(page, `/admin/check/profile/${member.auth.id}`);
  const card = page.getByRole('form', { name: 'Adjust a wallet' });
  await card.getByLabel('Amount (USDT)').fill('250');
  await card.getByLabel('Reason').fill('Goodwill for a late payout');
  await card.getByRole('button', { name: 'Ask for a credit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ask a second admin for this credit?' });
  await expect(confirm).toContainText(member.email);
  await confirm.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText(/Sent for approval \(request #\d+\)/)).toBeVisible();
  await shoot(page, 'approvals-asked');
  expect(await fund()).toBe(0);

  // the one who asked sees it waiting, as theirs, with no Approve
  await clientNavigate(page, '/admin/approvals');
  const ownRow = page.getByRole('row').filter({ hasText: 'Goodwill for a late payout' });
  await expect(ownRow).toContainText('You');
  await expect(ownRow).toContainText('Waiting');
  await expect(ownRow.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(ownRow).toContainText('You asked: another admin approves it.');
  await shoot(page, 'approvals-own');

  // the second admin, in their own browser, on a phone
  const token = await secondAdminToken();
  const context = await browser.newContext();
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/admin-login');
  const me = await api<{ email: string }>('/admins/me', { token });
  await phone.getByLabel('Email').fill(me.data.email);
  await phone.getByLabel('Password').fill('Second-Eyes-Walnut-42');
  await phone.getByRole('button', { name: 'Sign in to back-office' }).click();
  await expect(phone).toHaveURL(/\/admin\/dashboard$/);
  await clientNavigate(phone, '/admin/approvals');
  const request = phone.getByRole('listitem').filter({ hasText: 'Goodwill for a late payout' });
  await expect(request).toContainText('Credit 250.00 USDT to');
  // shoot() takes the page at 1280 and 390 px and leaves it at 1280: back to the phone
  await shoot(phone, 'approvals-second-phone');
  await phone.setViewportSize({ width: 390, height: 844 });
  await request.getByRole('button', { name: /^Approve/ }).click();
  const dialog = phone.getByRole('dialog', { name: 'Approve this request?' });
  await expect(dialog).toContainText('Credit 250.00 USDT to');
  await dialog.getByRole('button', { name: 'Approve and run' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(fund).toBe(250);

  // both see it approved, by whom
  await phone.getByLabel('Show').selectOption('all');
  await expect(phone.getByRole('listitem').filter({ hasText: 'Goodwill for a late payout' })).toContainText(
    'Approved',
  );
  await page.getByLabel('Show').selectOption('approved');
  const done = page.getByRole('row').filter({ hasText: 'Goodwill for a late payout' });
  await expect(done).toContainText('Approved');
  await expect(done).toContainText('by Second Eyes');
  await shoot(page, 'approvals-approved');
  await context.close();
});
