import { expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { chooseLanguage, englishSentences, type Screen, showsNoEnglish } from './i18n-support';
import {
  adminToken,
  api,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  sql,
  uniq,
  useMemberSession,
} from './support';

/*
 * Issue 38, the money screens (the `money` catalog): Subscription with its buy dialog, Top-up and
 * Transfers with their review steps, the transaction lists and an entry's details, in Spanish,
 * Arabic and Hindi on a 390 px phone. Each shows none of the English sentences its files put in
 * the English catalog (i18n-support.ts) and nothing sticks out sideways. The member has real rows:
 * a deposit an admin credited, a plan bought, a plan paid for a friend, a transfer sent.
 */

const SUBSCRIPTION = [
  'src/features/member/subscription/SubscriptionPage.tsx',
  'src/features/member/subscription/PlanCard.tsx',
  'src/features/member/subscription/ActivationCard.tsx',
  'src/features/member/money/',
];
const LISTS = [
  'src/features/member/transactions/',
  'src/components/money/Transaction',
  'src/components/money/transaction-words.ts',
];
// the list is loaded and has rows (phone cards)
const ROWS = 'ul[aria-label]:not([aria-busy]) > li';

interface Money {
  member: NewMember;
  friend: NewMember;
  planName: string;
}

/** A member with a 500 USDT deposit credited by an admin, a 100 USDT plan, a plan paid for a friend and a transfer to them. */
async function memberWithMoney(lang: string): Promise<Money> {
  const admin = await adminToken();
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, `Money ${lang}`);
  const friend = await registerMember(root.auth.refferal_code, `Friend ${lang}`);
  // transfers ask for a verified e-mail
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  const planName = `Gold ${uniq()}`;
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: planName, min_amount: 10, max_amount: 5000 },
  });
  expect(plan.status, JSON.stringify(plan.data)).toBe(201);
  const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: member.auth.id, amount: 500 },
  });
  expect(deposit.status, JSON.stringify(deposit.data)).toBe(201);
  await approveDeposit(deposit.data.deposite.id, admin);
  const bought = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `i18n-money-own-${member.auth.id}`,
    body: { plan_id: plan.data.plan.id, amount: 100 },
  });
  expect(bought.status, JSON.stringify(bought.data)).toBe(201);
  const forFriend = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `i18n-money-friend-${member.auth.id}`,
    body: { plan_id: plan.data.plan.id, amount: 20, recipient: friend.auth.refferal_code },
  });
  expect(forFriend.status, JSON.stringify(forFriend.data)).toBe(201);
  const sent = await api('/transfer/friend', {
    token: member.auth.token,
    idempotencyKey: `i18n-money-transfer-${member.auth.id}`,
    body: { amount: 5, password: member.password, recipient: friend.auth.refferal_code },
  });
  expect(sent.status, JSON.stringify(sent.data)).toBe(201);
  return { member, friend, planName };
}

/** The open dialog shows none of its files' English sentences; a screenshot of it. */
async function dialogSpeaks(page: Page, files: string[], lang: string, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const sentences = englishSentences(files, lang);
  expect(sentences.length).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const text = await dialog.innerText();
        return sentences.filter((sentence) => text.includes(sentence));
      },
      { message: `${name} in ${lang}: English left` },
    )
    .toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} in ${lang} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/i18n-money-${name}-${lang}.png`, fullPage: true });
}

test.describe('the money screens on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  for (const lang of ['es', 'ar', 'hi']) {
    test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
      const { member, friend, planName } = await memberWithMoney(lang);
      await chooseLanguage(page, lang);
      await useMemberSession(page, member);

      const screens: Screen[] = [
        {
          name: 'money-subscription',
          path: '/user/subscription',
          files: SUBSCRIPTION,
          ready: 'section[aria-labelledby^="plan-"] button',
        },
        {
          name: 'money-topup',
          path: '/user/topup',
          files: ['src/features/member/topup/', 'src/features/member/money/'],
          ready: ROWS,
        },
        {
          name: 'money-transfer',
          path: '/user/transfer',
          files: ['src/features/member/transfer/', 'src/features/member/money/'],
          ready: ROWS,
        },
        { name: 'money-transactions-all', path: '/transactions/all', files: LISTS, ready: ROWS },
        {
          name: 'money-transactions-topup',
          path: '/user/transaction/topup_transaction',
          files: LISTS,
          ready: ROWS,
        },
        {
          name: 'money-transactions-transfer-out',
          path: '/user/transaction/transfer_transaction/debit',
          files: LISTS,
          ready: ROWS,
        },
        { name: 'money-transactions-unknown', path: '/transactions/nothing', files: LISTS, ready: 'h1' },
      ];
      await showsNoEnglish(page, screens, lang);

      // the rows speak the language too: the deposit's kind and cause are not the English ones
      await page.goto('/transactions/all');
      const rows = page.locator(ROWS);
      await expect(rows.first()).toBeVisible();
      // the cause of the deposit's entry ("Deposit #12 approved" in English)
      await expect(page.locator('main')).not.toContainText(/Deposit #\d+ approved/);
      // and the dates are the language's ("29 nov 2026" in Spanish), not the English "Nov 29, 2026"
      await expect(page.locator('main')).not.toContainText(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/);
      // an entry's details: kind, direction, wallet, reference, recorded facts
      await rows.first().locator('button').click();
      await dialogSpeaks(page, LISTS, lang, 'entry');
      await page.keyboard.press('Escape');

      // Subscription: the buy dialog, asked for more than the fund wallet holds (375 USDT left)
      await page.goto('/user/subscription');
      const card = page.locator('section[aria-labelledby^="plan-"]', { hasText: planName });
      await card.getByRole('button').click();
      const amount = page.getByRole('dialog').locator('input[name="amount"]');
      await amount.fill('4000');
      await page.getByRole('dialog').locator('button[type="submit"]').click();
      await expect(page.getByTestId('fund-short')).toBeVisible();
      // the fund check's message, in the language (the English one is among the dialog's sentences)
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await dialogSpeaks(
        page,
        [...SUBSCRIPTION, 'src/features/member/subscription/BuyPlanDialog.tsx'],
        lang,
        'buy',
      );
      await page.keyboard.press('Escape');

      // Top-up: a plan for the friend, to its review step
      await page.goto('/user/topup');
      const topup = page.locator('form').first();
      await topup.locator('input[name="recipient"]').fill(friend.auth.refferal_code);
      await topup.locator('select[name="plan_id"]').selectOption({ label: planName });
      await topup.locator('input[name="amount"]').fill('15');
      await topup.locator('button[type="submit"]').click();
      await dialogSpeaks(page, ['src/features/member/topup/'], lang, 'topup-review');
      await expect(page.getByRole('dialog')).toContainText(friend.auth.refferal_code);
      await page.keyboard.press('Escape');

      // Transfers: naming oneself is refused as it is typed, in the language; then a review step
      await page.goto('/user/transfer');
      const send = page.locator('form').nth(1);
      await send.locator('input[name="recipient"]').fill(member.auth.refferal_code);
      await expect(send.locator('button[type="submit"]')).toBeDisabled();
      await expect(send).not.toContainText('You cannot send money to yourself');
      await send.locator('input[name="recipient"]').fill(friend.auth.refferal_code);
      await send.locator('input[name="amount"]').fill('2');
      await send.locator('input[name="password"]').fill(member.password);
      await send.locator('button[type="submit"]').click();
      await expect(page.getByTestId('transfer-recipient')).toContainText(friend.fullname);
      await dialogSpeaks(page, ['src/features/member/transfer/'], lang, 'transfer-review');
    });
  }
});
