import type { IncomeList } from '@app/contracts/incomes';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { chooseLanguage, type Screen, showsNoEnglish } from './i18n-support';
import {
  adminToken,
  api,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  uniq,
  useMemberSession,
} from './support';

/*
 * Issue 38, the team screens (the `team` catalog): the Income Dashboard (its three tabs and the
 * "why was this paid" dialog), Direct members, the referral tree and Rewards, opened in Spanish,
 * Arabic and Hindi on a 390 px phone, show none of their files' English sentences and fit the
 * screen. In Arabic the tree hangs from the right and the income chart reads from the right (its
 * amounts' axis on the right, the first day at the right end), and the tree passes axe.
 */

const INCOME = ['src/features/member/income/', 'src/components/charts/'];
const REFERRAL = ['src/features/member/referral/'];
const REWARDS = ['src/features/member/rewards/'];

let admin: string;
let planId: number;

/** A member under `sponsor` with a plan of `amount` (a deposit approved, then the purchase). */
async function buyer(sponsor: NewMember, name: string, amount: number): Promise<NewMember> {
  const member = await registerMember(sponsor.auth.refferal_code, name);
  const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: member.auth.id, amount },
  });
  expect(deposit.status).toBe(201);
  await approveDeposit(deposit.data.deposite.id, admin);
  const bought = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `team-${uniq()}`,
    body: { plan_id: planId, amount },
  });
  expect(bought.status, JSON.stringify(bought.data)).toBe(201);
  return member;
}

/**
 * The member whose screens are opened: a plan of their own, two direct members (one with a plan,
 * which pays them a referral income, and a member below him, so the tree has a second level).
 */
async function team(lang: string) {
  const root = await rootSession();
  const me = await buyer(
    await registerMember(root.auth.refferal_code, `Team ${lang}`),
    `Lider ${lang}`,
    1000,
  );
  const bruno = await buyer(me, `Bruno ${lang}`, 500);
  await registerMember(me.auth.refferal_code, `Elif ${lang}`);
  await registerMember(bruno.auth.refferal_code, `Chiara ${lang}`);
  const list = await api<IncomeList>(`/incomes?user_id=${me.auth.id}&limit=10`, { token: me.auth.token });
  const income = list.data.incomes.find((i) => i.kind === 'direct_income');
  expect(income, JSON.stringify(list.data)).toBeDefined();
  // the tree's roll-up (a job every few seconds) counts the two directs and the one below
  await expect
    .poll(
      async () => {
        const res = await api<{ team?: { direct_count: number; team_count: number } }>(
          `/referral/team/${me.auth.id}`,
          { token: me.auth.token },
        );
        return [res.data.team?.direct_count, res.data.team?.team_count];
      },
      { timeout: 30_000 },
    )
    .toEqual([2, 3]);
  return { me, incomeId: income!.id };
}

function screens(incomeId: number, lang: string): Screen[] {
  return [
    { name: 'income', path: '/user/income', files: INCOME, ready: 'figure [role="img"]' },
    {
      name: 'income-details',
      path: '/user/income?tab=details',
      files: INCOME,
      ready: '[data-testid="income-list-sum"]',
    },
    {
      name: 'income-dialog',
      path: `/user/income?tab=details&income=${incomeId}`,
      files: INCOME,
      ready: '[role="dialog"] [data-testid="income-paid"]',
    },
    {
      name: 'income-team',
      path: '/user/income?tab=team',
      files: INCOME,
      // the legs' list (cards on a phone) with Bruno's leg
      ready: `main :text("bruno")`,
    },
    {
      name: 'direct-members',
      path: '/user/direct-members',
      files: REFERRAL,
      // the list, with its members
      ready: `main :text("Elif ${lang}")`,
    },
    {
      name: 'referral-tree',
      path: '/user/refferral-tree',
      files: REFERRAL,
      ready: '[data-testid="tree-node"] >> nth=2',
    },
    { name: 'rewards', path: '/user/rewards', files: REWARDS, ready: '#reward-history' },
  ];
}

