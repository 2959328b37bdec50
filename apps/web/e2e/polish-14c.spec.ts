import { MSG } from '@app/contracts/messages';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { singleUser } from './money-support';
import {
  ADMIN,
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  useMemberSession as openMemberSession,
  registerMember,
  rootSession,
  signInAdmin,
  uniq,
} from './support';

/** Issue 14, part 3: what the admin sees after Save, transactions in words, the admin's way back. */
const SHOTS = '/tmp/shots-14c';
const PHONE = { width: 390, height: 844 };

// Journeys with several members and sign-ins on two loaded cores: more than the default minute.
test.describe.configure({ timeout: 150_000 });

async function fund(member: NewMember, amount: number, admin: string) {
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: member.auth.id, amount, note: 'E2E 14c' },
  });
  expect(dep.status, dep.data.message).toBe(201);
  await approveDeposit(dep.data.deposite.id, admin);
}

/** The form of the admin sign-in page, filled and sent (the page may say where it goes back to). */
async function signInAgain(page: Page) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in to back-office' }).click();
}

test('the result of Save on the 2.2 screen shows beside the button, on a phone too', async ({ browser }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Phone Edited');
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAdmin(page);
  await clientNavigate(page, `/admin/check/profile/${member.auth.id}`);
  const form = page.getByRole('form', { name: 'Editable Details' });
  await form.getByLabel('Full Name').fill('Phone Edited Again');
  const save = form.getByRole('button', { name: 'Save Changes' });
  await save.click();

  const banner = page.getByTestId('save-feedback').getByText(MSG.userUpdated);
  await expect(banner).toBeInViewport();
  // right above the button the admin just pressed, not a screen away
  const [b, s] = [await banner.boundingBox(), await save.boundingBox()];
  expect(b && s && s.y - (b.y + b.height)).toBeLessThan(80);
  await page.screenshot({ path: `${SHOTS}/check-profile-saved-390.png` });
  await expect(banner).toBeHidden({ timeout: 10_000 });
  await context.close();
});

test('transactions name the members, write percents as people do, and show moves as moves', async ({
  browser,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Words ${uniq()}`, min_amount: 50, max_amount: 5000 },
  });
  expect(plan.status).toBe(201);
  const sponsor = await registerMember(root.auth.refferal_code, 'Sam Sponsor');
  const buyer = await registerMember(sponsor.auth.refferal_code, 'Bea Buyer');
  await fund(sponsor, 300, admin);
  await fund(buyer, 300, admin);
  for (const m of [sponsor, buyer]) {
    const bought = await api('/topup/add', {
      token: m.auth.token,
      body: { plan_id: plan.data.plan.id, amount: 200 },
    });
    expect(bought.status, bought.data.message).toBe(201);
  }
  const buyerName = (await singleUser(buyer.auth.id, admin)).username;

  await readTransactions(browser, sponsor, buyer, buyerName, 1280);
  await readTransactions(browser, sponsor, buyer, buyerName, 390);
});

/** The sponsor's All transactions at one width: a table on a desktop, cards on a phone. */
async function readTransactions(
  browser: Browser,
  sponsor: NewMember,
  buyer: NewMember,
  buyerName: string,
  width: 1280 | 390,
) {
  const context = await browser.newContext(width === 390 ? { viewport: PHONE } : {});
  const page = await context.newPage();
  await openMemberSession(page, sponsor);
  await page.goto('/transactions/all');
  // pages load on demand: on two loaded cores the first one can take a while
  await expect(page.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible({
    timeout: 30_000,
  });
  const shown = page.locator(width === 1280 ? 'table' : 'ul[aria-label="All transactions"]');
  const item = width === 1280 ? 'tr' : 'li';
  const direct = shown.locator(item).filter({ hasText: 'Referral income' });
  await expect(direct).toContainText(`from ${buyerName}`);
  await expect(direct).toContainText('5 %');
  await expect(direct).toContainText('+10.00 USDT');
  await expect(shown).not.toContainText('member #');
  await expect(shown).not.toContainText('.0000 %');
  const move = shown.locator(item).filter({ hasText: 'bought with your fund' });
  await expect(move.first()).toContainText('Move between own wallets');
  // money in: the deposit and the direct income; the plan bought with their own fund is a move
  await expect(page.getByTestId('total-in')).toHaveText('310.00 USDT');
  await expect(page.getByTestId('total-moved')).toHaveText('200.00 USDT');
  await page.screenshot({ path: `${SHOTS}/transactions-${width}.png`, fullPage: true });

  await direct.getByRole('button', { name: /^Details of the referral income/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${buyerName} (id ${buyer.auth.id})`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transaction-details-${width}.png` });
  await context.close();
}

test('an admin signs in again after a reload or in a new tab and lands back on the page, filters kept', async ({
  page,
  context,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Return Target');
  await signInAdmin(page);
  const filtered = `/admin/users?search=${encodeURIComponent(member.email)}`;
  await clientNavigate(page, filtered);
  await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(1);

  // a reload resumes the session (issue 37.12, admin-tabs.spec.ts) unless the browser lost its resume
  // cookie (closed, or idle for 30 minutes): signing in again then returns to the same list
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByTestId('return-to')).toContainText(`/admin/users?search=${member.email}`);
  await page.screenshot({ path: `${SHOTS}/admin-login-return-1280.png` });
  await signInAgain(page);
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${encodeURIComponent(member.email)}$`));
  await expect(page.getByLabel('Search')).toHaveValue(member.email);
  await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(1);

  // a new tab opened on a report, by a browser without the resume cookie
  await context.clearCookies();
  const tab = await context.newPage();
  await tab.setViewportSize(PHONE);
  await tab.goto('/admin/reports?kind=withdrawals&period=7d');
  await expect(tab).toHaveURL(/\/admin-login$/);
  await tab.screenshot({ path: `${SHOTS}/admin-login-return-390.png` });
  await signInAgain(tab);
  await expect(tab).toHaveURL(/\/admin\/reports\?kind=withdrawals&period=7d$/);
  await expect(tab.getByRole('radio', { name: '7 days' })).toBeChecked();
  await tab.close();
});

test('a member who opens an admin page and then signs in to the back-office lands on that page', async ({
  page,
}) => {
  await openMemberSession(page, await rootSession());
  await page.goto('/admin/reports?kind=topups');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.getByRole('link', { name: 'Back-office sign in' }).click();
  await expect(page.getByTestId('return-to')).toContainText('/admin/reports?kind=topups');
  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/reports\?kind=topups$/);
});

test('admin screens show new data when the admin comes back to the tab or presses Refresh', async ({
  page,
}) => {
  const root = await rootSession();
  const tag = `fresh${uniq()}`;
  await signInAdmin(page);
  await clientNavigate(page, `/admin/users?search=${tag}`);
  await expect(page.getByText(/No member matches/i)).toBeVisible({ timeout: 30_000 });

  // someone registers meanwhile: the Refresh button shows them, no reload (which would sign out)
  const first = await registerMember(root.auth.refferal_code, `${tag} One`);
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(page.getByRole('row').filter({ hasText: first.email })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/admin-refresh-1280.png` });

  // and coming back to the window does the same
  const second = await registerMember(root.auth.refferal_code, `${tag} Two`);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('row').filter({ hasText: second.email })).toHaveCount(1);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/admin-refresh-390.png` });
});
