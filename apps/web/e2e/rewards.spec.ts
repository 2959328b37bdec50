import { expect as baseExpect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { expectNoSeriousViolations } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

// The machine running these may be busy: answers get more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Desktop and phone screenshots of the page as it is now. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

let admin: string;
let planId: number;

/** Admin deposit + approval, then the member buys a plan of `amount`. */
async function buy(member: NewMember, amount: number) {
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: member.auth.id, amount },
  });
  expect(dep.status, dep.data.message).toBe(201);
  await approveDeposit(dep.data.deposite.id, admin);
  const bought = await api('/topup/add', { token: member.auth.token, body: { plan_id: planId, amount } });
  expect(bought.status, bought.data.message).toBe(201);
}

async function teamMember(sponsor: NewMember, name: string, amount: number) {
  const m = await registerMember(sponsor.auth.refferal_code, name);
  await buy(m, amount);
  return m;
}

test.beforeAll(async () => {
  admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Rewards plan ${uniq()}`, min_amount: 10, max_amount: 100000 },
  });
  expect(plan.status).toBe(201);
  planId = plan.data.plan.id;
});

test('an admin creates a reward plan; a member with a team qualifies, claims, then carries forward', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const root = await rootSession();

  // The admin creates the first stage in the back-office (the later ones through the API).
  await signInAdmin(page);
  await clientNavigate(page, '/admin/reward-plans');
  await expect(page.getByText('No reward plans yet')).toBeVisible();
  await page.getByRole('button', { name: 'New reward plan' }).click();
  const form = page.getByRole('form', { name: 'Reward plan' });
  await form.getByLabel('Title').fill('Bronze');
  await form.getByLabel('Team business (USDT)').fill('0');
  await form.getByRole('button', { name: 'Create reward plan' }).click();
  await expect(form.getByText('Enter an amount greater than zero')).toBeVisible();
  await form.getByLabel('Team business (USDT)').fill('1000');
  await form.getByLabel('Reward (USDT)').fill('50');
  await form.getByRole('button', { name: 'Create reward plan' }).click();
  const bronze = page.getByRole('row').filter({ hasText: 'Bronze' });
  await expect(bronze).toContainText('1,000.00 USDT');
  await expect(bronze).toContainText('30 days');
  for (const [title, business, reward, order] of [
    ['Silver', 3000, 150, 2],
    ['Gold', 8000, 400, 3],
  ] as const) {
    const res = await api('/rewards', { token: admin, body: { title, business, reward, days: 30, order } });
    expect(res.status).toBe(201);
  }
  // An edit: the window of Bronze becomes 45 days (the list then shows every plan).
  await bronze.getByRole('button', { name: 'Edit Bronze' }).click();
  await page.getByRole('form', { name: 'Reward plan' }).getByLabel('Window (days)').fill('45');
  await page
    .getByRole('form', { name: 'Reward plan' })
    .getByRole('button', { name: 'Save reward plan' })
    .click();
  await expect(bronze).toContainText('45 days');
  await expect(page.getByRole('row')).toHaveCount(4);
  await shoot(page, 'admin-reward-plans');

  // The leader starts working on the first stage.
  const leader = await registerMember(root.auth.refferal_code, 'Lena Leader');
  await buy(leader, 100);
  const context = await browser.newContext({ viewport: DESKTOP });
  const member = await context.newPage();
  await useMemberSession(member, leader);
  await member.goto('/user/rewards');
  await expect(member.getByText('Start working on your first reward stage.')).toBeVisible();
  await member.getByRole('button', { name: 'Start stage' }).click();
  await expect(member.getByRole('heading', { name: /Stage 1: Bronze/ })).toBeVisible();
  await expect(member.getByText('No team business in this window yet.')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Claim reward' })).toBeDisabled();

  // Two legs: one of 800 (counts 500, the leg cap) and one of 300 — not enough; then 200 more.
  const ana = await teamMember(leader, 'Ana Leg', 800);
  const ben = await teamMember(leader, 'Ben Leg', 300);
  await member.reload();
  await expect(member.getByTestId('reward-counted')).toContainText('800.00 USDT of 1,000.00 USDT');
  const legs = member.getByRole('list', { name: 'Business per leg' });
  await expect(legs.getByRole('listitem')).toHaveCount(2);
  await expect(legs.getByRole('listitem').first()).toContainText('capped');
  await teamMember(ben, 'Cleo Downline', 200);
  await member.reload();
  await expect(member.getByTestId('reward-counted')).toContainText('1,000.00 USDT of 1,000.00 USDT');
  await expect(member.getByRole('heading', { name: /Stage 1: Bronze/ })).toContainText('Qualified');
  // directs' business 1,100 and a 100 plan: the leader also qualifies for the CTO share
  await expect(member.getByRole('heading', { name: 'CTO share' }).locator('..')).toContainText('Qualified');
  await shoot(member, 'member-rewards-qualified');
  await expectNoSeriousViolations(member, 'member rewards');

  // Claim: confirmation, the spec's message, the next stage opens, history shows the claim.
  await member.getByRole('button', { name: 'Claim reward' }).click();
  const claim = member.getByRole('dialog');
  await expect(claim).toContainText('Claim the Bronze reward?');
  await expect(claim).toContainText('50.00 USDT');
  await claim.getByRole('button', { name: 'Claim reward' }).click();
  const claimed = member.getByRole('dialog', { name: 'Successfull' });
  await expect(claimed).toContainText('Reward Claimed successfull!');
  await claimed.getByRole('button', { name: 'Go back' }).click();
  await expect(claimed).toBeHidden();
  await expect(member.getByRole('heading', { name: /Stage 2: Silver/ })).toBeVisible();
  const history = member.getByRole('table', { name: 'Closed reward stages' });
  await expect(history.getByRole('row').filter({ hasText: 'Bronze' })).toContainText('Claimed');
  await expect(history.getByRole('row').filter({ hasText: 'Bronze' })).toContainText('50.00 USDT');
  const earned = await api<{ wallets: { earnings: number } }>(`/users/${leader.auth.id}/wallets`, {
    token: leader.auth.token,
  });
  expect(earned.data.wallets.earnings).toBeGreaterThanOrEqual(50);

  // Silver: new business counts from the claim on; the leader carries it forward to Gold.
  await teamMember(ana, 'Dev Downline', 700);
  await member.reload();
  await expect(member.getByTestId('reward-counted')).toContainText('700.00 USDT of 3,000.00 USDT');
  await member.getByRole('button', { name: 'Carry forward' }).click();
  const carry = member.getByRole('dialog');
  await expect(carry).toContainText('Carry Silver forward?');
  await expect(carry).toContainText('Gold');
  await carry.getByRole('button', { name: 'Cancel' }).click();
  await expect(member.getByRole('heading', { name: /Stage 2: Silver/ })).toBeVisible();
  await member.getByRole('button', { name: 'Carry forward' }).click();
  await member.getByRole('dialog').getByRole('button', { name: 'Carry forward' }).click();
  const carried = member.getByRole('dialog', { name: 'Successfull' });
  await expect(carried).toContainText('Carry forword successfull');
  await carried.getByRole('button', { name: 'Go back' }).click();
  await expect(carried).toBeHidden();
  await expect(member.getByRole('heading', { name: /Stage 3: Gold/ })).toBeVisible();
  await expect(member.getByTestId('reward-counted')).toContainText('700.00 USDT of 8,000.00 USDT');
  await expect(member.getByText('carried forward from the previous stage')).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Silver' })).toContainText('Carried forward');
  // Gold is the last stage: nothing to carry it to
  await expect(member.getByRole('button', { name: 'Carry forward' })).toBeDisabled();
  await shoot(member, 'member-rewards-carried');
  await member.emulateMedia({ colorScheme: 'dark' });
  await member.reload();
  await expect(member.getByRole('heading', { name: /Stage 3: Gold/ })).toBeVisible();
  await member.screenshot({ path: `${SHOTS}/member-rewards-dark.png`, fullPage: true });
  await context.close();

  // The back-office sees the claim among the reward transactions.
  await clientNavigate(page, '/admin/reward-transactions');
  const row = page.getByRole('row').filter({ hasText: 'Bronze' });
  await expect(row).toContainText('Claimed');
  await expect(row).toContainText('50.00 USDT');
  await expect(page.getByTestId('rewards-total-paid')).toHaveText('50.00 USDT');
  await page.getByLabel('How').selectOption('admin');
  await expect(page.getByText('No reward matches these filters.')).toBeVisible();
  await page.getByLabel('How').selectOption('');
  await shoot(page, 'admin-reward-transactions');
});

test('salary tiers, the salary run and leadership; a CTO pool shared and paid once', async ({ page }) => {
  test.setTimeout(240_000);
  const root = await rootSession();
  const captain = await registerMember(root.auth.refferal_code, 'Cara Captain');
  await buy(captain, 200);
  await teamMember(captain, 'Finn Direct', 600);
  await teamMember(captain, 'Gia Direct', 600);

  await signInAdmin(page);
  await clientNavigate(page, '/admin/salary');
  await expect(page.getByText('No salary tiers yet')).toBeVisible();
  await page.getByRole('button', { name: 'New tier' }).click();
  const tier = page.getByRole('form', { name: 'Salary tier' });
  await tier.getByLabel('Name').fill('Captain');
  await tier.getByLabel('Per month (USDT)').fill('25');
  await tier.getByLabel('Months').fill('6');
  await tier.getByLabel('Active directs needed').fill('2');
  await tier.getByLabel('Team business (USDT)').fill('1000');
  await tier.getByRole('button', { name: 'Create tier' }).click();
  await expect(
    page.getByRole('table', { name: 'Salary tiers' }).getByRole('row').filter({ hasText: 'Captain' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  const assignments = page.getByRole('table', { name: 'Salary assignments' });
  await expect(assignments.getByRole('row').filter({ hasText: 'Captain' }).first()).toContainText('0 of 6');
  await shoot(page, 'admin-salary');

  await clientNavigate(page, '/admin/leadership');
  await expect(page.getByRole('row').filter({ hasText: 'Captain' }).first()).toBeVisible();
  await shoot(page, 'admin-leadership');

  // CTO: the month's pool, a preview of the equal share, paid once.
  await clientNavigate(page, '/admin/cto');
  await page.getByRole('button', { name: 'New pool' }).click();
  const pool = page.getByRole('form', { name: 'CTO pool' });
  await pool.getByLabel('Pool (USDT)').fill('90');
  await pool.getByRole('button', { name: 'Create pool' }).click();
  await expect(page.getByRole('button', { name: /^Pay CTO of / })).toBeVisible();
  const overview = await api<{ qualified: { total: number } }>('/cto', { token: admin });
  const count = overview.data.qualified.total;
  expect(count).toBeGreaterThanOrEqual(1);
  const qualified = page.getByRole('table', { name: 'Members qualified for CTO now' });
  await expect(qualified.getByRole('row')).toHaveCount(count + 1);
  await page.getByRole('button', { name: /^Pay CTO of / }).click();
  await expect(page.getByTestId('cto-preview-members')).toHaveText(String(count));
  await page.getByRole('dialog').getByRole('button', { name: 'Pay CTO' }).click();
  await expect(page.getByRole('table', { name: 'CTO pools' }).getByRole('row').nth(1)).toContainText('Paid');
  await expect(page.getByRole('button', { name: /^Pay CTO of / })).toHaveCount(0);
  await shoot(page, 'admin-cto');
});
