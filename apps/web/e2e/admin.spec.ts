import { BANNER_CLEAR_MS } from '@app/contracts/client';
import { MSG } from '@app/contracts/messages';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { clientNavigate, registerMember, rootSession, SHOTS, signInAdmin } from './support';

test('an admin finds a member, edits them on the 2.2 screen, and the banner clears after 3 s', async ({
  page,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Grace Findme');

  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByText('New members per day')).toBeVisible();
  await expect(page.locator('.recharts-surface')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-dashboard.png`, fullPage: true });

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await page.getByLabel('Search').fill(member.email);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
  await page.screenshot({ path: `${SHOTS}/admin-users.png`, fullPage: true });
  await row.getByRole('link', { name: /^Open profile/ }).click();

  await expect(page).toHaveURL(/\/admin\/check\/profile\/\d+$/);
  for (const fact of [
    'Last Login',
    'Created At',
    'Verify At',
    'Refferal Code',
    'Total Team',
    'TRC20 Address',
  ]) {
    await expect(page.getByText(fact, { exact: true })).toBeVisible();
  }
  const form = page.getByRole('form', { name: 'Editable Details' });
  // The password input is plain text, always empty and says what it does (issue 29.4); a member's
  // password is theirs alone (issue 36): staff cannot set it, the field says how the member does.
  const newPassword = form.getByLabel('Set a new password');
  await expect(newPassword).toHaveValue('');
  await expect(newPassword).toHaveAttribute('type', 'text');
  await expect(newPassword).toBeDisabled();
  await expect(newPassword).toHaveAccessibleDescription(
    /^Staff never set a member.s password: the member chooses/,
  );
  await expect(form.getByLabel('Role')).toBeDisabled();
  await expect(form.getByLabel('Business Balance')).toHaveAttribute('type', 'number');
  await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'number');

  await form.getByLabel('Full Name').fill('Grace Edited');
  await form.getByLabel('Roi Status').selectOption('close');
  await form.getByLabel('Address', { exact: true }).fill('1 Admin Street');
  await form.getByRole('button', { name: 'Save Changes' }).click();

  // The answer shows beside the button the admin just pressed, not far above it (issue 14.5).
  const banner = page.getByTestId('save-feedback').getByText(MSG.userUpdated);
  await expect(banner).toBeVisible();
  await expect(banner).toBeInViewport();
  const shownAt = Date.now();
  await page.screenshot({ path: `${SHOTS}/admin-check-profile.png`, fullPage: true });
  await expect(banner).toBeHidden({ timeout: BANNER_CLEAR_MS + 2000 });
  expect(Date.now() - shownAt).toBeGreaterThan(BANNER_CLEAR_MS - 1000);

  // Saved: the form shows the new values and an empty password again.
  await expect(form.getByLabel('Full Name')).toHaveValue('Grace Edited');
  await expect(form.getByLabel('Roi Status')).toHaveValue('close');
  await expect(newPassword).toHaveValue('');
  await expect(page.getByRole('heading', { name: /Grace Edited/ })).toBeVisible();

  // The member's own password still works (the save set none).
  const signin = await fetch(`${BASE_URL}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(signin.status).toBe(200);

  // A refused change shows the server's message in the error banner.
  await form.getByLabel('Business Balance').fill('123');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('save-feedback').getByText(MSG.balanceOnLedger)).toBeInViewport();
  await expect(page.getByTestId('save-feedback').getByText(MSG.balanceOnLedger)).toBeHidden({
    timeout: BANNER_CLEAR_MS + 2000,
  });
});

test('an admin blocks and unblocks from the list, and deletes a member', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Blockable Member');

  await signInAdmin(page);
  await clientNavigate(page, `/admin/users?search=${encodeURIComponent(member.email)}`);
  const row = page.getByRole('row').filter({ hasText: member.email });
  await row.getByRole('button', { name: /^Block / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(MSG.userUpdated)).toBeVisible();
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

  // Blocked members cannot sign in.
  const blocked = await fetch(`${BASE_URL}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(blocked.status).toBeGreaterThanOrEqual(400);

  await row.getByRole('button', { name: /^Unblock / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(row.getByText('Unblocked', { exact: true })).toBeVisible();

  // Delete (a member without team or money): confirmation, message, back to the list.
  await row.getByRole('link', { name: /^Open profile/ }).click();
  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByText(MSG.userDeleted)).toBeVisible();
});
