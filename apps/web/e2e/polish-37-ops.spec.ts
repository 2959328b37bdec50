/**
 * Issue 37 items 8, 11 and 15 as an admin and a member see them:
 * - 8: pressing Project brings the progress card into view (on a phone it starts below the fold), the
 *   progress reads as the share of the work done with the time left, and a projection that crosses a
 *   year labels its charts' days with the year;
 * - 11: with a deposit pending, the dashboard and the deposits report give the same count of credited
 *   deposits, and both show the pending one apart;
 * - 15: a member's phone, typed "0044 7700-900456", is saved and shown as +447700900456; what cannot be
 *   a number is refused on the form in words.
 */
import { expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  shoot,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const numberIn = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

test('what-if: Project brings the progress into view, it reads as work done, and charts crossing a year carry it', async ({
  page,
}) => {
  test.setTimeout(300_000); // the projection runs in a worker on a loaded machine
  const root = await rootSession();
  const admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Ops ${uniq()}`, min_amount: 100, max_amount: 10000 },
  });
  expect(plan.status).toBe(201);
  const m = await registerMember(root.auth.refferal_code, 'Priya Progress');
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: m.auth.id, amount: 500 },
  });
  await approveDeposit(dep.data.deposite.id, admin);
  expect(
    (await api('/topup/add', { token: m.auth.token, body: { plan_id: plan.data.plan.id, amount: 500 } }))
      .status,
  ).toBe(201);

  await page.setViewportSize(PHONE);
  await signInAdmin(page);
  await clientNavigate(page, '/admin/plans/what-if');
  await expect(page.getByRole('heading', { name: 'What if', level: 1 })).toBeVisible();
  await page.getByText('365 days', { exact: true }).click();
  // members joining every day: later days cost more than early ones
  await page.getByLabel('New members per day').fill('20');
  await page.getByRole('button', { name: 'Project 365 days' }).click();

  const card = page.getByTestId('whatif-progress-card');
  await expect(card).toBeVisible();
  await expect(card).toBeInViewport();
  await expect(page.getByTestId('whatif-progress')).toHaveText(/^\d+(\.\d)? % done$/);
  await expect(page.getByTestId('whatif-time-left')).toHaveText(/^About .+ left$/, { timeout: 60_000 });
  await page.screenshot({ path: '/tmp/shots/polish-37-ops-progress-390.png' });

  // a year from today always ends in another year: the charts' days say which
  await expect(page.getByTestId('whatif-summary')).toBeVisible({ timeout: 240_000 });
  const coverage = page.getByRole('img', { name: /Line chart of coverage over 365 days/ });
  await expect(coverage).toBeVisible();
  const ticks = coverage.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.allTextContents(); // SVG text has no innerText
  expect(labels.length).toBeGreaterThan(1);
  for (const label of labels) expect(label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new Set(labels.map((l) => l.slice(0, 4))).size).toBeGreaterThan(1);
  await page.setViewportSize(DESKTOP);
  await expect(
    coverage.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first(),
  ).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await shoot(page, 'polish-37-ops-what-if-year');
});

test('deposits: the dashboard and the report count the same credited deposits, the pending one apart', async ({
  page,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const m = await registerMember(root.auth.refferal_code, 'Dara Deposit');
  const credited = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: m.auth.id, amount: 120 },
  });
  await approveDeposit(credited.data.deposite.id, admin);
  // recorded, not approved: pending
  expect(
    (await api('/deposite/add', { token: admin, body: { user_id: m.auth.id, amount: 35 } })).status,
  ).toBe(201);
  const { data: clock } = await api<{ now: string }>('/test/clock');
  const today = clock.now.slice(0, 10);

  await signInAdmin(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await clientNavigate(page, '/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Money' })).toBeVisible();
    const dashboardCredited = await numberIn(page, 'deposits-approved-count');
    const dashboardPending = await numberIn(page, 'deposits-pending-count');
    expect(dashboardPending).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('deposits-pending-count')).toHaveText(/^\d[\d,]* deposits?$/);

    // every deposit ever recorded falls in this period (by month: a day per point would be too many)
    await clientNavigate(
      page,
      `/admin/reports?kind=deposits&period=custom&group=month&from=2020-01-01&to=${today}`,
    );
    await expect(page.getByTestId('report-headline-count')).toHaveText(/^\d[\d,]* deposits?$/);
    expect(await numberIn(page, 'report-headline-count')).toBe(dashboardCredited);
    await expect(page.getByTestId('report-pending')).toHaveText(new RegExp(`^${dashboardPending} pending: `));
  }
  await shoot(page, 'polish-37-ops-deposits-report');
});

test('profile: a phone typed with 0044 and dashes is saved and shown as +44…, a made-up one is refused', async ({
  page,
}) => {
  const root = await rootSession();
  const m = await registerMember(root.auth.refferal_code, 'Fon Number');
  await useMemberSession(page, m);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/user/profile/${m.auth.id}`);
    const phone = page.getByLabel('Phone');
    await expect(phone).toHaveValue(/^\+\d+$/);

    await phone.fill('+44 77');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(
      page.getByText('Enter a phone number that exists, with its country code, e.g. +44 7700 900123'),
    ).toBeVisible();

    await phone.fill(size === DESKTOP ? '0044 7700-900456' : '(+44) 7700900451');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    const stored = size === DESKTOP ? '+447700900456' : '+447700900451';
    await expect(phone).toHaveValue(stored);
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue(stored);
    const read = await api<{ singleuser: { phone: string } }>(`/users/${m.auth.id}`, { token: m.auth.token });
    expect(read.data.singleuser.phone).toBe(stored);
  }
  await shoot(page, 'polish-37-ops-profile-phone');
});
