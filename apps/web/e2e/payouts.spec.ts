/**
 * /admin/withdrawals pays withdrawals on chain, as an admin would: the hot wallet panel (balances
 * read from a real local EVM), two requests chosen and paid in one batch, marked paid once the
 * blocks confirm them; a request above the four-eyes amount needs a sign-off first.
 */
import { expect, test } from '@playwright/test';
import { erc20Abi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { e2eChainPort, HOT_WALLET_ADDRESS } from '../../server/test/evm/addresses';
import { type LocalChain, startLocalChain } from '../../server/test/evm/local-chain';
import { BASE_URL } from '../playwright.config';
import { expectNoSeriousViolations, withdrawingMember } from './money-support';
import { adminToken, api, clientNavigate, rootSession, shoot, signInAdmin, uniq } from './support';

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
async function request(amount: number, admin: string, sponsor: string) {
  const member = await withdrawingMember(sponsor, `Payee ${uniq()}`);
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const saved = await api(`/users/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
    body: { bep20: address },
  });
  expect(saved.status).toBe(200);
  await api('/withdrawalrequest/debit', {
    token: admin,
    body: { user_id: member.auth.id, wallet: 'earnings', amount, direction: 'credit', reason: 'E2E payout' },
  });
  const asked = await api<{ withdrawal: { id: number; username: string } }>('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount, network: 'BEP20' },
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
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const one = await request(100, admin, root.auth.refferal_code);
  const two = await request(50, admin, root.auth.refferal_code);
  const big = await request(600, admin, root.auth.refferal_code); // net 540: above the 500 four-eyes amount

  await signInAdmin(page);
  await clientNavigate(page, '/admin/withdrawals');
  await expect(page.getByRole('heading', { name: 'Hot wallet · BNB Smart Chain' })).toBeVisible();
  await expect(page.getByTestId('hot-wallet-address')).toHaveText(HOT_WALLET_ADDRESS);
  await expect(page.getByTestId('hot-wallet-usdt')).toHaveText('1,000.00 USDT');

  // four eyes: the big one shows 0 of 2; this admin signs off, a second admin must pay it
  await expect(page.getByTestId(`approvals-${big.id}`)).toHaveText('Approvals 0 of 2');
  await page.getByRole('button', { name: `Sign off withdrawal ${big.id} of ${big.username}` }).click();
  await expect(page.getByTestId(`approvals-${big.id}`)).toHaveText('Approvals 1 of 2');
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
  await expect(page.getByRole('row').filter({ hasText: one.username })).toContainText('Approved');

  // the same admin cannot pay the big one alone
  await page.getByLabel('Status').selectOption('pending');
  await page.getByRole('button', { name: `Pay withdrawal ${big.id} of ${big.username} on chain` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay 540.00 USDT' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Nothing was paid' })).toBeVisible();
  await expect(
    page.getByRole('dialog').getByText(/Not paid: .*needs the approval of two different admins/),
  ).toBeVisible();
  await shoot(page, 'admin-payout-four-eyes');
  expect(await tokensOf(big.address)).toBe(0);
});
