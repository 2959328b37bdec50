import type { Wallets } from '@app/contracts/users';
import { expect, test } from '@playwright/test';
import { parseUnits } from 'viem';
import { e2eChainPort } from '../../server/test/evm/addresses';
import { type LocalChain, startLocalChain } from '../../server/test/evm/local-chain';
import { BASE_URL } from '../playwright.config';
import { answerOf, approveAsSecond, creditByTwo, newSoloDay } from './four-eyes-support';
import { BEP20, SHOTS, singleUser, withdrawingMember } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

// The server reads a pasted BEP20 payout hash from the chain (CHAIN_RPC_56): the admin's payout is a
// real transfer on the local EVM standing in for BNB Smart Chain.
let chain: LocalChain;
test.beforeAll(async () => {
  chain = await startLocalChain({ port: e2eChainPort(Number(new URL(BASE_URL).port)) });
});
test.afterAll(async () => {
  await chain?.close();
});

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
  // Working income to withdraw: an audited admin credit of the earnings wallet, by two admins.
  await creditByTwo(buyer.auth.id, 'earnings', 100, 'E2E setup');
  // the owner approves the withdrawal below alone: the suite's earlier solo approvals are a day old
  await newSoloDay();

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
  const depositRow = page
    .getByRole('row')
    .filter({ hasText: buyerName })
    .filter({ hasText: 'Bank transfer E2E' });
  await expect(depositRow.getByText('Pending')).toBeVisible();
  await depositRow.getByRole('button', { name: /^Approve deposit/ }).click();
  const asked = answerOf(
    page.waitForResponse((r) => /\/deposite\/\d+$/.test(r.url()) && r.request().method() === 'PUT'),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  // 1,000 is above the four-eyes amount (500 here): nothing is credited until a second finance
  // admin approves the request (issue 36)
  const answer = await asked;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(depositRow.getByText('Pending')).toBeVisible();
  await approveAsSecond(answer);
  await page.getByLabel('Status').selectOption('approved');
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
  // spec 2.10: the Success dialog with the server's message; Go back reloads the page
  const bought = member.getByRole('dialog', { name: 'Successfull' });
  await expect(bought).toContainText('Plan purchased');
  await bought.getByRole('button', { name: 'Go back' }).click();
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
  await expect(withdraw.getByText('Enter your password to confirm')).toBeVisible();
  // a wrong password: the request is refused at the password field, the dialog closes, nothing is held
  await withdraw.getByLabel('Amount (USDT)').fill('30');
  await withdraw.getByLabel('Your password').fill('not-my-password');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  await member.getByRole('dialog').getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(member.getByRole('dialog')).toHaveCount(0);
  await expect(withdraw.getByText('Password is incorrect')).toBeVisible();
  await expect(withdraw.getByLabel('Your password')).toBeFocused();
  await member.screenshot({ path: `${SHOTS}/member-withdrawal-wrong-password.png` });
  const keys: Array<string | undefined> = [];
  for (const [amount, fee, net] of [
    ['30', '3.00 USDT', '27.00 USDT'],
    ['20', '2.00 USDT', '18.00 USDT'],
  ] as const) {
    await withdraw.getByLabel('Amount (USDT)').fill(amount);
    await withdraw.getByLabel('Your password').fill(buyer.password);
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
    const requested = member.getByRole('dialog', { name: 'Successfull' });
    await expect(requested).toContainText('Withdrawal requested');
    await requested.getByRole('button', { name: 'Go back' }).click();
    await expect(confirm).toBeHidden();
  }
  // One key per submission: the second request is a new one, not a replay of the first.
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).not.toBe(keys[0]);
  const history = member.getByRole('table', { name: 'Your withdrawal requests' });
  await expect(history.getByText('Requested', { exact: true })).toHaveCount(2);
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
  await approve.getByLabel('Payout transaction hash').fill('0xpaid');
  await approve.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(
    approve.getByText(
      'Not a BEP20 transaction hash: a BEP20 hash is 0x followed by 64 hexadecimal characters',
    ),
  ).toBeVisible();
  // the admin pays by hand: 27 USDT to the member's address, confirmed on chain
  const paid = (await chain.mint(BEP20 as `0x${string}`, parseUnits('27', 18))).transactionHash;
  await chain.mine(3);
  await approve.getByLabel('Payout transaction hash').fill(paid);
  await page.screenshot({ path: `${SHOTS}/admin-withdrawal-approve.png` });
  await approve.getByRole('button', { name: 'Approve and mark paid' }).click();
  await expect(pendingOf('30.00 USDT')).toHaveCount(0); // decided: gone from the pending list
  await pendingOf('20.00 USDT')
    .getByRole('button', { name: /^Reject withdrawal/ })
    .click();
  const reject = page.getByRole('dialog');
  await reject.getByLabel('Reason').fill('Address could not be verified');
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(pendingOf('20.00 USDT')).toHaveCount(0);
  await page.getByLabel('Status').selectOption('all');
  const decided = page.getByRole('row').filter({ hasText: buyerName });
  await expect(decided.filter({ hasText: 'Paid' })).toContainText(paid.slice(0, 10));
  await expect(decided.filter({ hasText: 'Rejected' })).toContainText('Address could not be verified');
  await page.screenshot({ path: `${SHOTS}/admin-withdrawals.png`, fullPage: true });

  // Balances, member side: fund 1000 - 500 - 100; earnings 100 - 30 paid (the 20 came back).
  await member.goto('/user/dashboard');
  await expect(member.getByTestId('wallet-fund')).toHaveText('400.00 USDT');
  await expect(member.getByTestId('wallet-earnings')).toHaveText('70.00 USDT');
  await expect(member.getByTestId('wallet-principal')).toHaveText('500.00 USDT');
  await member.screenshot({ path: `${SHOTS}/member-dashboard-after.png`, fullPage: true });
  await member.goto('/user/withdrawal');
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
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
