import { expect, test } from '@playwright/test';
import { chooseLanguage, type Screen, showsNoEnglish } from './i18n-support';
import { signInAdmin } from './support';

/*
 * Issue 38, the public legal pages: a visitor who reads Spanish, Arabic or Hindi gets the privacy
 * policy and the terms in their language, on a phone and on a desktop: none of the English
 * sentences of the pages' catalogs is left, the page follows the language's direction and nothing
 * sticks out sideways. No session: they are the pages a visitor reads before registering.
 */

const LEGAL = 'src/features/public/legal/';
const screens = (width: number): Screen[] => [
  {
    name: `privacy-${width}`,
    path: '/privacy',
    files: [`${LEGAL}PrivacyPage.tsx`, `${LEGAL}LegalPage.tsx`],
    ready: 'h1',
  },
  {
    name: `terms-${width}`,
    path: '/terms',
    files: [`${LEGAL}TermsPage.tsx`, `${LEGAL}LegalPage.tsx`],
    ready: 'h1',
  },
];

// the version's month, as each language writes it (Latin digits in Arabic and Hindi: i18n/locales.ts)
const MONTH: Record<string, string> = { es: 'noviembre de 2025', ar: 'نوفمبر 2025', hi: 'नवंबर 2025' };

for (const width of [390, 1280]) {
  test.describe(`legal pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 }, locale: 'en-US' });

    for (const lang of ['es', 'ar', 'hi']) {
      test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
        await chooseLanguage(page, lang);
        await showsNoEnglish(page, screens(width), lang);
        // the last page opened (the terms) dates its version in the visitor's words
        await expect(page.locator('article > p').first()).toContainText(MONTH[lang] ?? '');
      });
    }
  });
}

// The back-office ships English (its catalog falls back to the source): a Spanish browser still
// reads the sign-in's English words, never a message id, and signs in.
test('the back-office sign-in in a Spanish browser: English words, and it signs in', async ({ page }) => {
  await chooseLanguage(page, 'es');
  await page.goto('/admin-login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Back-office sign in' })).toBeVisible();
  await expect(
    page.getByText('Admin sessions stay in this tab only and end when it is reloaded or closed.'),
  ).toBeVisible();
  await signInAdmin(page);
});
