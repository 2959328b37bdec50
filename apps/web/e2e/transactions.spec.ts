import { expect, type Page, test } from '@playwright/test';
import { approveDeposit, creditByTwo } from './four-eyes-support';
import { expectNoSeriousViolations, singleUser, withdrawingMember } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  rootSession,
  SHOTS,
  signInAdmin,
  sql,
  uniq,
  useMemberSession,
} from './support';

const EXTRA_DEPOSITS = 10;

/**
 * A member with money history, all through the API: 1 + 10 approved deposits, a plan bought, an
 * earnings credit by two admins and a pending withdrawal. 15 entries on their side of the ledger.
 */
async function memberWithHistory(): Promise<{ member: NewMember; username: string }> {
  const root = await rootSession();
  const admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Ledger ${uniq()}`, min_amount: 50, max_amount: 5000 },
  });
  expect(plan.status).toBe(201);
  const member = await withdrawingMember(root.auth.refferal_code, 'Tess Ledger');
  for (const amount of [1000, ...Array.from({ length: EXTRA_DEPOSITS }, () => 5)]) {
    const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
      token: admin,
      body: { user_id: member.auth.id, amount, note: 'E2E ledger' },
    });
    expect(dep.status, dep.data.message).toBe(201);
    await approveDeposit(dep.data.deposite.id, admin);
  }
  const bought = await api('/topup/add', {
    token: member.auth.token,
    body: { plan_id: plan.data.plan.id, amount: 200 },
  });
  expect(bought.status, bought.data.message).toBe(201);
  await creditByTwo(member.auth.id, 'earnings', 100, 'E2E ledger bonus');
  const withdrawal = await api('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount: 20, password: member.password },
  });
  expect(withdrawal.status, withdrawal.data.message).toBe(201);
  const username = (await singleUser(member.auth.id, admin)).username;
  return { member, username };
}

const entries = (page: Page) => page.getByRole('table').getByRole('row');

// A long journey on a busy machine: more time than the default minute.
test.describe.configure({ timeout: 150_000 });

let history: { member: NewMember; username: string };
test.beforeAll(async () => {
  history = await memberWithHistory();
});

test('a member reads, filters and pages their transactions', async ({ browser }) => {
  const { member } = history;

  // Member: the nav item opens every entry; the spec's ROI route is one choice of the list picker.
  const memberContext = await browser.newContext();
  const m = await memberContext.newPage();
  await useMemberSession(m, member);
  await m.goto('/user/dashboard');
  await m
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Transactions' })
    .click();
  await expect(m).toHaveURL(/\/transactions\/all$/);
  await expect(m.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible();
  await m.goto('/user/transaction/roi_transaction/invest');
  await expect(m.getByRole('heading', { level: 1, name: 'ROI income' })).toBeVisible();
  await expect(m.getByText(/Nothing here yet/)).toBeVisible();

  // Every entry: 15, newest first, paged by 10.
  await m.getByLabel('List', { exact: true }).selectOption({ label: 'All transactions' });
  await expect(m).toHaveURL(/\/transactions\/all$/);
  await expect(m.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible();
  const pager = m.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 of 2 · 15 entries');
  await expect(entries(m)).toHaveCount(11); // header + 10
  const newest = entries(m).nth(1);
  await expect(newest).toContainText('Withdrawal');
  await expect(newest).toContainText('−20.00 USDT');
  await expect(newest).toContainText('Pending');
  await expect(newest).toContainText('waiting for approval');
  const adjustment = m.getByRole('row').filter({ hasText: 'Adjustment: E2E ledger bonus' });
  await expect(adjustment).toContainText('+100.00 USDT');
  await expect(adjustment).toContainText('Completed');
  // the plan bought with their own fund is a move between their wallets, not money in (issue 14.9)
  await expect(m.getByTestId('total-in')).toHaveText('1,150.00 USDT'); // 1,050 deposits + 100
  await expect(m.getByTestId('total-moved')).toHaveText('200.00 USDT');
  await m.screenshot({ path: `${SHOTS}/tx-member-all.png`, fullPage: true });
  await expectNoSeriousViolations(m, 'transactions');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2 · 15 entries');
  await expect(m).toHaveURL(/page=2/);
  await expect(entries(m)).toHaveCount(6);
  await expect(entries(m).last()).toContainText('Deposit');
  await expect(entries(m).last()).toContainText('+1,000.00 USDT');

  // Filters: kind, money in/out, status; each one starts again from page 1.
  await m.getByLabel('Kind', { exact: true }).selectOption({ label: 'Deposit' });
  await expect(pager).toContainText('Page 1 of 2 · 11 entries');
  await m.getByLabel('Money', { exact: true }).selectOption({ label: 'Money out' });
  await expect(m.getByText('No entry matches these filters')).toBeVisible();
  await m.getByLabel('Kind', { exact: true }).selectOption({ label: 'All kinds' });
  await expect(pager).toContainText('2 entries'); // plan paid from fund, withdrawal hold
  await m.getByLabel('Money', { exact: true }).selectOption({ label: 'In and out' });
  await m.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
  await expect(pager).toContainText('Page 1 of 1 · 1 entry');

  // Details of one entry, then a search by its transaction id.
  await m.getByRole('button', { name: /^Details of the withdrawal/ }).click();
  const dialog = m.getByRole('dialog');
  await expect(dialog.getByText('Debited from')).toBeVisible();
  await expect(dialog.getByText('Earnings wallet')).toBeVisible();
  // The fee and net recorded on the hold, in USDT (the ledger keeps micro-units).
  await expect(dialog.getByText('2.00 USDT')).toBeVisible();
  await expect(dialog.getByText('18.00 USDT')).toBeVisible();
  const id = (await dialog.locator('.font-mono').first().textContent())?.trim() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await m.screenshot({ path: `${SHOTS}/tx-member-details.png` });
  await m.keyboard.press('Escape');
  await m.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  await expect(pager).toContainText('15 entries');
  await m.getByLabel('Search', { exact: true }).fill(id.slice(0, 13));
  await expect(pager).toContainText('1 entry');
  await expect(m).toHaveURL(/search=/);
  await m.getByLabel('Search', { exact: true }).fill('no-such-reference');
  await expect(m.getByText('No entry matches these filters')).toBeVisible();

  // The other routes: a view, a view narrowed by fit, one kind, and an unknown list.
  await m.goto('/user/transaction/topup_transaction');
  await expect(m.getByRole('heading', { level: 1, name: 'Plan purchases' })).toBeVisible();
  await expect(pager).toContainText('2 entries');
  await expect(m.getByRole('row').filter({ hasText: 'to Principal' })).toContainText('+200.00 USDT');
  await m.goto('/user/transaction/deposit_transaction/credit');
  await expect(m.getByRole('heading', { level: 1, name: 'Deposits: money in' })).toBeVisible();
  await expect(m.getByLabel('Money', { exact: true })).toHaveCount(0);
  await expect(pager).toContainText('11 entries');
  await m.goto('/transactions/admin_adjustment');
  await expect(m.getByRole('heading', { level: 1, name: 'Admin adjustment' })).toBeVisible();
  await expect(pager).toContainText('1 entry');
  await m.goto('/user/transaction/no_such_table');
  await expect(m.getByRole('heading', { name: 'Unknown transaction list' })).toBeVisible();
  await expect(m.getByText('no_such_table')).toBeVisible();
  await m.screenshot({ path: `${SHOTS}/tx-member-unknown.png` });
  await m.getByRole('link', { name: 'All transactions' }).click();
  await expect(pager).toContainText('15 entries');

  // The dashboard's wallets lead to the lists.
  await m.goto('/user/dashboard');
  await expect(m.getByTestId('wallet-principal')).toHaveText('200.00 USDT');
  await m.screenshot({ path: `${SHOTS}/tx-member-dashboard.png` });
  await m.getByRole('link', { name: 'Principal', exact: true }).click();
  await expect(m.getByRole('heading', { level: 1, name: 'Plan purchases' })).toBeVisible();

  // Phone width.
  await m.setViewportSize({ width: 390, height: 844 });
  await m.goto('/transactions/all');
  await expect(pager).toContainText('15 entries');
  await m.screenshot({ path: `${SHOTS}/tx-member-all-390.png`, fullPage: true });
  await m.goto('/user/dashboard');
  await m.getByTestId('wallet-fund').waitFor();
  await m.screenshot({ path: `${SHOTS}/tx-member-dashboard-390.png`, fullPage: true });
  await memberContext.close();
});

test("the admin sees the member's ledger on their profile and a clean reconcile report", async ({ page }) => {
  const { member, username } = history;
  // Admin: the member's ledger on their profile.
  await signInAdmin(page);
  await clientNavigate(page, `/admin/check/profile/${member.auth.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tess Ledger');
  const balances = page.getByRole('region', { name: 'Wallet balances' });
  await expect(balances.getByTestId('ledger-wallet-fund')).toHaveText('850.00 USDT');
  await expect(balances.getByTestId('ledger-wallet-principal')).toHaveText('200.00 USDT');
  await expect(balances.getByTestId('ledger-wallet-earnings')).toHaveText('80.00 USDT');
  await expect(balances).toContainText('20.00 USDT held');
  const ledger = page.getByRole('region', { name: 'Ledger entries' });
  const ledgerPager = ledger.getByRole('navigation', { name: 'Pagination' });
  await expect(ledgerPager).toContainText('Page 1 of 2 · 15 entries');
  await ledgerPager.getByRole('button', { name: 'Next' }).click();
  await expect(ledgerPager).toContainText('Page 2 of 2');
  await ledger.getByLabel('Kind', { exact: true }).selectOption({ label: 'Plan purchase' });
  await expect(ledgerPager).toContainText('Page 1 of 1 · 2 entries');
  await expect(ledger.getByRole('row').filter({ hasText: 'from Fund wallet' })).toContainText('−200.00 USDT');
  await ledger.getByLabel('Kind', { exact: true }).selectOption({ label: 'All kinds' });
  await ledger.getByLabel('Search', { exact: true }).fill(username);
  await expect(ledgerPager).toContainText('15 entries');
  await page.screenshot({ path: `${SHOTS}/tx-admin-profile-ledger.png`, fullPage: true });

  // Admin: the reconcile report, from the navigation.
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Reconcile' })
    .click();
  await expect(page).toHaveURL(/\/admin\/reconcile$/);
  const verdict = page.getByTestId('reconcile-verdict');
  await expect(verdict).toContainText('OK: no drift');
  await expect(page.getByTestId('reconcile-total')).toHaveText('0.00 USDT');
  await expect(page.getByText('No drift: every account')).toBeVisible();
  await expect(page.getByText('No orphaned holds')).toBeVisible();
  const transfers = Number((await page.getByTestId('reconcile-transfers').textContent())?.replace(/,/g, ''));
  expect(transfers).toBeGreaterThanOrEqual(14);
  // Run again, slowed down so the progress can be seen.
  await page.route('**/api/v1/ledger/reconcile', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText('Checking every account against its transfers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Running…' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/tx-admin-reconcile-running.png` });
  await expect(page.getByRole('button', { name: 'Run again' })).toBeEnabled();
  await expect(page.getByText('Checking every account against its transfers')).toHaveCount(0);
  await page.unroute('**/api/v1/ledger/reconcile');
  await expect(verdict).toContainText('OK: no drift');
  await expectNoSeriousViolations(page, 'reconcile');

  // A balance changed behind the ledger and a hold left without its request show up, then clear.
  const fundSql = `UPDATE accounts SET balance = balance + $2 WHERE owner_user_id = $1 AND kind = 'fund'`;
  const holdSql = `UPDATE withdrawals SET status = $2 WHERE user_id = $1`;
  await sql(fundSql, [member.auth.id, 7_000_000]);
  await sql(holdSql, [member.auth.id, 'rejected']);
  try {
    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(verdict).toContainText('Drift found');
    await expect(verdict).toContainText('1 account differs from its transfers');
    await expect(verdict).toContainText('the balances do not sum to zero');
    await expect(verdict).toContainText('1 pending hold is orphaned');
    await expect(page.getByTestId('reconcile-total')).toHaveText('7.00 USDT');
    const driftRow = page.getByRole('row').filter({ hasText: username });
    await expect(driftRow.first()).toContainText('857.00 USDT');
    await expect(driftRow.first()).toContainText('+7.00 USDT');
    await expect(page.getByRole('row').filter({ hasText: 'is not waiting for a decision' })).toContainText(
      '20.00 USDT',
    );
    await page.screenshot({ path: `${SHOTS}/tx-admin-reconcile-drift.png`, fullPage: true });
  } finally {
    await sql(fundSql, [member.auth.id, -7_000_000]);
    await sql(holdSql, [member.auth.id, 'pending']);
  }
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(verdict).toContainText('OK: no drift');
  await page.screenshot({ path: `${SHOTS}/tx-admin-reconcile.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/tx-admin-reconcile-390.png`, fullPage: true });
  await clientNavigate(page, `/admin/check/profile/${member.auth.id}`);
  await expect(page.getByRole('region', { name: 'Ledger entries' })).toContainText('15 entries');
  await page
    .getByRole('region', { name: 'Wallet balances' })
    .screenshot({ path: `${SHOTS}/tx-admin-wallets-390.png` });
  await page
    .getByRole('region', { name: 'Ledger entries' })
    .screenshot({ path: `${SHOTS}/tx-admin-entries-390.png` });
  // Dark theme.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('region', { name: 'Ledger entries' })
    .screenshot({ path: `${SHOTS}/tx-admin-entries-dark.png` });
  await clientNavigate(page, '/admin/reconcile');
  await expect(page.getByTestId('reconcile-verdict')).toContainText('OK: no drift');
  await page.screenshot({ path: `${SHOTS}/tx-admin-reconcile-dark.png` });
});
