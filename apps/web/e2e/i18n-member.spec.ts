import { expect, type Page, test } from '@playwright/test';
import { adminToken, api, rootSession, shoot, uniq } from './support';

/*
 * Issue 38, the web app with the server's language features: the member's language is stored on
 * them and follows them to a fresh browser, API errors show in the member's language from their
 * code, and the picker offers what the operator offers (a language they added included).
 */

const LOCALE_KEY = 'earnhub.locale';

async function signIn(page: Page, login: string, password: string, labels = { login: 'Email or username' }) {
  await page.getByLabel(labels.login).fill(login);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

test('a member who registered in Spanish gets Spanish on a fresh English browser; a pick there is stored', async ({
  browser,
}) => {
  const root = await rootSession();
  const email = `i18n-${uniq()}@e2e.test`;
  const password = 'MemberPass1';

  // first device: the browser speaks Spanish; the registration form sends it as the member's locale
  const spanish = await browser.newContext({ locale: 'es-ES' });
  const first = await spanish.newPage();
  await first.goto(`/registration?ref=${root.auth.refferal_code}`);
  await expect(first.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
  await first.getByLabel('Nombre completo').fill('Lucía Member');
  await first.getByLabel('Correo electrónico').fill(email);
  await first.getByLabel('Teléfono').fill('447700900123');
  await first.getByLabel('Contraseña').fill(password);
  await first.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(first).toHaveURL(/\/user\/dashboard/);
  await spanish.close();

  const session = await api<{ auth: { id: number; token: string } }>('/auth/signin', {
    body: { email, password },
  });
  expect(session.status).toBe(200);
  const { id, token } = session.data.auth;
  const stored = async () =>
    (await api<{ singleuser: { locale: string | null } }>(`/users/${id}`, { token })).data.singleuser.locale;
  expect(await stored()).toBe('es');

  // second device: a browser in English, nothing stored; signing in brings the member's Spanish
  const english = await browser.newContext({ locale: 'en-US' });
  const second = await english.newPage();
  await second.goto('/login');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await signIn(second, email, password);
  await expect(second).toHaveURL(/\/user\/dashboard/);
  await expect(second.locator('html')).toHaveAttribute('lang', 'es');
  await expect(second.getByRole('combobox', { name: 'Idioma' }).first()).toBeVisible();
  expect(await second.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('es');
  await shoot(second, 'i18n-member-second-device');

  // a pick on this device is stored on the member, and stays (no switch back to the old one)
  await second.getByRole('combobox', { name: 'Idioma' }).first().selectOption('fr');
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
  await expect.poll(stored).toBe('fr');
  await second.reload();
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
  await english.close();
});

test('a wrong password shows the Spanish error from its code, and the server’s English in English', async ({
  browser,
}) => {
  // an address nobody has: a wrong password on a real account would count toward its sign-in delay
  const nobody = `nobody-${uniq()}@e2e.test`;
  const spanish = await browser.newContext({ locale: 'es-ES' });
  const page = await spanish.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await signIn(page, nobody, 'NotThePassword1', {
    login: 'Correo electrónico o nombre de usuario',
  });
  await expect(page.getByText('Correo, nombre de usuario o contraseña incorrectos')).toBeVisible();
  await expect(page.getByText('Wrong email, username or password')).toHaveCount(0);
  await shoot(page, 'i18n-member-wrong-password-es');
  await spanish.close();

  const english = await browser.newContext({ locale: 'en-US' });
  const other = await english.newPage();
  await other.goto('/login');
  await signIn(other, nobody, 'NotThePassword1');
  await expect(other.getByText('Wrong email, username or password')).toBeVisible();
  await english.close();
});

test('the picker lists a language the operator added, and shows the operator’s words in it', async ({
  browser,
}) => {
  const token = await adminToken();
  const tag = `de-${Date.now().toString(36).slice(-6)}`;
  const added = await api('/languages', {
    token,
    body: {
      locale: tag,
      native_name: 'Deutsch (E2E)',
      dir: 'ltr',
      min_coverage: 0,
      offered: true,
      catalog: { 'Sign in': 'Anmelden' },
    },
  });
  expect(added.status, JSON.stringify(added.data)).toBe(201);
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const picker = page.getByRole('combobox', { name: 'Language' }).first();
    await expect(picker.locator(`option[value="${tag}"]`)).toHaveText('Deutsch (E2E)');
    await picker.selectOption(tag);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    // what the operator did not translate stays English, never an id
    await expect(page.getByLabel('Email or username')).toBeVisible();
    await shoot(page, 'i18n-member-added-language');
  } finally {
    await context.close();
    // withdrawn again: the other specs expect the shipped list in the picker
    await api(`/languages/${tag}`, { method: 'PATCH', token, body: { offered: false } });
  }
});
