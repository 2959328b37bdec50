import { type Browser, expect, type Page, test } from '@playwright/test';
import { creditByTwo } from './four-eyes-support';
import { withdrawingMember } from './money-support';
import { ADMIN, api, clientNavigate, rootSession, seasonAdmin, shoot, signInAdmin, uniq } from './support';

/**
 * The team walk of issue 27, through the product's own screens only: the owner invites a finance
 * admin and a support admin from Admin → Team, each joins by the link; the support admin's menu has
 * no Withdrawals and the page says it is not theirs; a withdrawal above the four-eyes amount (500
 * in the e2e server) is signed off by the owner and paid (approved with its TRC20 hash) by the
 * finance admin, who reads a member's record without the means to change it; the audit log shows
 * both, each under its admin.
 */

const PASSWORD = 'Copper-Meadow-Lantern-7';

async function invite(page: Page, email: string, role: 'Finance' | 'Support'): Promise<string> {
  await clientNavigate(page, '/admin/team');
  await page.getByRole('button', { name: 'Invite admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite admin' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill(`${role} ${uniq()}`);
  await dialog.getByLabel(role).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const sent = page.getByRole('dialog', { name: 'Invitation ready' });
  const link = (await sent.getByTestId('invite-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/admin-invitation\/[A-Za-z0-9_-]{20,}$/);
  await sent.getByRole('button', { name: 'Done' }).click();
  return link;
}

/** The invited admin opens the link in their own browser, chooses a password and signs in. */
async function join(browser: Browser, link: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(link).pathname);
  const form = page.getByRole('form', { name: 'Choose a password' });
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Repeat password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Go to back-office sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in to back-office' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

test('a team pays a large withdrawal with four eyes; support never sees withdrawals', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const financeEmail = `fin-${uniq()}@e2e.test`.toLowerCase();
  const supportEmail = `sup-${uniq()}@e2e.test`.toLowerCase();

  await seasonAdmin(ADMIN.email);
  await signInAdmin(page);
  const financeLink = await invite(page, financeEmail, 'Finance');
  const supportLink = await invite(page, supportEmail, 'Support');

  // support: tickets yes, withdrawals neither in the menu nor on the page
  const support = await join(browser, supportLink, supportEmail);
  const menu = support.getByRole('navigation', { name: 'Admin navigation' });
  await expect(menu.getByRole('link', { name: 'Tickets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
  await clientNavigate(support, '/admin/withdrawals');
  await expect(support.getByText('Withdrawals is not part of your roles')).toBeVisible();
  await shoot(support, 'team-support-refused');

  // a member asks for 600 USDT on TRC20 (net 540, above the four-eyes amount of 500)
  const root = await rootSession();
  const member = await withdrawingMember(root.auth.refferal_code, `Payee ${uniq()}`);
  // a real TRC20 address (USDT's contract): made-up ones fail their checksum (37.6)
  const trc20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  expect(
    (await api(`/users/${member.auth.id}`, { method: 'PUT', token: member.auth.token, body: { trc20 } }))
      .status,
  ).toBe(200);
  await creditByTwo(member.auth.id, 'earnings', 600, 'E2E team walk');
  const asked = await api<{ withdrawal: { id: number; username: string } }>('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount: 600, network: 'TRC20', password: member.password },
  });
  expect(asked.status).toBe(201);
  const { id, username } = asked.data.withdrawal;

  // the owner signs it off: the dialog says two finance admins are needed before anything is sent
  await clientNavigate(page, '/admin/withdrawals');
  await page.getByRole('button', { name: `Approve withdrawal ${id} of ${username}` }).click();
  const ownerDialog = page.getByRole('dialog');
  await expect(ownerDialog.getByTestId('four-eyes-explainer')).toContainText('Two finance admins are needed');
  await expect(ownerDialog.getByLabel('Payout transaction hash')).toHaveCount(0);
  await ownerDialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(page.getByTestId(`four-eyes-${id}`)).toContainText('Signed off by you');

  // the finance admin sees who signed it off and pays it, recording the TRC20 hash; an admin of less
  // than 24 h is neither pair of eyes, so this walk dates both admins' accounts a day back
  const finance = await join(browser, financeLink, financeEmail);
  await seasonAdmin(financeEmail);
  await clientNavigate(finance, '/admin/withdrawals');
  await expect(finance.getByTestId(`four-eyes-${id}`)).toContainText('Signed off by');
  await finance.getByRole('button', { name: `Approve withdrawal ${id} of ${username}` }).click();
  const dialog = finance.getByRole('dialog');
  await expect(dialog.getByTestId('four-eyes-explainer')).toContainText('you are the second admin');
  const hash = dialog.getByLabel('Payout transaction hash');
  // any text is not a hash: the form of a TRC20 hash is said at the field, nothing is sent
  await hash.fill('hello');
  await dialog.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(dialog).toContainText('64 hexadecimal characters, without 0x');
  await hash.fill('ab'.repeat(32));
  await dialog.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(finance.getByRole('row').filter({ hasText: username })).toHaveCount(0, { timeout: 30_000 });
  await shoot(finance, 'team-finance-paid');

  // finance reads a member's record but changing it is support's: no Save, no Delete; on Salary it
  // runs the payment but the tiers (income rules) are the owners'
  await clientNavigate(finance, `/admin/check/profile/${member.auth.id}`);
  await expect(finance.getByText("Read only: changing a member is support's work.")).toBeVisible();
  await expect(finance.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(finance.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
  await clientNavigate(finance, '/admin/salary');
  await expect(finance.getByRole('button', { name: 'Run now' })).toBeVisible();
  await expect(finance.getByRole('button', { name: 'New tier' })).toHaveCount(0);

  // the audit log names both: the owner's sign-off and the finance admin's approval
  await clientNavigate(page, '/admin/audit');
  const rows = page.getByRole('row').filter({ hasText: `#${id}` });
  await expect(
    rows
      .filter({ hasText: 'Withdrawal signed off (first of two admins)' })
      .filter({ hasText: 'admin@e2e.test' }),
  ).toHaveCount(1);
  await expect(rows.filter({ hasText: financeEmail })).not.toHaveCount(0);
  await shoot(page, 'team-audit');
});