async function noSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${name}: serious accessibility violations`,
  ).toEqual([]);
}

type Box = { left: number; right: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return { left: b!.x, right: b!.x + b!.width };
};

test.describe('the team screens in the member’s language on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  test.beforeAll(async () => {
    admin = await adminToken();
    const plan = await api<{ plan: { id: number } }>('/plans/add', {
      token: admin,
      body: { name: `Team i18n ${uniq()}`, min_amount: 100, max_amount: 20000 },
    });
    expect(plan.status).toBe(201);
    planId = plan.data.plan.id;
  });

  for (const lang of ['es', 'ar', 'hi']) {
    test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
      test.slow(); // three members' plans bought through the API, seven screens
      const { me, incomeId } = await team(lang);
      await chooseLanguage(page, lang);
      await useMemberSession(page, me);
      await showsNoEnglish(page, screens(incomeId, lang), lang);
    });
  }

  test('in Arabic the referral tree hangs from the right and the chart reads from the right', async ({
    page,
  }) => {
    test.slow();
    const { me } = await team('ar-rtl');
    await chooseLanguage(page, 'ar');
    await useMemberSession(page, me);

    await page.goto('/user/refferral-tree');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // the member at the top, then their two direct members one level in
    await expect(page.locator('[data-testid="tree-node"]')).toHaveCount(3);
    const top = await box(page, '[data-testid="tree-node"]');
    const first = await box(page, 'ul ul [data-testid="tree-node"]');
    // the first level is indented from the right edge (the start of an Arabic line), flush on the left
    expect(top.right - first.right).toBeGreaterThan(8);
    expect(Math.abs(top.left - first.left)).toBeLessThanOrEqual(1);
    // the connector to each card sits on the card's right
    const tick = await page
      .locator('ul ul > li')
      .first()
      .evaluate((li) => {
        const before = getComputedStyle(li, '::before');
        return { left: before.left, right: before.right };
      });
    expect(tick.right).not.toBe('auto');
    // opening a branch: its chevron points to the left, where the branch opens in Arabic
    const toggle = page.locator('ul ul [data-testid="tree-node"] button[aria-expanded="false"]').first();
    await expect(toggle).toBeVisible();
    // Tailwind's scale utilities set the `scale` property (a transform would read matrix(-1, ...))
    const chevron = await toggle.locator('svg').evaluate((svg) => {
      const style = getComputedStyle(svg);
      return `${style.scale} ${style.transform}`;
    });
    expect(chevron, 'the chevron is mirrored').toMatch(/^-1 |matrix\(-1,/);
    await toggle.click();
    await expect(page.locator('[data-testid="tree-node"]')).toHaveCount(4);
    const second = await box(page, 'ul ul ul [data-testid="tree-node"]');
    expect(first.right - second.right).toBeGreaterThan(8);
    await page.screenshot({ path: `${SHOTS}/i18n-team-tree-ar-open.png`, fullPage: true });
    await noSeriousViolations(page, 'referral tree in Arabic');

    // the income chart: amounts' axis on the right, days running from right to left
    await page.goto('/user/income');
    const chart = page.locator('figure [role="img"]');
    await expect(chart).toHaveAttribute('data-direction', 'rtl');
    const area = await box(page, 'figure [role="img"]');
    const amounts = page.locator('figure .recharts-yAxis-tick-labels text');
    await expect.poll(() => amounts.count()).toBeGreaterThan(1);
    const amountXs = await amounts.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(Math.min(...amountXs), 'the amounts’ axis stands on the right').toBeGreaterThan(
      (area.left + area.right) / 2,
    );
    const ticks = page.locator('figure .recharts-xAxis-tick-labels text');
    await expect.poll(() => ticks.count()).toBeGreaterThan(1);
    const xs = await ticks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(xs[0]!, 'the first day at the right').toBeGreaterThan(xs.at(-1)!);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/i18n-team-chart-ar.png`, fullPage: true });
    await noSeriousViolations(page, 'income dashboard in Arabic');
  });
});
