import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, latestMail, registerMember, rootSession, sql, useMemberSession } from './support';

/**
 * Issue 36, "Changing who controls an account is slow and loud": after a member changes their
 * password on the Profile page, every member page says that withdrawals and transfers are paused
 * and until when (in the member's own time), the Profile page explains it, the old e-mail got a
 * notice, and the server refuses a withdrawal with the same end time (UTC).
 */
const SHOTS = '/tmp/shots-36';
mkdirSync(SHOTS, { recursive: true });

test('a password change on the Profile page shows the pause with its end, on every member page', async ({
  page,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Hold Harper');
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  await useMemberSession(page, member);
  await page.goto(`/user/profile/${member.auth.id}`);
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  // nothing is paused before the change
  await expect(page.getByTestId('control-hold-banner')).toHaveCount(0);

  const card = page.locator('form').filter({ has: page.getByLabel('Repeat new password') });
  await card.getByLabel('Current password').fill(member.password);
  await card.getByLabel('New password', { exact: true }).fill('HoldPass-2026');
  await card.getByLabel('Repeat new password').fill('HoldPass-2026');
  await card.getByRole('button', { name: 'Change password' }).click();
  // the spec's popup first; the page behind it then says what the change set off
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Password change successfuly')).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);

  const banner = page.getByTestId('control-hold-banner');
  await expect(banner).toContainText(
    /Withdrawals and transfers are paused until .+ because your password changed\. If this was not you, contact support\./,
  );
  const [row] = await sql('SELECT controls_hold_until FROM users WHERE id = $1', [member.auth.id]);
  const until = (row as { controls_hold_until: Date }).controls_hold_until;
  // the end in the browser's own time zone and words, as the page formats it
  const local = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    until.toISOString(),
  );
  await expect(banner).toContainText(`paused until ${local} because`);
  const note = page.getByRole('region', { name: 'Withdrawals paused' });
  await expect(note).toContainText(
    `Your password changed: withdrawals and transfers to other members are paused until ${local}.`,
  );

  // the address the account had is told, and the server holds to the same end (UTC)
  const notice = await latestMail(member.email);
  expect(notice.subject).toBe('Your password was changed');
  expect(notice.body_text).toContain('If this was not you, contact support');
  const utc = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const refused = await api<{ message: string }>('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount: 10, password: 'HoldPass-2026' },
  });
  expect(refused.status).toBe(403);
  expect(refused.data.message).toContain(`paused until ${utc} because this account's password changed`);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/control-hold-profile-${width}.png`, fullPage: true });
  }

  // another member page says it too
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('nav-drawer').getByRole('link', { name: 'Withdrawal' }).click();
  await expect(page).toHaveURL(/\/user\/withdrawal$/);
  await expect(page).toHaveTitle('Withdrawal · EarnHub');
  await expect(page.getByTestId('control-hold-banner')).toContainText(`paused until ${local} because`);
  await page.screenshot({ path: `${SHOTS}/control-hold-withdrawal-390.png`, fullPage: true });
});
