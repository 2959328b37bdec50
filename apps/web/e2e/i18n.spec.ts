import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, rootSession, SHOTS, useMemberSession } from './support';

/*
 * Issue 38, the web app's languages: the browser's language picks the first one, the picker
 * switches without a reload and is remembered, Arabic lays the page out right to left, and no
 * converted public page overflows sideways at 390 px in the longest languages (and the
 * development pseudo-locale, 35 % longer).
 */

const LOCALE_KEY = 'earnhub.locale';

/** The elements that stick out past the right edge (the deepest ones), to say what to fix. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && el.children.length === 0)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      .join(', '),
  );
}

async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${name}: serious accessibility violations`).toEqual([]);
}

const FIRST_VISIT = [
  { browser: 'es-ES', lang: 'es', signIn: 'Iniciar sesión', dir: 'ltr' },
  { browser: 'pt-BR', lang: 'pt-BR', signIn: 'Entrar', dir: 'ltr' },
  // Portuguese from Portugal gets the Portuguese we have
  { browser: 'pt-PT', lang: 'pt-BR', signIn: 'Entrar', dir: 'ltr' },
  { browser: 'ar-EG', lang: 'ar', signIn: 'تسجيل الدخول', dir: 'rtl' },
  { browser: 'fr-FR', lang: 'fr', signIn: 'Se connecter', dir: 'ltr' },
  { browser: 'ru-RU', lang: 'ru', signIn: 'Войти', dir: 'ltr' },
  { browser: 'hi-IN', lang: 'hi', signIn: 'साइन इन करें', dir: 'ltr' },
  { browser: 'id-ID', lang: 'id', signIn: 'Masuk', dir: 'ltr' },
  // a language we do not ship: English
  { browser: 'de-DE', lang: 'en', signIn: 'Sign in', dir: 'ltr' },
];

for (const { browser, lang, signIn, dir } of FIRST_VISIT) {
  test.describe(`first visit with the browser in ${browser}`, () => {
    test.use({ locale: browser });

    test(`shows ${lang}`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: signIn })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      if (dir === 'rtl') {
        // the page is mirrored: the header's account links sit at the left edge, the logo at the right
        const logo = await page.getByRole('link', { name: 'EarnHub' }).first().boundingBox();
        const width = page.viewportSize()?.width ?? 1280;
        expect(logo && logo.x + logo.width / 2).toBeGreaterThan(width / 2);
        await expectNoSeriousViolations(page, `login in ${lang}`);
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('اجعل عملات USDT لديك تعمل كل يوم.');
        await expectNoSeriousViolations(page, `home in ${lang}`);
        await page.screenshot({ path: `${SHOTS}/i18n-home-ar.png`, fullPage: true });
      }
    });
  });
}

// Picking a language while signed in stores it on the member, and the root member is every later
// spec's member: leave them in English, as they were.
test.afterAll(async () => {
  const root = await rootSession();
  await api(`/users/${root.auth.id}`, { method: 'PUT', token: root.auth.token, body: { locale: 'en' } });
});

test.describe('the language picker', () => {
  test.use({ locale: 'en-US' });

  test('switches the page without a reload, and the choice survives a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // a mark on this document: a reload would wipe it
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const picker = page.getByRole('combobox', { name: 'Language' });
    await expect(picker.locator('option')).toHaveText([
      'English',
      'Español',
      'Português (Brasil)',
      'Français',
      'Русский',
      'हिन्दी',
      'Bahasa Indonesia',
      'العربية',
    ]);
    await picker.selectOption('fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // to Arabic and back: the direction follows
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('fr');

    // another page, fetched after the switch, comes in the chosen language too
    await page.getByRole('link', { name: 'Créez un compte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible();
  });

  test('is in the member menu: the menu follows the language', async ({ page }) => {
    await useMemberSession(page, await rootSession());
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('referral-code')).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    const menu = page.getByRole('navigation', { name: 'Navegación de miembro' });
    await expect(menu.getByRole('link', { name: 'Perfil' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Árbol de referidos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });
});

test.describe('phones, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  const PAGES = [
    '/',
    '/login',
    '/registration',
    '/forgot-password',
    '/reset-password?token=abc',
    '/no-such-page',
  ];

  for (const lang of ['ru', 'hi', 'ar', 'fr', 'pseudo']) {
    test(`no converted public page overflows sideways in ${lang}`, async ({ page }) => {
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
        [LOCALE_KEY, lang],
      );
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pseudo' ? 'en' : lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(
          overflow,
          `${path} in ${lang} is wider than the screen: ${await widest(page)}`,
        ).toBeLessThanOrEqual(0);
        if (path === '/' || path === '/registration')
          await page.screenshot({
            path: `${SHOTS}/i18n-390-${lang}${path.replace(/\W/g, '-')}.png`,
            fullPage: true,
          });
      }
    });
  }

  test('the member header keeps the picker on a phone', async ({ page }) => {
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
      [LOCALE_KEY, 'ru'],
    );
    // the member's stored language wins over this browser's (it follows them): theirs is Russian too
    const root = await rootSession();
    const saved = await api(`/users/${root.auth.id}`, {
      method: 'PUT',
      token: root.auth.token,
      body: { locale: 'ru' },
    });
    expect(saved.status).toBe(200);
    await useMemberSession(page, root);
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('referral-code')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Язык' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(
      page.getByTestId('nav-drawer').getByRole('link', { name: 'Реферальное дерево' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/i18n-390-member-ru.png` });
  });
});

test('Chromium formats a decimal string exactly, as src/i18n/format.ts relies on', async ({ page }) => {
  await page.goto('/');
  const formatted = await page.evaluate(() => [
    new Intl.NumberFormat('es', { minimumFractionDigits: 6 }).format('12345678901234567.000001' as never),
    new Intl.NumberFormat('ar-u-nu-latn', { minimumFractionDigits: 2 }).format('1234.5' as never),
    new Intl.NumberFormat('hi-u-nu-latn', { minimumFractionDigits: 2 }).format('1234567.5' as never),
  ]);
  // a float would have printed 12.345.678.901.234.568,000000
  expect(formatted[0]).toBe('12.345.678.901.234.567,000001');
  expect(formatted[1]).toMatch(/^1[,٬]234[.٫]50$/);
  expect(formatted[2]).toBe('12,34,567.50');
});

test('Hindi is drawn with the shipped Devanagari font, which an English page never downloads', async ({
  page,
}) => {
  const devanagari = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.family.includes('Devanagari') && face.unicodeRange.includes('U+900'))
        .map((face) => face.status);
    });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await devanagari()).toEqual(['unloaded']);
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
    [LOCALE_KEY, 'hi'],
  );
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect.poll(devanagari).toEqual(['loaded']);
  await page.screenshot({ path: `${SHOTS}/i18n-hi-font-login.png` });
});
