import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { approveDeposit } from './four-eyes-support';
import { chooseLanguage, englishSentences, type Screen, showsNoEnglish } from './i18n-support';
import { buyPlan } from './plan-support';
import {
  adminToken,
  api,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  sql,
  useMemberSession,
} from './support';

/*
 * Issue 38, the account area's screens (lingui.config.ts `account`, and what of it the `member`
 * catalog carries: the bell, the site popup, the account-change hold's banner) in Spanish, Arabic
 * and Hindi on a 390 px phone: the profile (details, e-mail verification before and after a code is
 * sent, password, notification settings, the hold's note, sign out everywhere), the notifications
 * with a transfer received, and watch and earn with a plan (the video dialog, the claim, the
 * claimed state). Each shows none of its files' English sentences and fits the screen.
 */

const PROFILE_FILES = [
  'src/features/member/profile/',
  'src/features/member/notifications/NotificationPrefsCard.tsx',
  'src/components/auth/',
];
const NOTIFICATIONS_FILES = [
  'src/features/member/notifications/NotificationsPage.tsx',
  'src/features/member/notifications/NotificationBell.tsx',
];
const WATCH_FILES = ['src/features/member/watch/'];

/** A message's translation in `lang`, from the account catalog (to find a control by its name). */
function translated(lang: string, id: string): string {
  const po = readFileSync(path.join(import.meta.dirname, '..', 'src', 'locales', lang, 'account.po'), 'utf8');
  const found = po.split(/\n\n+/).find((block) => block.includes(`\nmsgid "${id}"\n`));
  const text = found && /^msgstr "(.*)"$/m.exec(found)?.[1];
  if (!text) throw new Error(`no ${lang} translation of "${id}"`);
  return text;
}

/** What is on the page now (a dialog, a state after a click) shows none of the files' English sentences. */
async function noEnglishNow(page: Page, files: string[], lang: string, shot: string) {
  const sentences = englishSentences(files, lang);
  await expect
    .poll(async () => {
      const text = await page.evaluate(() => document.body.innerText);
      return sentences.filter((sentence) => text.includes(sentence));
    }, `${shot} in ${lang}: English left`)
    .toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${shot} in ${lang} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/i18n-account-${shot}-${lang}.png`, fullPage: true });
}

/** POST /bonus lives outside /api/v1 (spec 7); an existing bonus of the type is kept. */
async function ensureAdBonus(token: string) {
  const res = await fetch(`${BASE_URL}/bonus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Ad bonus', bonus_type: 'add_income', amount: 0.5, period_hours: 12 }),
  });
  expect([201, 409]).toContain(res.status);
}

/** A member in `lang` (stored, so the server writes their notifications in it) with a 100 USDT plan. */
async function memberIn(lang: string, admin: string): Promise<NewMember> {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, `Account ${lang}`);
  const stored = await api(`/users/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
    body: { locale: lang },
  });
  expect(stored.status, JSON.stringify(stored.data)).toBe(200);
  await buyPlan(admin, member, 100);
  // a friend sends them 3 USDT: a "transfer received" notification in their language
  const friend = await registerMember(root.auth.refferal_code, `Friend ${lang}`);
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [friend.auth.id]);
  const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: friend.auth.id, amount: 20 },
  });
  await approveDeposit(deposit.data.deposite.id, admin);
  const sent = await api('/transfer/friend', {
    token: friend.auth.token,
    body: { amount: 3, password: friend.password, recipient: member.auth.refferal_code },
  });
  expect(sent.status, JSON.stringify(sent.data)).toBe(201);
  return member;
}

test.describe('the account screens on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  test.beforeAll(async () => {
    await ensureAdBonus(await adminToken());
  });

  for (const lang of ['es', 'ar', 'hi']) {
    test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
      const admin = await adminToken();
      const member = await memberIn(lang, admin);
      await chooseLanguage(page, lang);
      await page.clock.install();
      await useMemberSession(page, member);

      const screens: Screen[] = [
        {
          name: 'account-notifications',
          path: '/user/notifications',
          files: NOTIFICATIONS_FILES,
          ready: 'li[aria-label] h2',
        },
        {
          name: 'account-watch',
          path: '/watch/adds',
          files: WATCH_FILES,
          ready: '[data-testid="watch-video"]',
        },
      ];
      await showsNoEnglish(page, screens, lang);

      // watch and earn: the dialog, the watch, the claim, and the claimed state after the reload
      await page.getByTestId('watch-video').click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByTestId('watch-modal')).toBeVisible();
      await noEnglishNow(page, WATCH_FILES, lang, 'watch-dialog');
      await modal.getByRole('button', { name: translated(lang, 'Start Watching') }).click();
      await expect(modal.getByRole('status')).toBeVisible();
      // the server counts the watch from its own clock: both clocks move on by the 10 s
      const moved = await api('/test/clock', { body: { advance_seconds: 10 } });
      expect(moved.status).toBe(200);
      await page.clock.runFor(10_000);
      const claim = modal.getByRole('button', { name: translated(lang, 'Claim Reward') });
      await expect(claim).toBeVisible();
      await noEnglishNow(page, WATCH_FILES, lang, 'watch-watched');
      await claim.click();
      await expect(page.getByTestId('claim-amount')).toBeVisible();
      await noEnglishNow(page, WATCH_FILES, lang, 'watch-claimed-dialog');
      await page.waitForEvent('load');
      await expect(page.getByTestId('earned')).toBeVisible();
      await expect(page.getByTestId('countdown')).toBeVisible();
      await noEnglishNow(page, WATCH_FILES, lang, 'watch-claimed');

      // a new password: the account-change hold's banner (member catalog) and note (account)
      const changed = await api(`/users/${member.auth.id}`, {
        method: 'PUT',
        token: member.auth.token,
        body: { current_password: member.password, password: `Hold-${lang}-Pass-2026` },
      });
      expect(changed.status, JSON.stringify(changed.data)).toBe(200);
      await showsNoEnglish(
        page,
        [
          {
            name: 'account-profile',
            path: `/user/profile/${member.auth.id}`,
            files: [...PROFILE_FILES],
            ready: '#notification-settings form',
          },
        ],
        lang,
      );
      await expect(page.getByTestId('control-hold-banner')).toBeVisible();
      await expect(page.getByRole('region', { name: translated(lang, 'Withdrawals paused') })).toBeVisible();

      // e-mail verification: a code sent, then a wrong one
      const verify = page.locator('#verify');
      await verify.getByRole('button', { name: translated(lang, 'Send code') }).click();
      const code = verify.getByLabel(translated(lang, 'Verification code'));
      await code.fill('12');
      await verify.getByRole('button', { name: translated(lang, 'Verify email') }).click();
      await expect(verify.getByText(translated(lang, 'The code is 6 digits'))).toBeVisible();
      await noEnglishNow(page, PROFILE_FILES, lang, 'profile-code-sent');

      // the password form's own checks, and the sign-out-everywhere question
      const repeat = page.getByLabel(translated(lang, 'Repeat new password'));
      await page.getByLabel(translated(lang, 'New password'), { exact: true }).fill('Another-Pass-2026');
      await repeat.fill('Different-Pass-2026');
      await page.getByRole('button', { name: translated(lang, 'Change password'), exact: true }).click();
      await expect(page.getByText(translated(lang, 'The passwords do not match'))).toBeVisible();
      await expect(page.getByText(translated(lang, 'Enter your current password'))).toBeVisible();
      await page.getByRole('button', { name: translated(lang, 'Sign out everywhere'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noEnglishNow(page, PROFILE_FILES, lang, 'profile-dialogs');
    });
  }
});
