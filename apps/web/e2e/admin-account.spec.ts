import { ACCOUNT_MSG } from '@app/contracts/account-messages';
import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, api, latestMail, SHOTS, shoot, sql, uniq } from './support';

/**
 * The admin's own Account page (password change, from the menu) and "Trust this browser for 12
 * hours" at the code step of the admin sign-in, with the "already used, wait for the next code"
 * message right after turning two-factor authentication on. Each test has its own admin, so the
 * other browser tests keep signing in with a password only.
 */
async function newAdmin(name: string) {
  const id = uniq();
  const email = `${name}-${id}@e2e.test`;
  await sql(
    `INSERT INTO users (username, email, password_hash, fullname, role, refferal_code, admin_roles)
     SELECT $1, $2, password_hash, $3, 'admin', $4, '{owner}' FROM users WHERE email = $5`,
    [`${name}-${id}`, email, `Account ${name}`, `ADM${id.toUpperCase()}`, ADMIN.email],
  );
  return { email, password: ADMIN.password };
}

/** The code the authenticator app shows now, on the server's clock. */
async function codeFor(secret: string) {
  const { data } = await api<{ now: string }>('/test/clock');
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.parse(data.now) });
}

async function passwordStep(page: Page, login: { email: string; password: string }) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in to back-office' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
}

async function openAccount(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test('an admin changes their password on the Account page', async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await newAdmin('account-pw');
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAccount(page);
  await expect(page.getByText(admin.email)).toBeVisible();
  await shoot(page, 'admin-account');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  const form = page.getByRole('form', { name: 'Change password' });
  const next = 'Quiet harbour lantern 58';
  // the admin rule, in the browser
  await form.getByLabel('Current password').fill(admin.password);
  await form.getByLabel('New password', { exact: true }).fill('Short1pass');
  await form.getByLabel('Repeat new password').fill('Short1pass');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText("An administrator's password must be at least 12 characters")).toBeVisible();

  // a wrong current password: the server's refusal under its field
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Repeat new password').fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription(MSG.currentPasswordWrong);
  await shoot(page, 'admin-account-password-wrong');

  await form.getByLabel('Current password').fill(admin.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog').getByText(SPEC_TEXT.passwordChanged)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await signOut(page);

  // the old password no longer works, the new one does
  await passwordStep(page, admin);
  await expect(page.getByRole('alert').filter({ hasText: MSG.invalidCredentials })).toBeVisible();
  await passwordStep(page, { ...admin, password: next });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a code of the step just used says to wait; a trusted browser then skips the code step', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const admin = await newAdmin('account-trust');
  // two-factor authentication turned on through the API, with the code of the current step
  const signin = await api<{ admin: { token: string } }>('/auth/adminsignin', { body: admin });
  const token = signin.data.admin.token;
  const { data: setup } = await api<{ secret: string }>('/totp/setup', { method: 'POST', token });
  const used = await codeFor(setup.secret);
  expect((await api('/totp/enable', { body: { code: used }, token })).status).toBe(200);

  // the admin signs in at once, with the code their app still shows
  await passwordStep(page, admin);
  const codeForm = page.getByRole('form', { name: 'Two-factor authentication' });
  const code = codeForm.getByLabel('Authentication code');
  await code.fill(used);
  await codeForm.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(code).toHaveAccessibleDescription(ACCOUNT_MSG.totpCodeUsed);
  await shoot(page, 'admin-login-code-used');

  // the next code, and this browser trusted
  expect((await api('/test/clock', { body: { advance_seconds: 30 } })).status).toBe(200);
  await code.fill(await codeFor(setup.secret));
  await codeForm.getByLabel('Trust this browser for 12 hours').check();
  await codeForm.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const stored = await page.evaluate(() => localStorage.getItem('earnhub-admin-trusted-browsers'));
  expect(stored).toContain(admin.email);

  await openAccount(page);
  const list = page.getByRole('list', { name: 'Trusted browsers' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('This browser')).toBeVisible();
  await shoot(page, 'admin-account-trusted');
  await signOut(page);

  // the password alone now opens the back-office in this browser
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.screenshot({ path: `${SHOTS}/admin-trusted-signin.png` });

  // signing out everywhere ends the trust: the code is asked for again
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Security' })
    .click();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await passwordStep(page, admin);
  await expect(codeForm.getByLabel('Authentication code')).toBeVisible();
});

test('an admin changes their e-mail address with the code sent to the new one', async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await newAdmin('account-mail');
  const next = `moved-${admin.email}`;
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAccount(page);

  const start = page.getByRole('form', { name: 'Change e-mail address' });
  await start.getByLabel('New e-mail address').fill(ADMIN.email);
  await start.getByLabel('Current password').fill(admin.password);
  await start.getByRole('button', { name: 'Send a code to the new address' }).click();
  await expect(start.getByLabel('New e-mail address')).toHaveAccessibleDescription(MSG.emailTaken);

  await start.getByLabel('New e-mail address').fill(next);
  await start.getByRole('button', { name: 'Send a code to the new address' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm e-mail address' });
  await expect(confirm.getByText(next)).toBeVisible();
  await shoot(page, 'admin-account-email-code');
  const code = /(\d{6})/.exec((await latestMail(next)).subject)![1]!;
  await confirm.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(confirm.getByLabel('Code from the e-mail')).toHaveAccessibleDescription(MSG.otpInvalid);
  await confirm.getByLabel('Code from the e-mail').fill(code);
  await confirm.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(page.getByText(ACCOUNT_MSG.emailChanged)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change e-mail address' })).toBeVisible();
  await expect(page.getByText(`You sign in with ${next}`)).toBeVisible();
  await signOut(page);
  await passwordStep(page, { ...admin, email: next });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
