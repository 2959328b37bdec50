import type { EarningLimit, IncomeList, IncomeOverview, IncomeSummary } from '@app/contracts/incomes';
import { formatUsdt } from '@app/contracts/money';
import type { Wallets } from '@app/contracts/users';
import { expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { expectNoSeriousViolations, singleUser } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  signInAdmin,
  useMemberSession,
} from './support';

/**
 * The Income Dashboard figures against the ledger (through the API), the "why was this paid"
 * dialog of an income the earning limit cut, the dashboard's earning-limit card, /admin/income and
 * the compensation settings. A holds a 100 plan (limit 700); C1 buys 1,000 (A earns 50 direct),
 * C2 buys 15,000 (750 owed: 650 paid, 100 cut by the limit).
 */

const usdt = (value: number) => formatUsdt(value);

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(1_200); // charts redraw after a resize
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

let admin: string;
let planId: number;

async function buyer(sponsor: NewMember | { auth: { refferal_code: string } }, name: string, amount: number) {
  const m = await registerMember(sponsor.auth.refferal_code, name);
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: m.auth.id, amount },
  });
  expect(dep.status).toBe(201);
  await approveDeposit(dep.data.deposite.id, admin);
  const bought = await api('/topup/add', { token: m.auth.token, body: { plan_id: planId, amount } });
  expect(bought.status, bought.data.message).toBe(201);
  return m;
}

