import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { latestMail, registerMember, rootSession, SHOTS, uniq, useMemberSession } from './support';

test('a visitor registers through a referral link, verifies the email, signs in and edits the profile', async ({
  page,
}) => {
  const root = await rootSession();
  const email = `ref-${uniq()}@e2e.test`;
  const password = 'FirstPass123';

  // The referral link pre-fills the sponsor code.
  await page.goto(`/registration?ref=${root.auth.refferal_code}`);
  await expect(page.getByLabel('Sponsor referral code')).toHaveValue(root.auth.refferal_code);

  // The contract schema refuses a bad email before anything is sent.
  await page.getByLabel('Full name').fill('Ada Referred');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').fill('447700900123');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText(MSG.registered)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Referred' })).toBeVisible();
  await expect(page.getByText('Not verified')).toBeVisible();
  const ownCode = (await page.getByTestId('referral-code').textContent())?.trim();
  expect(ownCode).toBeTruthy();
  await expect(page.getByTestId('referral-link')).toHaveText(`${BASE_URL}/registration?ref=${ownCode}`);
  await page.screenshot({ path: `${SHOTS}/member-dashboard.png`, fullPage: true });

  // Email verification: Send code, read it from the outbox, type it in.
  await page.getByRole('link', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/\d+#verify$/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MSG.otpSent)).toBeVisible();
  const mail = await latestMail(email);
  const otp = /\b(\d{6})\b/.exec(mail.body_text)?.[1];
  expect(otp, mail.body_text).toBeTruthy();
  await page.getByLabel('Verification code').fill('12');
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('The code is 6 digits')).toBeVisible();
  await page.getByLabel('Verification code').fill(otp!);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText(MSG.otpVerified)).toBeVisible();
  const verifyCard = page.locator('#verify');
  await expect(verifyCard.getByText('Verified', { exact: true })).toBeVisible();

  // Sign out, then sign in again with the username-or-email field.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.invalidCredentials);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Edit the profile; an invalid BEP20 address is refused by the contract schema first.
  await page
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('12 Analytical Row, London');
  await page.getByLabel('BEP20 address (BNB Smart Chain)').fill('0x123');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('BEP20 address must be 0x followed by 40 hex characters')).toBeVisible();
  // the right pattern with a wrong checksum is refused on the form as on the server (issue 37.6)
  await page.getByLabel('BEP20 address (BNB Smart Chain)').fill('0x55D398326f99059fF775485246999027B3197955');
  await page.getByLabel('TRC20 address (Tron)').fill(`T${'A'.repeat(33)}`);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(/^This BEP20 address has a wrong checksum/)).toBeVisible();
  await expect(page.getByText(/^This TRC20 address has a wrong checksum/)).toBeVisible();
  await page.getByLabel('TRC20 address (Tron)').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.getByLabel('BEP20 address (BNB Smart Chain)').fill(`0x${'ab'.repeat(20)}`);
  await page.getByRole('button', { name: 'Save details' }).click();
  // the member's words, not the API's admin-worded message (issue 37.19)
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.userUpdated)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 Analytical Row, London');
  await expect(page.getByLabel('TRC20 address (Tron)')).toHaveValue('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');

  // Password change: the server's refusal is shown, then the spec's popup on success.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('SecondPass456');
  await page.getByLabel('Repeat new password').fill('SecondPass456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MSG.currentPasswordWrong)).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText(SPEC_TEXT.passwordChanged)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/member-password-popup.png` });
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/member-profile.png`, fullPage: true });
});

test('a member opening another id lands on their own profile', async ({ page }) => {
  const root = await rootSession();
  await useMemberSession(page, root);
  await page.goto('/user/profile/999999');
  await expect(page).toHaveURL(new RegExp(`/user/profile/${root.auth.id}$`));
});

test('forgot password: the reset link from the mail sets a new password', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Forgetful Member');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page stays on screen while the next page loads: wait for it before typing.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MSG.resetMailed)).toBeVisible();

  const mail = await latestMail(member.email);
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(mail.body_text)?.[0];
  expect(link, mail.body_text).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('BrandNewPass9');
  await page.getByLabel('Repeat new password').fill('BrandNewPass9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.passwordReset)).toBeVisible();

  await page.getByLabel('Email or username').fill(member.email);
  await page.getByLabel('Password').fill('BrandNewPass9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
