import { MSG } from '@app/contracts/messages';
import { AMOUNT_MSG } from '@app/contracts/money';
import { expect, test } from '@playwright/test';
import { creditByTwo } from './four-eyes-support';
import {
  adminToken,
  api,
  latestMail,
  registerMember,
  rootSession,
  shoot,
  uniq,
  useMemberSession,
} from './support';

/** Issue 29, what a new member meets: messages that say what is wrong, and what to do next. */

test('a plan above the balance says how much is missing and offers the deposit; amounts say what is wrong', async ({
  page,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const name = `Short plan ${uniq()}`;
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name, min_amount: 10, max_amount: 100_000 },
  });
  expect(plan.status).toBe(201);
  const member = await registerMember(root.auth.refferal_code, 'Sam Short');
  await creditByTwo(member.auth.id, 'fund', 150, 'E2E setup');

  await useMemberSession(page, member);
  await page.goto('/user/subscription');
  await page.getByRole('button', { name: `Buy ${name}` }).click();
  const buy = page.getByRole('dialog');
  const amount = buy.getByLabel('Amount (USDT)');

  // 5,000 from a fund wallet of 150: short by 4,850, not a balance "after" of -4,850
  await amount.fill('5000');
  await expect(buy.getByTestId('fund-short')).toHaveText('4,850.00 USDT');
  await expect(buy.getByTestId('fund-after')).toHaveCount(0);
  await expect(buy.getByText('Your fund wallet is 4,850.00 USDT short of this amount.')).toBeVisible();
  await shoot(page, 'plan-short');

  // what is wrong, in words; the decimal comma is read
  for (const [typed, message] of [
    ['abc', 'Enter a number, such as 12.50'],
    ['1000000000', 'Too large (at most 999,999,999.999999 USDT)'],
    ['1,000', AMOUNT_MSG.separators],
  ] as const) {
    await amount.fill(typed);
    await buy.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(amount).toHaveAccessibleDescription(message);
  }
  await amount.fill('12,5');
  await expect(buy.getByTestId('fund-after')).toHaveText('137.50 USDT');

  await amount.fill('5000');
  await buy.getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/user\/deposit$/);
});

test('registration takes a phone number as people write it and keeps it in E.164', async ({ page }) => {
  const root = await rootSession();
  const email = `phone-${uniq()}@e2e.test`;
  await page.goto(`/registration?ref=${root.auth.refferal_code}`);
  await page.getByLabel('Full name').fill('Pat Phone');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+44 7700-900123');
  await page.getByLabel('Password').fill('PhonePass123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const signedIn = await api<{ auth: { id: number; token: string } }>('/auth/signin', {
    body: { email, password: 'PhonePass123' },
  });
  const user = await api<{ singleuser: { phone: string } }>(`/users/${signedIn.data.auth.id}`, {
    token: signedIn.data.auth.token,
  });
  expect(user.data.singleuser.phone).toBe('+447700900123');
});

test('the e-mail code shows one message, the current one', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Otto Code');
  await useMemberSession(page, member);
  await page.goto(`/user/profile/${member.auth.id}#verify`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MSG.otpSent)).toBeVisible();
  const sent = /\b(\d{6})\b/.exec((await latestMail(member.email)).body_text)![1]!;
  const wrong = sent === '000000' ? '111111' : '000000';
  const code = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify email' });

  const card = page.locator('#verify');
  await code.fill(wrong);
  await verify.click();
  await expect(card.getByText(MSG.otpInvalid)).toBeVisible();
  // a new try too short: its message replaces the server's answer to the last one
  await code.fill('12');
  await verify.click();
  await expect(card.getByText('The code is 6 digits')).toBeVisible();
  await expect(card.getByText(MSG.otpInvalid)).toHaveCount(0);
  await expect(code).toHaveAccessibleDescription('The code is 6 digits');
  await shoot(page, 'otp-one-message');
  await code.fill(sent);
  await verify.click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
});

/** Every percentage in a text, with its decimals: "0.09 %" -> "09". */
const percents = (text: string) => [...text.matchAll(/\d+(?:\.(\d+))? ?%/g)].map((m) => m[0]);

test('the income screen: round chart ticks, and one precision for its percentages', async ({ page }) => {
  const root = await rootSession();
  const admin = await adminToken();
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Tick plan ${uniq()}`, min_amount: 10, max_amount: 100_000 },
  });
  // a sponsor with a 100 plan, whose direct member buys 12: 0.60 of referral income today
  const buyer = async (sponsorCode: string, name: string, amount: number) => {
    const m = await registerMember(sponsorCode, name);
    await creditByTwo(m.auth.id, 'fund', amount, 'E2E setup');
    const bought = await api('/topup/add', {
      token: m.auth.token,
      body: { plan_id: plan.data.plan.id, amount },
    });
    expect(bought.status, bought.data.message).toBe(201);
    return m;
  };
  const sponsor = await buyer(root.auth.refferal_code, 'Tia Ticks', 100);
  await buyer(sponsor.auth.refferal_code, 'Dan Direct', 12);
  // the legs come from the tree roll-up, a job every few seconds: wait for Dan's leg before the page
  // reads the team figures (it reads them once)
  type Team = { team: { legs: Array<{ business: number }> } };
  await expect
    .poll(
      async () =>
        (await api<Team>(`/referral/team/${sponsor.auth.id}`, { token: sponsor.auth.token })).data.team.legs
          .length,
      { timeout: 20_000 },
    )
    .toBe(1);

  await useMemberSession(page, sponsor);
  await page.goto('/user/income');
  await expect(page.getByTestId('part-direct_income-amount')).toHaveText('0.60 USDT');
  const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  // 0, 0.2, 0.4, 0.6: equal steps of 1, 2 or 5 x 10^n (Recharts' own read 0, 0.2, 0.3, 0.5, 0.6)
  const values = (await ticks.allTextContents()).map(Number);
  const steps = values.slice(1).map((v, i) => Number((v - values[i]!).toFixed(6)));
  expect(new Set(steps).size, `ticks ${values.join(', ')}`).toBe(1);
  const step = steps[0]!;
  const mantissa = Number((step / 10 ** Math.floor(Math.log10(step))).toFixed(6));
  expect([1, 2, 5], `ticks ${values.join(', ')}`).toContain(mantissa);
  expect(values.at(-1)).toBeGreaterThanOrEqual(0.6);

  // the earning limit used (0.6 of 700) at the precision of the screen's other percentages
  const main = page.locator('#main');
  await expect(main).toContainText('0.1 % used');
  for (const shown of percents((await main.innerText()).replace(/\s+/g, ' '))) {
    expect(shown, 'one decimal for every percentage of the screen').toMatch(/^\d+\.\d %$/);
  }
  await shoot(page, 'income-ticks');
  await page.getByRole('tab', { name: 'Team Stats' }).click();
  await expect(page.getByRole('table', { name: 'Business per leg' })).toContainText('100.0 %');
});
