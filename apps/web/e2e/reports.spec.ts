import { readFile } from 'node:fs/promises';
import { formatUsdt } from '@app/contracts/money';
import type { Overview } from '@app/contracts/reports';
import { expect, type Page, test } from '@playwright/test';
import { answerOf, approveAsSecond, approveDeposit } from './four-eyes-support';
import { expectNoSeriousViolations, singleUser } from './money-support';
import { adminToken, api, clientNavigate, registerMember, rootSession, SHOTS, signInAdmin } from './support';

/** The dashboard money figures and the reports screen, over whatever earlier tests left in the database. */

const usdt = (value: number) => formatUsdt(value);
const figure = (page: Page, testId: string) => page.getByTestId(testId);

async function overview(token: string) {
  const { status, data } = await api<Overview>('/reports/overview', { token });
  expect(status).toBe(200);
  return data;
}

/**
 * An active sponsor (a 100 USDT plan) under the root and a member under them who buys a 100 USDT
 * plan: the sponsor earns 5 USDT direct income. Answers the sponsor's username.
 */
async function activeSponsorPaidBy(admin: string, rootCode: string) {
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Reports plan ${Date.now()}`, min_amount: 100, max_amount: 1000 },
  });
  expect(plan.status).toBe(201);
  const buyWith100 = async (m: { auth: { id: number; token: string } }) => {
    const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
      token: admin,
      body: { user_id: m.auth.id, amount: 100 },
    });
    await approveDeposit(dep.data.deposite.id, admin);
    const bought = await api('/topup/add', {
      token: m.auth.token,
      body: { plan_id: plan.data.plan.id, amount: 100 },
    });
    expect(bought.status).toBe(201);
  };
  const sponsor = await registerMember(rootCode, 'Sam Sponsor');
  await buyWith100(sponsor);
  await buyWith100(await registerMember(sponsor.auth.refferal_code, 'Bea Buyer'));
  return (await singleUser(sponsor.auth.id, admin)).username;
}

/** Screenshots of the current screen at desktop and phone width, light and dark. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      // the charts redraw (and animate) after a resize: let them settle
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A pill of a Segmented choice (a radio group named by its legend). */
const choose = (page: Page, group: string, option: string) =>
  page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();

/** A CSV line split into cells (the cells used here hold no quotes or line breaks). */
const cells = (line: string) => line.split(',');

test('the dashboard shows the money after a deposit is approved; reports filter, chart and export the rows', async ({
  page,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const payer = await registerMember(root.auth.refferal_code, 'Rita Reports');
  const username = (await singleUser(payer.auth.id, admin)).username;
  const recorded = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: payer.auth.id, amount: 1234.5, note: '=cmd|calc' },
  });
  expect(recorded.status).toBe(201);
  const depositId = recorded.data.deposite.id;
  const before = await overview(admin);

  // The admin approves the deposit, then the dashboard shows it in every money figure.
  await signInAdmin(page);
  await clientNavigate(page, '/admin/deposits?status=pending');
  await page.getByRole('button', { name: `Approve deposit ${depositId} for ${username}` }).click();
  const answer = answerOf(
    page.waitForResponse((r) => r.url().endsWith(`/deposite/${depositId}`) && r.request().method() === 'PUT'),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  // 1,234.50 is above the four-eyes amount: the approval waits for a second finance admin, who
  // approves it (issue 36); the figures below are read after that
  await approveAsSecond(await answer);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Money' })).toBeVisible();
  await expect(figure(page, 'deposits-approved')).toHaveText(usdt(before.deposits.approved_total + 1234.5));
  await expect(figure(page, 'deposits-pending')).toHaveText(usdt(before.deposits.pending_amount - 1234.5));
  await expect(figure(page, 'liabilities')).toHaveText(usdt(before.liabilities.total + 1234.5));
  await expect(figure(page, 'reserves')).toHaveText(usdt(before.reserves.total + 1234.5));
  // the split by channel adds the admin's deposit to its channel
  await expect(page.getByTestId('deposits-channel-admin')).toHaveText(
    usdt(before.deposits.by_channel.admin.total + 1234.5),
  );
  const after = await overview(admin);
  expect(after.coverage.ratio).not.toBeNull();
  await expect(figure(page, 'coverage-ratio')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(
      after.coverage.ratio!,
    ),
  );
  await expect(page.getByRole('img', { name: /Bar chart over 14 days/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'admin dashboard');
  await shoot(page, 'admin-dashboard');

  // Reports: deposits of the last 30 days by default, with the approved deposit in the table.
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('1,234.50 USDT');
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('=cmd|calc');
  await expect(page.getByRole('img', { name: /Stacked bar chart of deposits per day/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'reports');
  await shoot(page, 'admin-reports');

  // Other kinds: top-ups have their own columns; a plan bought under an active sponsor pays them
  // direct income, which the incomes report lists with its member and kind.
  await choose(page, 'Report', 'Top-ups');
  await expect(table.getByRole('columnheader', { name: 'Paid by' })).toBeVisible();
  const sponsorName = await activeSponsorPaidBy(admin, root.auth.refferal_code);
  await choose(page, 'Report', 'Incomes');
  const income = table.getByRole('row').filter({ hasText: sponsorName });
  await expect(income).toContainText('Referral income');
  await expect(income).toContainText('5.00 USDT'); // 5 % of a 100 USDT plan
  await expect(page.getByRole('img', { name: /Stacked bar chart of incomes per day/ })).toBeVisible();
  await shoot(page, 'admin-reports-incomes');
  await choose(page, 'Report', 'Withdrawals');
  await expect(table.getByRole('columnheader', { name: 'Net (USDT)' })).toBeVisible();

  // Period and grouping: 7 days by week, then a custom range that holds no deposit.
  await choose(page, 'Report', 'Deposits');
  await choose(page, 'Period', '7 days');
  await page.getByLabel('Group by').selectOption('week');
  await expect(page.getByRole('img', { name: /Stacked bar chart of deposits per week/ })).toBeVisible();
  await expect(row).toContainText('1,234.50 USDT');
  await expect(page).toHaveURL(/period=7d/);
  await choose(page, 'Period', 'Custom range');
  // an end before the start moves the start along, so the range never turns invalid on the way
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-01-31');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31|to=2020-01-31.*from=2020-01-01/);
  await expect(page.getByText('No deposit was recorded in this period.')).toBeVisible();
  await choose(page, 'Period', '30 days');
  await page.getByLabel('Group by').selectOption('day');
  await expect(row).toContainText('1,234.50 USDT');

  // The CSV holds the rows of the table, with the same columns, formulas neutralised.
  const shownIds = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^deposits_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('ID,Channel,Recorded,Member,Amount (USDT),Status,Credited or decided,Note');
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim().toLowerCase())).toEqual(cells(lines[0]!).map((h) => h.toLowerCase()));
  const csvIds = lines.slice(1).map((line) => cells(line)[0]);
  for (const id of shownIds) expect(csvIds).toContain(id);
  // issue 29.14: ids are unique across channels (each channel numbers from 1), prefixed by the channel
  expect(new Set(csvIds).size).toBe(csvIds.length);
  await expect(table.getByRole('row').filter({ hasText: `admin-${depositId}` })).toContainText('Admin');
  const ours = lines.map(cells).find((c) => c[0] === `admin-${depositId}`);
  expect(ours).toEqual([
    `admin-${depositId}`,
    'Admin',
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    username,
    '1234.5',
    'Approved',
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    "'=cmd|calc",
  ]);
});
