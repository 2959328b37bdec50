import { CLOSED_MESSAGES } from '@app/contracts/settings';
import { expect, type Page, test } from '@playwright/test';
import { creditByTwo } from './four-eyes-support';
import { expectNoSeriousViolations, withdrawingMember } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  rootSession,
  SHOTS,
  signInAdmin,
  useMemberSession,
} from './support';

// Whatever happens, the platform is left open for the other specs.
test.afterAll(async () => {
  await api('/settings', {
    method: 'PUT',
    token: await adminToken(),
    body: { withdrawals_open: true, registration_open: true, signin_open: true },
  });
});

async function openSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Withdrawals' })).toBeVisible();
}

/** Flips one switch on the settings screen, reviews the change and saves it. */
async function flipAndSave(page: Page, label: string, from: 'Open' | 'Closed', to: 'Open' | 'Closed') {
  const toggle = page.getByRole('switch', { name: label });
  await expect(toggle).toHaveAttribute('aria-checked', from === 'Open' ? 'true' : 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', to === 'Open' ? 'true' : 'false');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this change?' });
  // exactly one change listed: the switch, from what to what
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toHaveText(new RegExp(`^${label}\\s*${from}\\s*${to}$`));
  return dialog;
}

test('an admin closes withdrawals, a member is refused with its message, the admin reopens, the audit log shows it', async ({
  page,
  browser,
}) => {
  const root = await rootSession();
  // other tests change settings too: this one counts the entries it adds
  const settingsChanges = async () =>
    (await api<{ total: number }>('/audit?action=settings.update', { token: await adminToken() })).data.total;
  const changesBefore = await settingsChanges();
  const member = await withdrawingMember(root.auth.refferal_code, 'Wanda Closed');
  await creditByTwo(member.auth.id, 'earnings', 100, 'settings e2e');

  // The member has the withdrawal screen open while withdrawals are still open.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const memberPage = await memberContext.newPage();
  await useMemberSession(memberPage, member);
  await memberPage.goto('/user/withdrawal');
  const withdraw = memberPage.getByRole('form', { name: 'Request a withdrawal' });
  await expect(withdraw.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled();

  // The admin closes withdrawals.
  await signInAdmin(page);
  await openSettings(page);
  await page.screenshot({ path: `${SHOTS}/admin-settings.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'admin settings');
  const dialog = await flipAndSave(page, 'Withdrawals', 'Open', 'Closed');
  await page.screenshot({ path: `${SHOTS}/admin-settings-confirm.png` });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved one change: Withdrawals Closed.')).toBeVisible();
  await expect(page.getByText('These are the settings in force.')).toBeVisible();

  // The member's request is refused by the server with its message; nothing is held.
  await withdraw.getByLabel('Amount (USDT)').fill('20');
  await withdraw.getByLabel('Your password').fill(member.password);
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  const confirm = memberPage.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(CLOSED_MESSAGES.withdrawals_open);
  await expect(confirm.getByRole('alert')).toHaveText(
    'Withdrawals are closed at the moment. Please try again later.',
  );
  await memberPage.screenshot({ path: `${SHOTS}/member-withdrawal-closed-refused.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  const listed = await api<{ allwithdrawals: unknown[] }>('/withdrawalrequest/list', {
    token: member.auth.token,
  });
  expect(listed.data.allwithdrawals).toHaveLength(0);
  // Coming back to the screen, the member sees it is closed before trying.
  await memberPage.reload();
  await expect(memberPage.getByText(CLOSED_MESSAGES.withdrawals_open)).toBeVisible();
  await expect(withdraw.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  await memberPage.screenshot({ path: `${SHOTS}/member-withdrawal-closed.png`, fullPage: true });

  // The admin reopens; the member's request goes through.
  const reopen = await flipAndSave(page, 'Withdrawals', 'Closed', 'Open');
  await reopen.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved one change: Withdrawals Open.')).toBeVisible();
  await memberPage.reload();
  await expect(withdraw.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled();
  await expect(memberPage.getByText(CLOSED_MESSAGES.withdrawals_open)).toHaveCount(0);
  await withdraw.getByLabel('Amount (USDT)').fill('20');
  await withdraw.getByLabel('Your password').fill(member.password);
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Request withdrawal' }).click();
  // the 2.10 Success dialog; Go back reloads the page
  await memberPage
    .getByRole('dialog', { name: 'Successfull' })
    .getByRole('button', { name: 'Go back' })
    .click();
  // a phone: the requests are cards, each with its status in view
  const requests = memberPage.getByRole('list', { name: 'Your withdrawal requests' });
  await expect(requests.getByRole('listitem').filter({ hasText: '20.00 USDT' })).toContainText('Requested');
  await memberContext.close();

  // The audit log shows both changes, newest first, with what changed.
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('Action').selectOption('settings.update');
  await expect(page).toHaveURL(/action=settings\.update/);
  const log = page.getByRole('table', { name: 'Audit log' });
  expect(await settingsChanges()).toBe(changesBefore + 2);
  await expect(log.getByRole('row').nth(2)).toBeVisible(); // header + at least the two changes
  await page.screenshot({ path: `${SHOTS}/admin-audit.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'admin audit log');

  await log
    .getByRole('button', { name: /^View changes/ })
    .first()
    .click();
  const entry = page.getByRole('dialog');
  const changes = entry.getByRole('table', { name: 'Changes of this entry' });
  await expect(entry.getByText('1 field changed.')).toBeVisible();
  await expect(changes.getByRole('row', { name: /withdrawals_open/ })).toHaveText(
    /withdrawals_open\s*false\s*true/,
  );
  await expect(changes.getByRole('row')).toHaveCount(2);
  await entry.getByRole('button', { name: /^Show \d+ unchanged fields$/ }).click();
  await expect(changes.getByRole('row', { name: /site_name/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-audit-diff.png` });
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  await log
    .getByRole('button', { name: /^View changes/ })
    .nth(1)
    .click();
  await expect(page.getByRole('dialog').getByRole('row', { name: /withdrawals_open/ })).toHaveText(
    /withdrawals_open\s*true\s*false/,
  );
  await page.keyboard.press('Escape');

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/admin-audit-390.png`, fullPage: true });
  await clientNavigate(page, '/admin/settings');
  await expect(page.getByRole('switch', { name: 'Withdrawals' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-settings-390.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('switch', { name: 'Transfers' }).click();
  await page.screenshot({ path: `${SHOTS}/admin-settings-dark.png` });
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('switch', { name: 'Transfers' })).toHaveAttribute('aria-checked', 'true');
  await clientNavigate(page, '/admin/audit?action=settings.update');
  await page
    .getByRole('button', { name: /^View changes/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText('1 field changed.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-audit-diff-dark.png` });
});

test('field errors are shown under their field and nothing is saved', async ({ page }) => {
  await signInAdmin(page);
  await openSettings(page);
  await page.getByLabel('Profit withdrawal fee (%)').fill('150');
  await page.getByLabel('Contact email').fill('not-an-email');
  await page.getByLabel('Tier 2: within (days)').fill('10');
  await page.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.getByText('A percentage cannot exceed 100')).toBeVisible();
  await expect(page.getByText('Enter a valid email, or leave it empty')).toBeVisible();
  await expect(page.getByText('Each tier needs a different number of days')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-settings-errors.png`, fullPage: true });
  const { data } = await api<{ settings: { fee_profit_percent: number } }>('/settings', {
    token: await adminToken(),
  });
  expect(data.settings.fee_profit_percent).toBe(10);
});

test('closed registration and sign-in are explained on the public pages, with the contact', async ({
  page,
}) => {
  const token = await adminToken();
  const closed = await api('/settings', {
    method: 'PUT',
    token,
    body: { registration_open: false, signin_open: false, contact_email: 'help@e2e.test' },
  });
  expect(closed.status).toBe(200);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/registration');
    await expect(page.getByText(CLOSED_MESSAGES.registration_open)).toBeVisible();
    await expect(page.getByRole('link', { name: 'help@e2e.test' })).toHaveAttribute(
      'href',
      'mailto:help@e2e.test',
    );
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/registration-closed-390.png`, fullPage: true });
    await page.goto('/login');
    await expect(page.getByText(CLOSED_MESSAGES.signin_open)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/login-closed-390.png`, fullPage: true });
    // the back-office stays reachable
    await signInAdmin(page);
  } finally {
    await api('/settings', {
      method: 'PUT',
      token,
      body: { registration_open: true, signin_open: true, contact_email: '' },
    });
  }
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