test('the Income Dashboard shows the ledger’s figures and explains an income the limit cut', async ({
  page,
}) => {
  const root = await rootSession();
  admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Income ${Date.now().toString(36)}`, min_amount: 100, max_amount: 20000 },
  });
  expect(plan.status).toBe(201);
  planId = plan.data.plan.id;
  const a = await buyer(root, 'Ines Income', 100);
  await buyer(a, 'Carl First', 1000);
  const c2 = await buyer(a, 'Cora Second', 15000);
  const c2Name = (await singleUser(c2.auth.id, admin)).username;
  const me = { token: a.auth.token };

  // What the API (the ledger) says
  const { limit } = (await api<{ limit: EarningLimit }>(`/incomes/limit/${a.auth.id}`, me)).data;
  expect(limit).toMatchObject({
    earning_limit: 700,
    total_earnings: 700,
    available_limit: 0,
    at_limit: true,
  });
  const list = (await api<IncomeList>(`/incomes?user_id=${a.auth.id}&limit=100`, me)).data;
  expect(list.sum).toEqual({ amount: 800, paid: 700, cut: 100 });
  const wallets = (await api<Wallets>(`/users/${a.auth.id}/wallets`, me)).data;
  expect(wallets.wallets.earnings).toBe(list.sum.paid);
  const summary = (await api<IncomeSummary>(`/incomes/summary/${a.auth.id}?period=30d`, me)).data;
  expect(summary.total.current).toBe(700);
  const capped = list.incomes.find((i) => i.cut > 0)!;
  // the team figures come from the tree roll-up (a job every few seconds, which may count the joins
  // before the purchases): wait for A's two directs and their business together
  type Team = { team: { direct_count: number; team_business: number; legs: Array<{ username: string }> } };
  await expect
    .poll(
      async () => {
        const figures = (await api<Team>(`/referral/team/${a.auth.id}`, me)).data.team;
        return { direct_count: figures?.direct_count, team_business: figures?.team_business };
      },
      { timeout: 20_000 },
    )
    .toEqual({ direct_count: 2, team_business: 16000 });
  const { team } = (await api<Team>(`/referral/team/${a.auth.id}`, me)).data;

  await useMemberSession(page, a);
  await page.clock.install();
  await page.goto('/user/dashboard');
  // the dashboard's earning-limit card leads to the Income Dashboard
  await expect(page.getByTestId('dashboard-limit-limit')).toHaveText(usdt(700));
  await expect(page.getByTestId('dashboard-limit-earned')).toHaveText(usdt(700));
  await expect(page.getByTestId('dashboard-limit-available')).toHaveText(usdt(0));
  // the card's link (the menu has an entry of the same name since issue 29.12)
  await page.getByRole('main').getByRole('link', { name: 'Income dashboard' }).click();

  await expect(page).toHaveURL(/\/user\/income$/);
  await expect(page.getByRole('heading', { name: 'Income Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('current-balance-amount')).toHaveText(
    usdt(wallets.wallets.earnings + wallets.wallets.roi),
  );
  await expect(page.getByTestId('total-earnings-amount')).toHaveText(usdt(limit.total_earnings));
  await expect(page.getByTestId('earning-limit')).toHaveText(usdt(limit.earning_limit));
  await expect(page.getByTestId('available-limit')).toHaveText(usdt(limit.available_limit));
  await expect(page.getByRole('progressbar', { name: 'Earning limit used' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('Limit reached')).toBeVisible();
  // Income Distribution: this period against the one before, as computed from the records
  await expect(page.getByTestId('period-total-amount')).toHaveText(usdt(700));
  await expect(page.getByTestId('part-direct_income-amount')).toHaveText(usdt(700));
  await expect(page.getByTestId('part-direct_income-change')).toHaveText('New: none in the 30 days before');
  for (const key of ['add_income', 'level_income', 'reward']) {
    await expect(page.getByTestId(`part-${key}-amount`)).toHaveText(usdt(0));
  }
  await expect(page.getByRole('img', { name: /Income per day, stacked by kind/ })).toBeVisible();
  // Team Summary: the roll-up's figures
  await expect(page.getByTestId('team-directs')).toHaveText('2');
  await expect(page.getByTestId('team-business')).toHaveText(usdt(team.team_business));
  await expectNoSeriousViolations(page, 'income overview');

  // This screen's toasts: bottom right, cleared after 3 seconds. The page's clock is paused and
  // moved by hand, so a busy machine cannot blur the timing: the toast clears at 3 s and leaves the
  // page 1 s later (its exit), where the app's default success toast would be gone by then.
  const figuresUpdated = page.getByRole('status').filter({ hasText: 'Figures updated' });
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Refresh' }).click();
  for (let i = 0; i < 400 && (await figuresUpdated.count()) === 0; i++) await page.clock.runFor(20);
  await expect(figuresUpdated).toHaveCount(1);
  const box = (await figuresUpdated.boundingBox())!;
  expect(box.x).toBeGreaterThan(640); // bottom right; the app's other toasts are top right
  expect(box.x + box.width).toBeGreaterThan(1280 - 100);
  expect(box.y).toBeGreaterThan(400);
  // Time moves in steps with a pause between them for React to commit what each timer did: the
  // toast clears at 3 s and its removal is due 1 s after that step (the default 2 s would be gone).
  const step = async (ms: number) => {
    await page.clock.runFor(ms);
    await page.waitForTimeout(300);
  };
  await step(2_900);
  await step(200); // 3.1 s: cleared now, removal due at 4.1 s
  await step(900);
  await expect(figuresUpdated).toHaveCount(1);
  await step(200);
  await expect(figuresUpdated).toHaveCount(0);
  await page.clock.resume();
  await shoot(page, 'income-overview');

  // Income Details: the list, and why the capped income was paid as it was
  await page.getByRole('tab', { name: 'Income Details' }).click();
  await expect(page.getByTestId('income-list-sum')).toContainText(usdt(700));
  await expect(page.getByTestId('income-list-sum')).toContainText(usdt(100));
  const table = page.getByRole('table', { name: 'Your incomes' });
  await expect(table.getByRole('row')).toHaveCount(1 + list.total);
  await expect(table.getByRole('row').nth(1)).toContainText('Partly paid');
  await table
    .getByRole('button', { name: `Why was this referral income of ${usdt(capped.paid)} paid?` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Referral income · ${usdt(650)}`);
  await expect(dialog).toContainText(`5 % of ${c2Name}'s plan purchase of ${usdt(15000)}`);
  await expect(dialog.getByTestId('income-cut-note')).toHaveText(
    `Only ${usdt(650)} of ${usdt(750)} fitted under your earning limit of ${usdt(700)} (you had earned ${usdt(50)}): ${usdt(100)} was cut.`,
  );
  await expect(dialog.getByTestId('income-source')).toHaveText(c2Name);
  await expect(dialog.getByTestId('income-base')).toHaveText(usdt(15000));
  await expect(dialog.getByTestId('income-percent')).toHaveText('5 %');
  await expect(dialog.getByTestId('income-amount')).toHaveText(usdt(750));
  await expect(dialog.getByTestId('income-paid')).toHaveText(usdt(650));
  await expect(dialog.getByTestId('income-cut')).toHaveText(usdt(100));
  await expect(dialog.getByTestId('income-limit')).toHaveText(usdt(700));
  await expect(dialog.getByTestId('income-earned-before')).toHaveText(usdt(50));
  await expect(dialog.getByTestId('income-transfer-id')).toHaveText(capped.transfer_id!);
  await expect(page).toHaveURL(new RegExp(`income=${capped.id}`));
  await expectNoSeriousViolations(page, 'income explanation');
  await shoot(page, 'income-explanation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // the kind filter
  await page.getByLabel('Kind').selectOption('level_income');
  await expect(page.getByText('No level income yet.')).toBeVisible();
  await page.getByLabel('Kind').selectOption('');
  await shoot(page, 'income-details');

  await page.getByRole('tab', { name: 'Team Stats' }).click();
  const legs = page.getByRole('table', { name: 'Business per leg' });
  await expect(legs.getByRole('row').nth(1)).toContainText(team.legs[0]!.username);
  await expect(legs.getByRole('row').nth(1)).toContainText(usdt(15000));
  await expect(legs.getByRole('row').nth(1)).toContainText('93.7 %');
  await shoot(page, 'income-team');

  // when the team figures cannot be read, the card says so and the money figures still show
  await page.route('**/api/v1/referral/team/**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
  );
  await page.reload();
  await expect(page.getByText('Team figures are unavailable right now.')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('team-summary')).toContainText('Team figures are unavailable right now.');
  await expect(page.getByTestId('total-earnings-amount')).toHaveText(usdt(limit.total_earnings));
  await page.unroute('**/api/v1/referral/team/**');

  // a transaction that is an income links to its explanation
  await page.goto('/transactions/all');
  await page.getByRole('button', { name: 'Details of the referral income of 650 USDT' }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Why was this paid?' }).click();
  await expect(page).toHaveURL(/\/user\/income\?tab=details&transfer=/);
  await expect(page.getByRole('dialog')).toContainText(`Referral income · ${usdt(650)}`);
  await expect(page.getByRole('dialog').getByTestId('income-transfer-id')).toHaveText(capped.transfer_id!);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/transfer=/);

  // Withdraw, beside the Current Balance, leads to the withdrawal screen
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByTestId('current-balance').getByRole('link', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/user\/withdrawal$/);
});

