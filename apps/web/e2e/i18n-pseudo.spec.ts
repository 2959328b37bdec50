import { expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { chooseLanguage, englishSentences } from './i18n-support';
import { adminToken, api, registerMember, rootSession, SHOTS, uniq, useMemberSession } from './support';

/*
 * Issue 38: the development pseudo-locale (every message accented and 35 % longer) on every public
 * and member screen of a 390 px phone. A screen fails when it is wider than the phone, when a text
 * is cut off (clipped without a way to read it whole), or when it shows an English sentence of the
 * catalogs (a word left out of them, or a page that forgot its area's catalog).
 */

const PUBLIC = [
  '/',
  '/login',
  '/registration',
  '/forgot-password',
  '/reset-password?token=abc',
  '/privacy',
  '/terms',
  '/unauthorized',
  '/no-such-page',
];

const MEMBER = (id: number) => [
  '/user/dashboard',
  `/user/profile/${id}`,
  '/user/subscription',
  '/user/topup',
  '/user/deposit',
  '/user/deposit-history',
  '/user/web3-deposit',
  '/user/scanner',
  '/user/transfer',
  '/user/withdrawal',
  '/watch/adds',
  '/user/income',
  '/user/rewards',
  '/user/direct-members',
  '/user/refferral-tree',
  '/user/notifications',
  '/user/queries',
  '/user/query/create',
  '/user/transaction/transfer_transaction',
  '/user/transaction/roi_transaction/invest',
];

/**
 * Texts that are clipped with no way to read them whole: an element that hides what overflows it
 * (overflow hidden or clip, or an ellipsis) and holds more than it shows. One with a `title`, or
 * inside an element with one, shows the whole text on hover (addresses, hashes): not cut off.
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        if (!el.offsetParent || !(el.textContent ?? '').trim() || el.closest('[title]')) return false;
        // a screen-reader-only name (sr-only: 1 px, clipped on purpose) is not shown text
        if (el.clientWidth <= 1 || el.clientHeight <= 1) return false;
        const style = getComputedStyle(el);
        const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        const clamps = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
        return (
          (clips && el.scrollWidth > el.clientWidth + 1) ||
          ((clips || clamps) && el.scrollHeight > el.clientHeight + 2)
        );
      })
      // a clamped text that offers its whole (ClampedText's "more" button) is not cut off
      .filter((el) => !el.parentElement?.querySelector('button[aria-expanded]'))
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 50)}"`),
  );
}

/**
 * The screen's own words: its text without what people wrote (news, notices, tickets, names), which
 * the house marks to read in its own direction (`unicode-bidi: plaintext`, `dir="auto"`); in a full
 * run other specs leave English news and notices that every member sees.
 */
function ownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const written = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement)
        if (e.getAttribute('dir') === 'auto' || getComputedStyle(e).unicodeBidi === 'plaintext') return true;
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!written(node.parentElement)) parts.push(node.textContent ?? '');
    return parts.join(' ');
  });
}

async function checkScreen(page: Page, path: string, sentences: string[]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // the screen's data and catalogs are in once nothing is loading any more
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // soft: one run names every screen's problems
  expect.soft(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
  expect.soft(await cutOff(page), `${path}: text cut off`).toEqual([]);
  // the page renders once its catalogs are in (routes.tsx withArea), and its data has settled above
  const text = await ownText(page);
  expect
    .soft(
      sentences.filter((sentence) => text.includes(sentence)),
      `${path}: English left`,
    )
    .toEqual([]);
  await page.screenshot({ path: `${SHOTS}/i18n-pseudo${path.replace(/\W+/g, '-')}.png`, fullPage: true });
}

test.describe('the pseudo-locale on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  // every English sentence of the member and public catalogs (the back-office's may stay English)
  const sentences = englishSentences(
    ['src/features/member/', 'src/features/public/', 'src/components/'],
    'pseudo',
  );

  test('every public screen fits, cuts nothing off and shows no English', async ({ page }) => {
    await chooseLanguage(page, 'pseudo');
    for (const path of PUBLIC) await checkScreen(page, path, sentences);
  });

  test('every member screen fits, cuts nothing off and shows no English', async ({ page }) => {
    await chooseLanguage(page, 'pseudo');
    const root = await rootSession();
    const admin = await adminToken();
    const member = await registerMember(root.auth.refferal_code, `Pseudo ${uniq()}`);
    await registerMember(member.auth.refferal_code, 'Pseudo Direct');
    // money in, a plan bought and a transfer: the money screens show rows, not only their empty states
    const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
      token: admin,
      body: { user_id: member.auth.id, amount: 500 },
    });
    expect(deposit.status).toBe(201);
    await approveDeposit(deposit.data.deposite.id, admin);
    const plan = await api<{ plan: { id: number } }>('/plans/add', {
      token: admin,
      body: { name: `Pseudo ${uniq()}`, min_amount: 100, max_amount: 20000 },
    });
    expect(plan.status).toBe(201);
    const bought = await api('/topup/add', {
      token: member.auth.token,
      body: { plan_id: plan.data.plan.id, amount: 100 },
    });
    expect(bought.status, JSON.stringify(bought.data)).toBe(201);
    await useMemberSession(page, member);
    for (const path of MEMBER(member.auth.id)) await checkScreen(page, path, sentences);
  });
});
