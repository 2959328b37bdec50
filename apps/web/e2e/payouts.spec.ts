/**
 * /admin/withdrawals pays withdrawals on chain, as an admin would: the hot wallet panel (balances
 * read from a real local EVM), two requests chosen and paid in one batch, marked paid once the
 * blocks confirm them. A request above the four-eyes amount needs two finance admins: the approve
 * dialog says so before anything is sent and offers the sign-off; the admin who signed it off finds
 * paying and approving disabled, with the reason; a second finance admin pays it.
 */
import { expect, test } from '@playwright/test';
import { erc20Abi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { e2eChainPort, HOT_WALLET_ADDRESS } from '../../server/test/evm/addresses';
import { type LocalChain, startLocalChain } from '../../server/test/evm/local-chain';
import { BASE_URL } from '../playwright.config';
import { creditByTwo, newSoloDay } from './four-eyes-support';
import { expectNoSeriousViolations, withdrawingMember } from './money-support';
import {
  ADMIN,
  adminToken,
  api,
  clientNavigate,
  rootSession,
  seasonAdmin,
  shoot,
  signInAdmin,
  sql,
  uniq,
} from './support';

let chain: LocalChain;

test.beforeAll(async () => {
  chain = await startLocalChain({ port: e2eChainPort(Number(new URL(BASE_URL).port)) });
  await chain.fundGas(HOT_WALLET_ADDRESS);
  await chain.mint(HOT_WALLET_ADDRESS, parseUnits('1000', 18));
});
test.afterAll(async () => {
  await chain?.close();
});

/** A member with their own BEP20 address who asks to withdraw `amount` of earnings. */
async function request(amount: number, sponsor: string) {
  // their own address from the start: replacing one would pause their withdrawals (issue 36)
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const member = await withdrawingMember(sponsor, `Payee ${uniq()}`, address);
  await creditByTwo(member.auth.id, 'earnings', amount, 'E2E payout');
  const asked = await api<{ withdrawal: { id: number; username: string } }>('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount, network: 'BEP20', password: member.password },
  });
  expect(asked.status).toBe(201);
  return { ...asked.data.withdrawal, address };
}

const tokensOf = async (address: `0x${string}`) =>
  Number(
    (await chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })) /
      10n ** 12n,
  ) / 1e6;