test('/admin/income shows income by kind and period, the cut and the top earners', async ({ page }) => {
  admin = await adminToken();
  const overview = (await api<IncomeOverview>('/incomes/admin/overview', { token: admin })).data;
  expect(overview.totals.paid).toBeGreaterThan(0);
  const top = overview.top_earners[0]!;

  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Income', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Income', level: 1 })).toBeVisible();
  await expect(page.getByTestId('income-paid-total')).toHaveText(usdt(overview.totals.paid));
  await expect(page.getByTestId('income-cut-total')).toHaveText(usdt(overview.totals.cut));
  await expect(page.getByTestId('income-members')).toHaveText(String(overview.totals.members));
  const earners = page.getByRole('table', { name: 'Top earners' });
  await expect(earners.getByRole('row').nth(1)).toContainText(top.username);
  await expect(earners.getByRole('row').nth(1)).toContainText(usdt(top.paid));
  await expect(page.getByRole('img', { name: /Income paid per day, stacked by kind/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /cut by the earning limit per day/ })).toBeVisible();

  await page.getByLabel('Group by').selectOption('week');
  await expect(page.getByRole('img', { name: /Income paid per week/ })).toBeVisible();
  await page.getByRole('group', { name: 'Period' }).getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(/period=7d/);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const week = (
    await api<IncomeOverview>(`/incomes/admin/overview?from=${from}&to=${to}&granularity=week`, {
      token: admin,
    })
  ).data;
  await expect(page.getByTestId('income-paid-total')).toHaveText(usdt(week.totals.paid));
  await expectNoSeriousViolations(page, 'admin income');
  await shoot(page, 'admin-income');
});

test('the compensation settings are edited with hints, and the change is audited', async ({ page }) => {
  admin = await adminToken();
  await signInAdmin(page);
  await clientNavigate(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Compensation' })).toBeVisible();
  const cooldown = page.getByLabel('ROI claim cooldown (hours)');
  await expect(cooldown).toHaveValue('24');
  await expect(page.getByText('Time a member waits after a daily ROI claim')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plans and level percents' })).toHaveAttribute(
    'href',
    '/admin/plans',
  );
  await cooldown.fill('0');
  await page.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.getByText('The cooldown is at least 1 hour')).toBeVisible();
  await cooldown.fill('36');
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this change?' });
  await expect(dialog.getByRole('listitem')).toHaveText(/^ROI claim cooldown\s*24 h\s*36 h$/);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved one change: ROI claim cooldown 36 h.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-compensation.png`, fullPage: true });

  try {
    const stored = await api<{ settings: { roi_cooldown_hours: number } }>('/settings', { token: admin });
    expect(stored.data.settings.roi_cooldown_hours).toBe(36);
    const audit = await api<{
      entries: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }>;
    }>('/audit?target_type=settings&limit=1', { token: admin });
    expect(audit.data.entries[0]).toMatchObject({
      before: expect.objectContaining({ roi_cooldown_hours: 24 }),
      after: expect.objectContaining({ roi_cooldown_hours: 36 }),
    });
  } finally {
    // the other specs (Watch and Earn) expect the default cooldown
    await api('/settings', { method: 'PUT', token: admin, body: { roi_cooldown_hours: 24 } });
  }
});
