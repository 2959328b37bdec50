/**
 * /admin/plans/what-if as an admin uses it: a plan's ROI and limit changed on a copy, the next 30
 * days projected by the live engine (charts, a table, the assumptions), then applied (audited).
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  shoot,
  signInAdmin,
  uniq,
} from './support';

test('an admin tries a richer plan on 30 days, sees members reach their limit, and applies it', async ({
  page,
}) => {
  test.setTimeout(240_000); // the projection runs the engine over every member, twice
  const root = await rootSession();
  const admin = await adminToken();
  const name = `What if ${uniq()}`;
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name, min_amount: 100, max_amount: 10000 },
  });
  expect(plan.status).toBe(201);
  const m = await registerMember(root.auth.refferal_code, 'Wade Whatif');
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: m.auth.id, amount: 1000 },
  });
  await api(`/deposite/${dep.data.deposite.id}`, {
    method: 'PUT',
    token: admin,
    body: { status: 'approved' },
  });
  const bought = await api('/topup/add', {
    token: m.auth.token,
    body: { plan_id: plan.data.plan.id, amount: 1000 },
  });
  expect(bought.status).toBe(201);

  await signInAdmin(page);
  await clientNavigate(page, '/admin/plans');
  await page.getByRole('link', { name: 'What if' }).click();
  await expect(page.getByRole('heading', { name: 'What if', level: 1 })).toBeVisible();
  // 20 % a day with a 2x limit: 1,000 earns its 2,000 limit in ten days
  await page.getByLabel(`${name}: daily ROI %`).fill('20');
  await page.getByLabel(`${name}: limit ×`).fill('2');
  // and one new member a day buying this plan
  await page.getByLabel('New members per day').fill('1');
  await page.getByLabel('They buy').selectOption({ label: name });
  await page.getByLabel('For (USDT)').fill('100');
  await page.getByRole('button', { name: 'Project 30 days' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Running the income engine' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coverage day by day' })).toBeVisible({ timeout: 200_000 });
  await expect(page.getByRole('img', { name: /Line chart of coverage over 30 days/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart of incomes paid per day/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Day by day, now / proposed' }).locator('tbody tr'),
  ).toHaveCount(30);
  expect(Number(await page.getByTestId('whatif-cap').innerText())).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(/1 new member\(s\) a day/)).toBeVisible();
  await expect(page.getByText('30 joined')).toBeVisible();
  await expectNoSeriousViolations(page, 'what if');
  await shoot(page, 'admin-what-if');

  // nothing changed yet: the plan still pays 0.5 %
  const before = await api<{ singleplan: { roi_percent: number } }>(`/plans/${plan.data.plan.id}`, {
    token: admin,
  });
  expect(before.data.singleplan.roi_percent).toBe(0.5);

  await page.getByRole('button', { name: 'Apply the proposed settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('2×');
});
