import { expect, test } from '@playwright/test';
import { api, clientNavigate, registerMember, rootSession, shoot, signInAdmin } from './support';

/**
 * An operator's first day (issue 27.5, 27.6): the dashboard's setup list, and mail in the
 * back-office when no mail server is set (this server has no SMTP_URL): codes masked, an owner
 * reveals one (issue 36).
 */
test('the dashboard lists what setup is left; an owner dismisses an item and brings it back', async ({
  page,
}) => {
  await signInAdmin(page);
  const setup = page.getByRole('region', { name: 'Finish setting up' });
  await expect(setup).toBeVisible();
  await expect(setup.getByTestId('setup-progress')).toHaveText(/^\d+ of 12 done$/);
  // no SMTP_URL here: the mail item is open and leads to the Mail screen
  const mailItem = setup.locator('[data-setup-item="mail"]');
  await expect(mailItem).toContainText('Connect a mail server');
  await expect(mailItem).toContainText('read them under Admin → Mail');
  await expect(mailItem.getByRole('link', { name: 'Go to Mail' })).toHaveAttribute('href', '/admin/mail');
  // configured on this server: the chain RPC and deposit address, the admin's own address
  await expect(setup.locator('[data-setup-item="wallet-deposits"]')).toHaveCount(0);
  await expect(setup.locator('[data-setup-item="admin-email"]')).toHaveCount(0);
  // PUBLIC_URL is localhost here: members could not open the links in mails
  const publicUrl = setup.locator('[data-setup-item="public-url"]');
  await expect(publicUrl).toContainText('which members cannot open');
  await shoot(page, 'setup-list');

  await publicUrl.getByRole('button', { name: "Dismiss: Set the site's public address" }).click();
  await expect(page.getByText('Dismissed: it no longer shows as open')).toBeVisible();
  await expect(publicUrl).toHaveCount(0);
  await setup.getByText('Dismissed (1)').click();
  await setup.getByRole('button', { name: "Show again: Set the site's public address" }).click();
  await expect(setup.locator('[data-setup-item="public-url"]')).toBeVisible();
});

test('Admin → Mail shows a verification code mail masked, the owner reveals it, and support can mark the e-mail verified', async ({
  page,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Mina Nomail');
  const sent = await api('/otp/send', {
    token: member.auth.token,
    body: { userId: member.auth.id, email: member.email },
  });
  expect(sent.status).toBe(200);

  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Mail' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mail', exact: true })).toBeVisible();
  await expect(page.getByText('No mail server is set (SMTP_URL)')).toBeVisible();
  await page.getByLabel('Recipient').fill(member.email);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  // the code is masked everywhere in the back-office (issue 36)
  await expect(row).toContainText('Your verification code: ••••••');
  // no mail server: the outbox writes it to the log and keeps it here
  await expect(row.getByText('Logged only')).toBeVisible();
  await shoot(page, 'mail-list');

  await row.getByRole('button', { name: /^Read the mail to/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mail-body')).toContainText('Your email verification code is ••••••.');
  await expect(dialog.getByTestId('mail-body')).not.toContainText(/\d{6}/);
  await shoot(page, 'mail-dialog');
  // no mail server: the owner may reveal it, after being told it is audited and the member told
  await dialog.getByRole('button', { name: 'Reveal code or link…' }).click();
  await expect(dialog.getByText('Revealing it is recorded in the audit log')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reveal and tell the recipient' }).click();
  await expect(dialog.getByTestId('mail-secret')).toHaveText(/^\d{6}$/);
  await expect(dialog.getByText('The recipient has been told that staff read it.')).toBeVisible();
  await shoot(page, 'mail-revealed');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // a member who cannot read their mail: support marks the address verified on the profile
  await clientNavigate(page, `/admin/check/profile/${member.auth.id}`);
  await expect(page.getByRole('button', { name: 'Mark e-mail verified' })).toBeVisible();
  await shoot(page, 'profile-verify-email');
  await page.getByRole('button', { name: 'Mark e-mail verified' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark verified' }).click();
  await expect(page.getByText('E-mail marked as verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark e-mail verified' })).toHaveCount(0);
  await expect(page.locator('[data-fact="Verify At"]')).not.toHaveText('—');
});
