import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { buyPlan } from './plan-support';
import { adminToken, api, registerMember, rootSession, useMemberSession } from './support';

/**
 * Issue 29.9: one figure, one meaning. A member's team business is the active plans of the active
 * members below them (not their own plan); the tree card and the Direct members list show that
 * one figure under one name.
 */
const SHOTS = '/tmp/shots-29';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the tree and Direct members show the same team business for a direct member', async ({ page }) => {
  // sponsor -> omar (1,000 plan) -> lena (500 plan): omar's team business is 500, his leg 1,500
  const root = await rootSession();
  const admin = await adminToken();
  const sponsor = await registerMember(root.auth.refferal_code, 'Sara Sponsor');
  const omar = await registerMember(sponsor.auth.refferal_code, 'Omar Direct');
  const lena = await registerMember(omar.auth.refferal_code, 'Lena Below');
  await buyPlan(admin, omar, 1000);
  await buyPlan(admin, lena, 500);
  await expect
    .poll(
      async () =>
        (await api<{ team: { team_business: number } }>(`/referral/team/${omar.auth.id}`, { token: admin }))
          .data.team.team_business,
      { timeout: 20_000 },
    )
    .toBe(500);

  await useMemberSession(page, sponsor);
  await page.goto('/user/refferral-tree');
  const node = page.locator('[data-testid="tree-node"]').filter({ hasText: omar.auth.refferal_code });
  await expect(node.getByTestId('node-team-business')).toHaveText('500.00 USDT');
  await expect(node.getByText('Team business')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(node.getByTestId('node-team-business')).toBeVisible(); // a phone shows it too
  await shoot(page, 'team-business-tree');

  await page.goto('/user/direct-members');
  const table = page.getByRole('table', { name: 'Your direct members' });
  await expect(table.getByRole('columnheader', { name: 'Team business' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: omar.auth.refferal_code });
  await expect(row).toContainText('1,000.00 USDT'); // his own plan, in Plan
  await expect(row).toContainText('500.00 USDT'); // his team business, as on the tree
  await expect(row).not.toContainText('1,500.00 USDT');
  await expect(page.getByText('Active plans of the active members below you')).toBeVisible();
  await shoot(page, 'team-business-direct-members');
});
