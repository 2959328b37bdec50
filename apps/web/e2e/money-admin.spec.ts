import { expect, test } from '@playwright/test';
import { answerOf, approveAsSecond, creditByTwo } from './four-eyes-support';
import { expectNoSeriousViolations, SHOTS, singleUser, withdrawingMember } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  signInAdmin,
  sql,
  uniq,
  useMemberSession,
} from './support';

test('plans and codes in the back-office; a member redeems a code and moves money; a top-up is reversed', async ({
  page,
  browser,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const member = await registerMember(root.auth.refferal_code, 'Cody Redeemer');
  const friend = await registerMember(root.auth.refferal_code, 'Tess Transfer');
  const memberName = (await singleUser(member.auth.id, admin)).username;
  const friendName = (await singleUser(friend.auth.id, admin)).username;
  const gold = `Gold ${uniq()}`;

  // Plans: create, edit.
  await signInAdmin(page);
  await clientNavigate(page, '/admin/plans');
  await page.getByRole('button', { name: 'New plan' }).click();
  const planForm = page.getByRole('form', { name: 'Plan' });
  await planForm.getByLabel('Name').fill(gold);
  await planForm.getByLabel('Minimum (USDT)').fill('100');
  await planForm.getByLabel('Maximum (USDT)').fill('50');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  await expect(planForm.getByText('Maximum amount must be at least the minimum amount')).toBeVisible();
  await planForm.getByLabel('Maximum (USDT)').fill('1000');
  await planForm.getByLabel('Daily ROI (%)').fill('0.6');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  const goldRow = page.getByRole('row').filter({ hasText: gold });
  await expect(goldRow).toContainText('0.6 %');
  await goldRow.getByRole('button', { name: `Edit ${gold}` }).click();
  await page.getByRole('form', { name: 'Plan' }).getByLabel('Maximum (USDT)').fill('2000');
  await page.getByRole('form', { name: 'Plan' }).getByRole('button', { name: 'Save plan' }).click();
  await expect(goldRow).toContainText('2,000.00 USDT');
  // Level income percents: level 1 raised, saved, and still there after a reload of the list.
  const levels = page.getByRole('form', { name: 'Active level percents' });
  await levels.getByLabel('Level 1', { exact: true }).fill('12');
  await levels.getByRole('button', { name: 'Save active levels' }).click();
  await expect
    .poll(async () => {
      const saved = await api<{ levels: Array<{ kind: string; levels: number[] }> }>('/plans/levels', {
        token: admin,
      });
      return saved.data.levels.find((l) => l.kind === 'active')?.levels[0];
    })
    .toBe(12);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/admin-plans.png`, fullPage: true });

  // Codes: ask for two, after a confirmation with the total value; codes are money, so a second
  // finance admin approves the request (issue 36) and the codes are issued then.
  await clientNavigate(page, '/admin/codes');
  const issueForm = page.getByRole('form', { name: 'Issue codes' });
  await issueForm.getByLabel('How many').fill('2');
  await issueForm.getByLabel('Value each (USDT)').fill('40');
  await issueForm.getByRole('button', { name: 'Issue codes' }).click();
  await expect(page.getByRole('dialog').getByText('80.00 USDT')).toBeVisible();
  const asked = answerOf(
    page.waitForResponse((r) => r.url().endsWith('/api/v1/codes') && r.request().method() === 'POST'),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Send for approval' }).click();
  const request = await asked;
  await expect(page.getByRole('list', { name: 'Requests sent' })).toContainText(
    `Request #${request.data.approval?.id}: Issue 2 activation codes worth 40.00 USDT each`,
  );
  await page.screenshot({ path: `${SHOTS}/admin-codes-asked.png`, fullPage: true });
  await approveAsSecond(request);
  // the unused codes, newest first: the two just issued on top
  await page.getByLabel('Show').selectOption('false');
  const issued = page.getByRole('row').filter({ hasText: 'Unused' }).locator('code');
  await expect(issued.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Unused' }).nth(0)).toContainText('40.00 USDT');
  await expect(page.getByRole('row').filter({ hasText: 'Unused' }).nth(1)).toContainText('40.00 USDT');
  const code = (await issued.first().textContent())!.trim();
  await page.screenshot({ path: `${SHOTS}/admin-codes.png`, fullPage: true });

  // The member (email not verified yet) redeems the code; the same code again is refused.
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await useMemberSession(memberPage, member);
  await memberPage.goto('/user/deposit-history');
  const redeem = memberPage.getByRole('form', { name: 'Redeem a code' });
  await redeem.getByLabel('Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(memberPage.getByTestId('fund-balance')).toHaveText('40.00 USDT');
  await redeem.getByLabel('Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByText('This code is not valid or has already been used')).toBeVisible();
  await memberPage.screenshot({ path: `${SHOTS}/member-deposit-history.png`, fullPage: true });

  // Own activation fee (10 USDT by default), paid from the fund wallet after a confirmation.
  await memberPage.goto('/user/subscription');
  const activation = memberPage
    .locator('section')
    .filter({ has: memberPage.getByRole('heading', { name: 'Membership activation' }) });
  await activation.getByRole('button', { name: 'Pay activation fee' }).click();
  await expect(memberPage.getByRole('dialog').getByText('30.00 USDT')).toBeVisible();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Pay fee' }).click();
  await expect(activation.getByText('Paid member', { exact: true })).toBeVisible();
  await expect(memberPage.getByTestId('fund-balance')).toHaveText('30.00 USDT');

  // Transfers: the server's refusals are shown; then earnings to fund, and fund to a friend.
  await creditByTwo(member.auth.id, 'earnings', 30, 'E2E setup');
  await memberPage.goto('/user/transfer');
  await expect(memberPage.getByText('Verify your email before transferring').first()).toBeVisible();
  const toFund = memberPage.getByRole('form', { name: 'Earnings to fund wallet' });
  await toFund.getByLabel('Amount (USDT)').fill('30');
  await toFund.getByLabel('Your password').fill(member.password);
  await toFund.getByRole('button', { name: 'Review transfer' }).click();
  const moveDialog = memberPage.getByRole('dialog');
  await expect(moveDialog.getByText('60.00 USDT')).toBeVisible();
  const keyOf = async (click: () => Promise<void>) => {
    const sent = memberPage.waitForRequest((r) => r.url().endsWith('/transfer/touser'));
    await click();
    return (await sent).headers()['idempotency-key'];
  };
  const firstKey = await keyOf(() => moveDialog.getByRole('button', { name: 'Move money' }).click());
  await expect(moveDialog.getByRole('alert')).toHaveText('Verify your email before transferring');
  // Verified meanwhile: the retry of the same submission carries the same Idempotency-Key.
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  const retryKey = await keyOf(() => moveDialog.getByRole('button', { name: 'Move money' }).click());
  expect(firstKey).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(retryKey).toBe(firstKey);
  await expect(memberPage.getByTestId('fund-balance')).toHaveText('60.00 USDT');
  await expect(memberPage.getByTestId('earnings-balance')).toHaveText('0.00 USDT');

  const toFriend = memberPage.getByRole('form', { name: 'Send to a member' });
  await toFriend.getByLabel('Member').fill(friendName);
  await toFriend.getByLabel('Amount (USDT)').fill('100');
  await toFriend.getByLabel('Your password').fill(member.password);
  await toFriend.getByRole('button', { name: 'Review transfer' }).click();
  await expect(toFriend.getByText('Insufficient balance in your fund wallet')).toBeVisible();
  await toFriend.getByLabel('Amount (USDT)').fill('20');
  await toFriend.getByLabel('Your password').fill('not-my-password');
  await toFriend.getByRole('button', { name: 'Review transfer' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Send money' }).click();
  // a wrong password is answered at its field: the dialog closes, the field says why and has the focus
  await expect(memberPage.getByRole('dialog')).toHaveCount(0);
  await expect(toFriend.getByText('Password is incorrect')).toBeVisible();
  await expect(toFriend.getByLabel('Your password')).toBeFocused();
  await memberPage.screenshot({ path: `${SHOTS}/member-transfer-wrong-password.png` });
  await toFriend.getByLabel('Your password').fill(member.password);
  await toFriend.getByRole('button', { name: 'Review transfer' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Send money' }).click();
  await expect(memberPage.getByTestId('fund-balance')).toHaveText('40.00 USDT');
  await expect(memberPage.getByRole('row').filter({ hasText: `Sent to ${friendName}` })).toContainText(
    '20.00 USDT',
  );
  await memberPage.screenshot({ path: `${SHOTS}/member-transfers.png`, fullPage: true });
  expect((await singleUser(friend.auth.id, admin)).business_balance).toBe(20);

  // The code shows as used by the member.
  await page.getByLabel('Show').selectOption('true');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText(`by ${memberName}`);

  // A purchase, reversed from the back-office: the money goes back to the fund wallet.
  const goldPlan = (
    await api<{ allplans: Array<{ id: number; name: string }> }>('/plans/list', { token: admin })
  ).data.allplans.find((p) => p.name === gold)!;
  const bought = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-gold-${member.auth.id}`,
    body: { plan_id: goldPlan.id, amount: 50 },
  });
  expect(bought.status, JSON.stringify(bought.data)).toBe(400); // below the plan's minimum
  await creditByTwo(member.auth.id, 'fund', 100, 'E2E setup');
  const bought2 = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-gold2-${member.auth.id}`,
    body: { plan_id: goldPlan.id, amount: 120 },
  });
  expect(bought2.status, JSON.stringify(bought2.data)).toBe(201);
  await clientNavigate(page, '/admin/topup');
  const topupRow = page.getByRole('row').filter({ hasText: memberName }).filter({ hasText: gold });
  await topupRow.getByRole('button', { name: /^Reverse top-up/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reverse top-up' }).click();
  await expect(topupRow.getByText('Reversed')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-topups.png`, fullPage: true });
  const reversed = await singleUser(member.auth.id, admin);
  expect(reversed.business_balance).toBe(140);
  expect(reversed.active_plan).toBe(0);

  // Retire the plan: it leaves the list and the members' shop.
  await clientNavigate(page, '/admin/plans');
  await goldRow.getByRole('button', { name: `Retire ${gold}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire plan' }).click();
  await expect(goldRow).toHaveCount(0);
  await memberPage.goto('/user/subscription');
  await expect(memberPage.getByRole('heading', { name: 'Plans on sale' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: `Buy ${gold}` })).toHaveCount(0);
  await context.close();
});

test('the withdrawal screens have no serious axe violations, light and dark', async ({ page, browser }) => {
  const root = await rootSession();
  const member = await withdrawingMember(root.auth.refferal_code, 'Axe Member');
  await creditByTwo(member.auth.id, 'earnings', 50, 'E2E setup');
  const requested = await api('/withdrawalrequest/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-axe-w-${member.auth.id}`,
    body: { amount: 25, network: 'BEP20', password: member.password },
  });
  expect(requested.status).toBe(201);

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await useMemberSession(memberPage, member);
  await signInAdmin(page);
  for (const scheme of ['light', 'dark'] as const) {
    await memberPage.emulateMedia({ colorScheme: scheme });
    await memberPage.goto('/user/withdrawal');
    await memberPage.getByLabel('Amount (USDT)').fill('12.5');
    await expect(memberPage.getByTestId('quote-net')).toHaveText('11.25 USDT');
    await expect(
      memberPage.getByRole('table', { name: 'Your withdrawal requests' }).getByText('Requested'),
    ).toBeVisible();
    await expectNoSeriousViolations(memberPage, `member withdrawal (${scheme})`);
    await memberPage.screenshot({ path: `${SHOTS}/axe-member-withdrawal-${scheme}.png`, fullPage: true });

    await page.emulateMedia({ colorScheme: scheme });
    await clientNavigate(page, '/admin/withdrawals');
    await expect(page.getByRole('button', { name: /^Approve withdrawal/ }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `admin withdrawals (${scheme})`);
    await page.screenshot({ path: `${SHOTS}/axe-admin-withdrawals-${scheme}.png`, fullPage: true });
  }

  // ROI requests: the same screen pinned to ROI withdrawals, so this profit request is not there.
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'ROI requests' })
    .click();
  await expect(page.getByRole('heading', { name: 'ROI requests' })).toBeVisible();
  await expect(page.getByLabel('Kind')).toHaveCount(0);
  await expect(page.getByText('Nothing waiting for a decision.')).toBeVisible();

  // The member cancels the pending request: the amount is available again.
  const row = memberPage.getByRole('table', { name: 'Your withdrawal requests' }).getByRole('row').nth(1);
  await row.getByRole('button', { name: /^Cancel the Profit withdrawal/ }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel the/ })).toHaveCount(0);
  await expect(memberPage.getByText('available 50.00 USDT')).toBeVisible();
  await context.close();
});
