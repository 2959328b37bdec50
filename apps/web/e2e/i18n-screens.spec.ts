import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminToken, api, registerMember, rootSession, SHOTS, uniq, useMemberSession } from './support';

/*
 * Issue 38, the member screens converted to the catalogs: each one, opened in Spanish and in
 * Arabic on a 390 px phone, shows none of the English sentences its files put in the English
 * catalog, and nothing sticks out sideways. The sentences come from the catalog itself (the `#:`
 * references of the en/*.po catalogs), so a literal added to a screen and translated nowhere fails here.
 */

const LOCALE_KEY = 'earnhub.locale';
const LOCALES_DIR = path.join(import.meta.dirname, '..', 'src', 'locales');

function entries(locale: string): Map<string, { files: string[]; text: string }> {
  const dir = path.join(LOCALES_DIR, locale);
  const po = readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n\n');
  const found = new Map<string, { files: string[]; text: string }>();
  for (const block of po.split(/\n\n+/)) {
    const files = [...block.matchAll(/^#: (.+)$/gm)].flatMap((m) => (m[1] ?? '').split(' '));
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const text = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id) found.set(id, { files, text: text ?? '' });
  }
  return found;
}

/**
 * The English sentences of a screen's files: the literal parts of each message (between its
 * {variables} and <0> tags) of two words or more, leaving out those a language writes the same.
 */
function englishSentences(files: string[], lang: string): string[] {
  const english = entries('en');
  const translated = entries(lang);
  const sentences = new Set<string>();
  for (const [id, { files: where }] of english) {
    if (!where.some((file) => files.some((prefix) => file.startsWith(prefix)))) continue;
    const same = translated.get(id)?.text;
    for (const part of id.split(/\{[^}]*\}|<\/?\d+\/?>/)) {
      const text = part.replace(/\\"/g, '"').trim();
      if (text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length < 2) continue;
      if (same?.includes(text)) continue;
      sentences.add(text);
    }
  }
  return [...sentences];
}

async function englishLeft(page: Page, sentences: string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return sentences.filter((sentence) => text.includes(sentence));
}

/** The elements that stick out past the screen's edges (the deepest ones), to say what to fix. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (box.right > window.innerWidth + 0.5 || box.left < -0.5) && el.children.length === 0;
      })
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      .join(', '),
  );
}

interface Screen {
  name: string;
  path: string;
  /** The screen's source files (prefixes of the catalog's references). */
  files: string[];
  /** A CSS selector shown once the screen has its data. */
  ready: string;
}

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
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
        [LOCALE_KEY, lang],
      );
      // a member of their own: another spec may have stored a language on the root member
      const root = await rootSession();
      await useMemberSession(page, await registerMember(root.auth.refferal_code, `Lang ${lang}`));
      for (const screen of SCREENS) {
        const sentences = englishSentences(screen.files, lang);
        expect(sentences.length, `${screen.name}: English sentences found in the catalog`).toBeGreaterThan(3);
        await page.goto(screen.path);
        await expect(page.locator(screen.ready).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect
          .poll(() => englishLeft(page, sentences), { message: `${screen.name} in ${lang}: English left` })
          .toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(
          overflow,
          `${screen.name} in ${lang} is wider than the screen: ${await widest(page)}`,
        ).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/i18n-screen-${screen.name}-${lang}.png`, fullPage: true });
      }
    });
  }
});
