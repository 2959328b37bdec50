import type { User, Wallets } from '@app/contracts/users';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  signInAdmin,
  sql,
  uniq,
  useMemberSession,
} from './support';

/** Screenshots of the money screens, looked at after each run. */
const SHOTS = '/tmp/shots2';
const BEP20 = `0x${'ab'.repeat(20)}`;
const TX_HASH = `0x${'cd'.repeat(32)}`;

async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${name}: serious accessibility violations`).toEqual([]);
}

async function singleUser(id: number, token: string) {
  const { status, data } = await api<{ singleuser: User }>(`/users/${id}`, { token });
  expect(status).toBe(200);
  return data.singleuser;
}

/** A member who may withdraw: verified email (set in the database) and a BEP20 address. */
async function withdrawingMember(sponsorCode: string, name: string): Promise<NewMember> {
  const member = await registerMember(sponsorCode, name);
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  const saved = await api(`/users/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
    body: { bep20: BEP20 },
  });
  expect(saved.status).toBe(200);
  return member;
}

/** The last toast with this text (several may be on screen at once). */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).last();

test('deposit, plan, top-up and withdrawals: admin and member screens agree on every balance', async ({
  page,
  browser,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const starter = `Starter ${uniq()}`;
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: starter, min_amount: 50, max_amount: 5000 },
  });
  expect(plan.status).toBe(201);
  const buyer = await withdrawingMember(root.auth.refferal_code, 'Bea Buyer');
  const friend = await registerMember(root.auth.refferal_code, 'Finn Friend');
  const buyerName = (await singleUser(buyer.auth.id, admin)).username;
  const friendName = (await singleUser(friend.auth.id, admin)).username;
  // Working income to withdraw: an audited admin credit of the earnings wallet.
  const credit = await api('/withdrawalrequest/debit', {
    token: admin,
    idempotencyKey: `e2e-credit-${buyer.auth.id}`,
    body: {
      user_id: buyer.auth.id,
      wallet: 'earnings',
      amount: 100,
      direction: 'credit',
      reason: 'E2E setup',
    },
  });
  expect(credit.status, JSON.stringify(credit.data)).toBe(200);

  // Admin: record a deposit for the member found by email, then approve it.
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Deposits' })
    .click();
  await page.getByLabel('Member email').fill(buyer.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(buyerName, { exact: false }).first()).toBeVisible();
  const depositForm = page.getByRole('form', { name: 'Deposit details' });
  await depositForm.getByLabel('Amount (USDT)').fill('0');
  await depositForm.getByRole('button', { name: 'Record deposit' }).click();
  await expect(depositForm.getByText('Enter an amount greater than zero')).toBeVisible();
  await depositForm.getByLabel('Amount (USDT)').fill('1000');
  await depositForm.getByLabel('Note').fill('Bank transfer E2E');
  await depositForm.getByRole('button', { name: 'Record deposit' }).click();
  const recordDialog = page.getByRole('dialog');
  await expect(recordDialog.getByText('1,000.00 USDT').first()).toBeVisible();
  await recordDialog.getByRole('button', { name: 'Record deposit' }).click();
  await expect(toast(page, 'Deposit recorded; approve it to credit the member')).toBeVisible();
  const depositRow = page
    .getByRole('row')
    .filter({ hasText: buyerName })
    .filter({ hasText: 'Bank transfer E2E' });
  await expect(depositRow.getByText('Pending')).toBeVisible();
  await depositRow.getByRole('button', { name: /^Approve deposit/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  await expect(toast(page, 'Deposit approved and credited')).toBeVisible();
  await expect(depositRow.getByText('Approved')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-deposits.png`, fullPage: true });

  // Member, in a browser of their own.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await useMemberSession(member, buyer);
  await member.goto('/user/dashboard');
  await expect(member.getByTestId('wallet-fund')).toHaveText('1,000.00 USDT');
  await expect(member.getByTestId('wallet-earnings')).toHaveText('100.00 USDT');

  // Buy a plan for oneself: the dialog shows the fund wallet before and after.
  await member
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Subscription' })
    .click();
  await member.getByRole('button', { name: `Buy ${starter}` }).click();
  const buy = member.getByRole('dialog');
  await buy.getByLabel('Amount (USDT)').fill('6000');
  await buy.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(
    buy.getByText(`Amount must be between 50.00 USDT and 5,000.00 USDT for ${starter}`),
  ).toBeVisible();
  await buy.getByLabel('Amount (USDT)').fill('500');
  await expect(buy.getByTestId('fund-after')).toHaveText('500.00 USDT');
  await member.screenshot({ path: `${SHOTS}/member-buy-dialog.png` });
  await buy.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(toast(member, 'Plan purchased')).toBeVisible();
  await expect(buy).toBeHidden();
  await expect(member.getByTestId('fund-balance')).toHaveText('500.00 USDT');
  await expect(member.getByTestId('active-plan')).toHaveText('500.00 USDT');
  await expect(member.getByText('Your plan')).toBeVisible();
  await member.screenshot({ path: `${SHOTS}/member-subscription.png`, fullPage: true });

  // Top up a friend by referral code.
  await member
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Top-up' })
    .click();
  const topup = member.getByRole('form', { name: 'Buy a plan for a member' });
  await topup.getByLabel('Member').fill(friend.auth.refferal_code);
  await topup.getByLabel('Plan').selectOption({ label: starter });
  await topup.getByLabel('Amount (USDT)').fill('100');
  await topup.getByRole('button', { name: 'Review top-up' }).click();
  const topupDialog = member.getByRole('dialog');
  await expect(topupDialog.getByText('400.00 USDT')).toBeVisible();
  await member.screenshot({ path: `${SHOTS}/member-topup-confirm.png` });
  await topupDialog.getByRole('button', { name: 'Confirm top-up' }).click();
  await expect(toast(member, 'Plan purchased')).toBeVisible();
  await expect(member.getByTestId('fund-balance')).toHaveText('400.00 USDT');
  await expect(member.getByRole('row').filter({ hasText: `For ${friendName}` })).toContainText('100.00 USDT');
  await member.screenshot({ path: `${SHOTS}/member-topup.png`, fullPage: true });

  // Two profit withdrawals, with fee and net shown before sending.
  await member
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Withdrawal' })
    .click();
  const withdraw = member.getByRole('form', { name: 'Request a withdrawal' });
  await withdraw.getByLabel('Amount (USDT)').fill('5');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  await expect(withdraw.getByText('The minimum withdrawal is 10.00 USDT')).toBeVisible();
  const keys: Array<string | undefined> = [];
  for (const [amount, fee, net] of [
    ['30', '3.00 USDT', '27.00 USDT'],
    ['20', '2.00 USDT', '18.00 USDT'],
  ] as const) {
    await withdraw.getByLabel('Amount (USDT)').fill(amount);
    await expect(withdraw.getByTestId('quote-fee')).toHaveText(fee);
    await expect(withdraw.getByTestId('quote-net')).toHaveText(net);
    await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
    const confirm = member.getByRole('dialog');
    await expect(confirm.getByTestId('quote-net')).toHaveText(net);
    await expect(confirm.getByText(BEP20)).toBeVisible();
    if (amount === '30') await member.screenshot({ path: `${SHOTS}/member-withdrawal-confirm.png` });
    const sent = member.waitForRequest((r) => r.url().endsWith('/withdrawalrequest/add'));
    await confirm.getByRole('button', { name: 'Request withdrawal' }).click();
    keys.push((await sent).headers()['idempotency-key']);
    await expect(confirm).toBeHidden();
  }
  // One key per submission: the second request is a new one, not a replay of the first.
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).not.toBe(keys[0]);
  await expect(toast(member, 'Withdrawal requested; it will be paid once approved')).toBeVisible();
  const history = member.getByRole('table', { name: 'Your withdrawal requests' });
  await expect(history.getByText('Pending')).toHaveCount(2);
  // Held amounts are no longer available.
  await expect(withdraw.getByText('available 50.00 USDT')).toBeVisible();
  await member.screenshot({ path: `${SHOTS}/member-withdrawal.png`, fullPage: true });

  // Admin: approve one with the payout hash, reject the other with a reason.
  await clientNavigate(page, '/admin/withdrawals');
  const pendingOf = (amount: string) =>
    page.getByRole('row').filter({ hasText: buyerName }).filter({ hasText: amount });
  await expect(pendingOf('30.00 USDT')).toBeVisible();
  await pendingOf('30.00 USDT')
    .getByRole('button', { name: /^Approve withdrawal/ })
    .click();
  const approve = page.getByRole('dialog');
  await expect(approve.getByText('27.00 USDT')).toBeVisible();
  await approve.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(approve.getByText('Enter the payout transaction hash to approve')).toBeVisible();
  await approve.getByLabel('Payout transaction hash').fill(TX_HASH);
  await page.screenshot({ path: `${SHOTS}/admin-withdrawal-approve.png` });
  await approve.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(toast(page, 'Withdrawal approved')).toBeVisible();
  await pendingOf('20.00 USDT')
    .getByRole('button', { name: /^Reject withdrawal/ })
    .click();
  const reject = page.getByRole('dialog');
  await reject.getByLabel('Reason').fill('Address could not be verified');
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(toast(page, 'Withdrawal rejected; the amount is back in the wallet')).toBeVisible();
  await page.getByLabel('Status').selectOption('all');
  const decided = page.getByRole('row').filter({ hasText: buyerName });
  await expect(decided.filter({ hasText: 'Approved' })).toContainText(TX_HASH.slice(0, 10));
  await expect(decided.filter({ hasText: 'Rejected' })).toContainText('Address could not be verified');
  await page.screenshot({ path: `${SHOTS}/admin-withdrawals.png`, fullPage: true });

  // Balances, member side: fund 1000 - 500 - 100; earnings 100 - 30 paid (the 20 came back).
  await member.goto('/user/dashboard');
  await expect(member.getByTestId('wallet-fund')).toHaveText('400.00 USDT');
  await expect(member.getByTestId('wallet-earnings')).toHaveText('70.00 USDT');
  await expect(member.getByTestId('wallet-principal')).toHaveText('500.00 USDT');
  await member.screenshot({ path: `${SHOTS}/member-dashboard-after.png`, fullPage: true });
  await member.goto('/user/withdrawal');
  await expect(history.getByText('Approved')).toBeVisible();
  await expect(history.getByText('Address could not be verified')).toBeVisible();

  // Admin side (singleuser and wallets): the same figures, and the friend holds the plan.
  const after = await singleUser(buyer.auth.id, admin);
  expect(after.business_balance).toBe(400);
  expect(after.active_plan).toBe(500);
  const wallets = await api<Wallets>(`/users/${buyer.auth.id}/wallets`, { token: admin });
  expect(wallets.data.wallets).toMatchObject({ fund: 400, earnings: 70, principal: 500 });
  expect(wallets.data.held.earnings).toBe(0);
  const friendAfter = await singleUser(friend.auth.id, admin);
  expect(friendAfter.active_plan).toBe(100);
  expect(friendAfter.is_active).toBe('active');

  await memberContext.close();
});

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
  await expect(toast(page, 'Plan created')).toBeVisible();
  const goldRow = page.getByRole('row').filter({ hasText: gold });
  await expect(goldRow).toContainText('0.6 %');
  await goldRow.getByRole('button', { name: `Edit ${gold}` }).click();
  await page.getByRole('form', { name: 'Plan' }).getByLabel('Maximum (USDT)').fill('2000');
  await page.getByRole('form', { name: 'Plan' }).getByRole('button', { name: 'Save plan' }).click();
  await expect(toast(page, 'Plan updated')).toBeVisible();
  await expect(goldRow).toContainText('2,000.00 USDT');
  // Level income percents: level 1 raised, saved, and still there after a reload of the list.
  const levels = page.getByRole('form', { name: 'Active level percents' });
  await levels.getByLabel('Level 1', { exact: true }).fill('12');
  await levels.getByRole('button', { name: 'Save active levels' }).click();
  await expect(toast(page, 'Level percents saved')).toBeVisible();
  const saved = await api<{ levels: Array<{ kind: string; levels: number[] }> }>('/plans/levels', {
    token: admin,
  });
  expect(saved.data.levels.find((l) => l.kind === 'active')?.levels[0]).toBe(12);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/admin-plans.png`, fullPage: true });

  // Codes: issue two, after a confirmation with the total value.
  await clientNavigate(page, '/admin/codes');
  const issueForm = page.getByRole('form', { name: 'Issue codes' });
  await issueForm.getByLabel('How many').fill('2');
  await issueForm.getByLabel('Value each (USDT)').fill('40');
  await issueForm.getByRole('button', { name: 'Issue codes' }).click();
  await expect(page.getByRole('dialog').getByText('80.00 USDT')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Issue codes' }).click();
  await expect(toast(page, 'Codes issued')).toBeVisible();
  const issued = page.getByRole('list', { name: 'Codes just issued' }).locator('code');
  await expect(issued).toHaveCount(2);
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
  await expect(toast(memberPage, 'Code redeemed: 40.00 USDT added to your fund wallet')).toBeVisible();
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
  await expect(toast(memberPage, 'Member activated')).toBeVisible();
  await expect(activation.getByText('Paid member', { exact: true })).toBeVisible();
  await expect(memberPage.getByTestId('fund-balance')).toHaveText('30.00 USDT');

  // Transfers: the server's refusals are shown; then earnings to fund, and fund to a friend.
  await api('/withdrawalrequest/debit', {
    token: admin,
    idempotencyKey: `e2e-transfer-${member.auth.id}`,
    body: {
      user_id: member.auth.id,
      wallet: 'earnings',
      amount: 30,
      direction: 'credit',
      reason: 'E2E setup',
    },
  });
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
  await expect(toast(memberPage, 'Moved to your fund wallet')).toBeVisible();
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
  await expect(memberPage.getByRole('dialog').getByRole('alert')).toHaveText('Password is incorrect');
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await toFriend.getByLabel('Your password').fill(member.password);
  await toFriend.getByRole('button', { name: 'Review transfer' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Send money' }).click();
  await expect(toast(memberPage, 'Transfer sent')).toBeVisible();
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
  await api('/withdrawalrequest/debit', {
    token: admin,
    idempotencyKey: `e2e-fund-${member.auth.id}`,
    body: { user_id: member.auth.id, wallet: 'fund', amount: 100, direction: 'credit', reason: 'E2E setup' },
  });
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
  await expect(toast(page, /Top-up reversed/)).toBeVisible();
  await expect(topupRow.getByText('Reversed')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-topups.png`, fullPage: true });
  const reversed = await singleUser(member.auth.id, admin);
  expect(reversed.business_balance).toBe(140);
  expect(reversed.active_plan).toBe(0);

  // Retire the plan: it leaves the list and the members' shop.
  await clientNavigate(page, '/admin/plans');
  await goldRow.getByRole('button', { name: `Retire ${gold}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire plan' }).click();
  await expect(toast(page, 'Plan retired')).toBeVisible();
  await expect(goldRow).toHaveCount(0);
  await memberPage.goto('/user/subscription');
  await expect(memberPage.getByRole('heading', { name: 'Plans on sale' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: `Buy ${gold}` })).toHaveCount(0);
  await context.close();
});

test('the withdrawal screens have no serious axe violations, light and dark', async ({ page, browser }) => {
  const root = await rootSession();
  const admin = await adminToken();
  const member = await withdrawingMember(root.auth.refferal_code, 'Axe Member');
  await api('/withdrawalrequest/debit', {
    token: admin,
    idempotencyKey: `e2e-axe-${member.auth.id}`,
    body: {
      user_id: member.auth.id,
      wallet: 'earnings',
      amount: 50,
      direction: 'credit',
      reason: 'E2E setup',
    },
  });
  const requested = await api('/withdrawalrequest/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-axe-w-${member.auth.id}`,
    body: { amount: 25, network: 'BEP20' },
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
      memberPage.getByRole('table', { name: 'Your withdrawal requests' }).getByText('Pending'),
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
  await expect(toast(memberPage, 'Withdrawal request cancelled')).toBeVisible();
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel the/ })).toHaveCount(0);
  await expect(memberPage.getByText('available 50.00 USDT')).toBeVisible();
  await context.close();
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the money screens fit a 375 px screen', async ({ page }) => {
    const root = await rootSession();
    const member = await registerMember(root.auth.refferal_code, 'Phone Member');
    await useMemberSession(page, member);
    for (const path of [
      '/user/subscription',
      '/user/topup',
      '/user/transfer',
      '/user/withdrawal',
      '/user/deposit-history',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/phone${path.replaceAll('/', '-')}.png`, fullPage: true });
    }
  });

  test('the back-office money screens fit a 375 px screen', async ({ page }) => {
    await signInAdmin(page);
    for (const path of [
      '/admin/plans',
      '/admin/deposits',
      '/admin/withdrawals',
      '/admin/topup',
      '/admin/codes',
    ]) {
      await clientNavigate(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/phone${path.replaceAll('/', '-')}.png`, fullPage: true });
    }
  });
});