test('an admin pays two withdrawals on chain in one batch; a big one needs a second admin', async ({
  page,
  browser,
}) => {
  const root = await rootSession();
  // the owner signs off: an admin of less than 24 h is neither pair of eyes, and this one started today
  await seasonAdmin(ADMIN.email);
  const admin = await adminToken();
  // the owner pays the two small ones alone: the suite's earlier solo approvals are a day old
  await newSoloDay();
  const one = await request(100, root.auth.refferal_code);
  const two = await request(50, root.auth.refferal_code);
  const big = await request(600, root.auth.refferal_code); // net 540: above the 500 four-eyes amount

  await signInAdmin(page);
  await clientNavigate(page, '/admin/withdrawals');
  await expect(page.getByRole('heading', { name: 'Hot wallet · BNB Smart Chain' })).toBeVisible();
  await expect(page.getByTestId('hot-wallet-address')).toHaveText(HOT_WALLET_ADDRESS);
  await expect(page.getByTestId('hot-wallet-usdt')).toHaveText('1,000.00 USDT');

  // four eyes, before anything is sent: the big one is not signed off, so it cannot be paid yet, and
  // the approve dialog says two finance admins are needed, offers the sign-off and no hash field
  const bigRow = page.getByRole('row').filter({ hasText: big.username });
  await expect(page.getByTestId(`four-eyes-${big.id}`)).toHaveText('Two finance admins: not signed off yet');
  await expect(
    page.getByRole('button', { name: `Pay withdrawal ${big.id} of ${big.username} on chain` }),
  ).toBeDisabled();
  await expect(bigRow).toContainText('Needs a sign-off first; then another finance admin pays it');
  await page.getByRole('button', { name: `Approve withdrawal ${big.id} of ${big.username}` }).click();
  const approveDialog = page.getByRole('dialog');
  await expect(approveDialog).toContainText(
    'Send nothing yet: it needs a sign-off first, then another finance admin sends it.',
  );
  const explainer = approveDialog.getByTestId('four-eyes-explainer');
  await expect(explainer).toContainText('Two finance admins are needed');
  await expect(explainer).toContainText(
    'This withdrawal pays 540.00 USDT, above the four-eyes amount of 500.00 USDT. First one finance admin signs it off; then another finance admin sends the money and records the transaction hash.',
  );
  await expect(explainer).toContainText('Nobody has signed it off yet: send nothing now.');
  await expect(approveDialog.getByLabel('Payout transaction hash')).toHaveCount(0);
  await shoot(page, 'admin-four-eyes-dialog');
  await approveDialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(approveDialog).toHaveCount(0);

  // signed off by this admin: who and when on the row; paying and approving are not theirs to do
  await expect(page.getByTestId(`four-eyes-${big.id}`)).toContainText('Signed off by you');
  await expect(
    page.getByRole('button', { name: `Pay withdrawal ${big.id} of ${big.username} on chain` }),
  ).toBeDisabled();
  await expect(
    page.getByRole('button', { name: `Approve withdrawal ${big.id} of ${big.username}` }),
  ).toBeDisabled();
  await expect(bigRow).toContainText('You signed it off: another finance admin pays it');
  await expectNoSeriousViolations(page, 'withdrawals with the hot wallet');
  await shoot(page, 'admin-payouts');

  // the batch: two chosen, one payment each
  await page
    .getByRole('checkbox', { name: `Choose withdrawal ${one.id} of ${one.username} for payout` })
    .check();
  await page
    .getByRole('checkbox', { name: `Choose withdrawal ${two.id} of ${two.username} for payout` })
    .check();
  await page.getByRole('button', { name: 'Pay 2 on chain' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Pay 2 withdrawals on chain?' })).toBeVisible();
  await shoot(page, 'admin-payout-confirm');
  await dialog.getByRole('button', { name: 'Pay 135.00 USDT' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payouts sent' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Withdrawals to pay' }).getByText(/^Sent \d/)).toHaveCount(2);
  await shoot(page, 'admin-payout-sent');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: one.username })).toContainText(
    'Payout sent, waiting for confirmations',
  );

  // confirmed on chain: the requests leave the pending list by themselves and the members have the net
  await chain.mine(3);
  await expect(page.getByRole('row').filter({ hasText: one.username })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: two.username })).toHaveCount(0);
  expect([await tokensOf(one.address), await tokensOf(two.address)]).toEqual([90, 45]);
  await page.getByLabel('Status').selectOption('approved');
  await expect(page.getByRole('row').filter({ hasText: one.username })).toContainText('Paid');

  // the server agrees: the admin who signed it off cannot pay it
  const own = await api<{ results: Array<{ ok: boolean; message: string }> }>('/withdrawalrequest/payout', {
    token: admin,
    body: { ids: [big.id] },
  });
  expect(own.data.results[0]).toMatchObject({ ok: false });
  expect(own.data.results[0]!.message).toMatch(
    /You signed it off on .*, so another finance admin must pay it/,
  );

  // a second finance admin signs in, sees who signed it off, and pays it
  const finance = await financeAdmin();
  const context = await browser.newContext();
  const second = await context.newPage();
  await second.goto('/admin-login');
  await second.getByLabel('Email').fill(finance.email);
  await second.getByLabel('Password').fill(finance.password);
  await second.getByRole('button', { name: 'Sign in to back-office' }).click();
  await expect(second).toHaveURL(/\/admin\/dashboard$/);
  await clientNavigate(second, '/admin/withdrawals');
  await expect(second.getByTestId(`four-eyes-${big.id}`)).toContainText(`Signed off by`);
  await expect(second.getByTestId(`four-eyes-${big.id}`)).toContainText(ADMIN.email);
  await second.getByRole('button', { name: `Approve withdrawal ${big.id} of ${big.username}` }).click();
  await expect(second.getByRole('dialog').getByTestId('four-eyes-explainer')).toContainText(
    'It is signed off: you are the second admin and may send it now.',
  );
  await expect(second.getByRole('dialog').getByLabel('Payout transaction hash')).toBeVisible();
  await shoot(second, 'admin-four-eyes-second');
  await second.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await second.getByRole('button', { name: `Pay withdrawal ${big.id} of ${big.username} on chain` }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Pay 540.00 USDT' }).click();
  await expect(second.getByRole('dialog').getByRole('heading', { name: 'Payouts sent' })).toBeVisible();
  await second.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await chain.mine(3);
  await expect(second.getByRole('row').filter({ hasText: big.username })).toHaveCount(0, { timeout: 30_000 });
  expect(await tokensOf(big.address)).toBe(540);
  await context.close();
});

/** A second admin holding finance only, with the e2e admin's password (inserted as an operator would). */
async function financeAdmin() {
  const email = `finance-${uniq()}@e2e.test`.toLowerCase();
  await sql(
    `INSERT INTO users (username, email, password_hash, fullname, phone, role, refferal_code, created_at,
                        updated_at, admin_roles)
     SELECT $1, $2, password_hash, 'Fran Ledger', '', 'admin', $3, now() - interval '2 days', now(), '{finance}'
       FROM users WHERE email = $4`,
    [email.split('@')[0], email, `ADM${uniq().toUpperCase()}`.slice(0, 16), ADMIN.email],
  );
  return { email, password: ADMIN.password };
}
