import { expect, test } from '@playwright/test';
import { chooseLanguage, type Screen, showsNoEnglish } from './i18n-support';
import { adminToken, api, registerMember, rootSession, uniq, useMemberSession } from './support';

/*
 * Issue 38, the member screens converted to the catalogs: each one, opened in Spanish and in
 * Arabic on a 390 px phone, shows none of the English sentences its files put in the English
 * catalog, and nothing sticks out sideways. The sentences come from the catalog itself (the `#:`
 * references of the en/*.po catalogs), so a literal added to a screen and translated nowhere fails here.
 */

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: '/user/dashboard',
    files: [
      'src/features/member/dashboard/',
      'src/features/member/income/EarningLimitBar.tsx',
      'src/features/member/news/',
      'src/features/member/qr-links/',
      'src/features/member/notifications/BannerCard.tsx',
    ],
    ready: '[data-testid="referral-code"]',
  },
  {
    name: 'withdrawal',
    path: '/user/withdrawal',
    files: ['src/features/member/withdrawal/', 'src/components/money/ConfirmPassword.tsx'],
    // the form (after the wallets and settings) and the history's empty table
    ready: 'form input[type="password"]',
  },
  {
    name: 'deposit',
    path: '/user/deposit',
    files: ['src/features/member/deposits/DepositPage.tsx'],
    ready: '[data-testid="deposit-method-code"] a',
  },
  {
    name: 'deposit-history',
    path: '/user/deposit-history',
    files: [
      'src/features/member/deposits/DepositHistoryPage.tsx',
      'src/features/member/deposits/RedeemCodeCard.tsx',
    ],
    ready: '[data-testid="fund-balance"]',
  },
];

test.describe('converted member screens on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  // the dashboard's news and QR cards show only with something in them
  test.beforeAll(async () => {
    const admin = await adminToken();
    const tag = uniq();
    const qr = await api('/qr/add', {
      token: admin,
      body: { title: `Chat ${tag}`, url: `https://t.me/earnhub_${tag}`, active: true },
    });
    expect(qr.status).toBe(201);
    const news = await api('/news/add', { token: admin, body: { title: `News ${tag}`, content: 'Hola.' } });
    expect(news.status).toBe(201);
  });

  for (const lang of ['es', 'ar']) {
    test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
      await chooseLanguage(page, lang);
      // a member of their own: another spec may have stored a language on the root member
      const root = await rootSession();
      await useMemberSession(page, await registerMember(root.auth.refferal_code, `Lang ${lang}`));
      await showsNoEnglish(page, SCREENS, lang);
    });
  }
});
