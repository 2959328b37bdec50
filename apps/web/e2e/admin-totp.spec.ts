import { MSG } from '@app/contracts/messages';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, api, SHOTS, sql, uniq } from './support';

/**
 * An admin turns on two-factor authentication on /admin/security (QR code, setup key, first code,
 * recovery codes shown once), then signs in with a code from the app, and with a recovery code,
 * which works once. The test is the authenticator app: it computes codes with otpauth from the key
 * the page shows, at the server's time (CLOCK_CONTROL may have moved it).
 *
 * Its own admin (same password as ADMIN), so the other browser tests keep signing in with a
 * password only.
 */
async function newAdmin() {
  const id = uniq();
  const email = `totp-${id}@e2e.test`;
  await sql(
    `INSERT INTO users (username, email, password_hash, fullname, role, refferal_code, admin_roles)
     SELECT $1, $2, password_hash, 'TOTP Admin', 'admin', $3, '{owner}' FROM users WHERE email = $4`,
    [`totp-${id}`, email, `ADM${id.toUpperCase()}`, ADMIN.email],
  );
  return { email, password: ADMIN.password };
}

/** The code the app shows now on the server's clock, optionally some 30 s steps later. */
async function codeFor(secret: string) {
  const { data } = await api<{ now: string }>('/test/clock');
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.parse(data.now) });
}

/** Moves the server to the next 30 s step, so the next code is not the one just used. */
async function nextStep() {
  expect((await api('/test/clock', { body: { advance_seconds: 30 } })).status).toBe(200);
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

test('an admin enrols TOTP with a QR code, then signs in with a code and once with a recovery code', async ({
  page,
}) => {
  // many steps (four sign-ins, axe, two enrolment tries) on a loaded 2-core machine
  test.setTimeout(240_000);
  const admin = await newAdmin();
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: `${SHOTS}/admin-security-setup.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // a mistyped code is refused and nothing is turned on
  const first = await codeFor(secret!);
  await page.getByLabel('Code from the app').fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.totpInvalid })).toBeVisible();

  await page.getByLabel('Code from the app').fill(await codeFor(secret!));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.screenshot({ path: `${SHOTS}/admin-security-recovery-codes.png`, fullPage: true });
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText('Recovery codes left:')).toContainText('10');
  // the key is not shown any more
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await signOut(page);

  // the password alone now leads to the code step
  await passwordStep(page, admin);
  const codeForm = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(codeForm.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  await codeForm
    .getByLabel('Authentication code')
    .fill('123456' === (await codeFor(secret!)) ? '654321' : '123456');
  await codeForm.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(codeForm.getByRole('alert')).toHaveText(MSG.totpInvalid);
  await nextStep();
  await codeForm.getByLabel('Authentication code').fill(await codeFor(secret!));
  await codeForm.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  // a recovery code instead of the app: once
  for (const attempt of ['first', 'second'] as const) {
    await passwordStep(page, admin);
    await codeForm.getByLabel('Authentication code').fill(recovery[0]!);
    await codeForm.getByRole('button', { name: 'Verify and sign in' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await signOut(page);
    } else {
      await expect(codeForm.getByRole('alert')).toHaveText(MSG.totpInvalid);
      await expect(page).toHaveURL(/\/admin-login$/);
    }
  }
});
