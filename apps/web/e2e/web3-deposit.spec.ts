/**
 * /user/web3-deposit in a real browser against a real local EVM (ganache posing as BNB Smart Chain,
 * started by this spec on the port the e2e server's CHAIN_RPC_56 names): a member connects the
 * injected test wallet (announced through EIP-6963), switches to BNB Smart Chain (the wallet does
 * not know it yet: 4902, then the page adds it), links the address by signing, sends USDT and
 * sees it credited once the blocks confirm it. Without any wallet the page says "Provider not found".
 */
import { expect, type Page, test } from '@playwright/test';
import { parseUnits } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { e2eChainPort, PLATFORM_ADDRESS } from '../../server/test/evm/addresses';
import { type LocalChain, startLocalChain } from '../../server/test/evm/local-chain';
import { BASE_URL } from '../playwright.config';
import { clientNavigate, registerMember, rootSession, SHOTS, signInAdmin, useMemberSession } from './support';
import { installTestWallet, TEST_WALLETS } from './test-wallet';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let chain: LocalChain;

test.beforeAll(async () => {
  chain = await startLocalChain({ port: e2eChainPort(Number(new URL(BASE_URL).port)) });
});
test.afterAll(async () => {
  await chain?.close();
});

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('connect, switch to BNB Smart Chain, link, deposit USDT: credited once confirmed', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Wendy Wallet');
  const key = generatePrivateKey();
  const wallet = await installTestWallet(page, chain, key);
  await chain.fundGas(wallet.address);
  await chain.mint(wallet.address, parseUnits('100', 18));
  await useMemberSession(page, member);

  await page.goto('/user/dashboard');
  await page
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Deposit', exact: true })
    .click();
  await page.getByRole('link', { name: 'Deposit from a wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto deposit', level: 1 })).toBeVisible();
  await expect(page.getByTestId('wallet-status')).toHaveText('Disconnected');
  const wallets = page.getByRole('list', { name: 'Wallets' });
  for (const w of TEST_WALLETS) await expect(wallets.getByRole('button', { name: w.name })).toBeVisible();
  await shots(page, 'web3-deposit-disconnected');

  // connect: the wallet is on Ethereum
  await wallets.getByRole('button', { name: 'EarnHub Test Wallet' }).click();
  await expect(page.getByTestId('wallet-status')).toHaveText('Connected');
  await expect(page.getByTestId('wallet-address')).toHaveAttribute('title', wallet.address);
  await expect(page.getByTestId('wallet-network')).toHaveText('Ethereum');
  await expect(page.getByText('your wallet is on Ethereum')).toBeVisible();

  // switch: 4902 (unknown to the wallet), so the page adds BNB Smart Chain, which switches to it
  await page.getByRole('button', { name: 'Switch to BNB Smart Chain' }).click();
  await expect(page.getByTestId('wallet-network')).toHaveText('BNB Smart Chain');
  const added = wallet.calls.find((c) => c.method === 'wallet_addEthereumChain');
  expect(added?.params[0]).toMatchObject({
    chainId: '0x38',
    chainName: 'BNB Smart Chain',
    nativeCurrency: { symbol: 'BNB', decimals: 18 },
  });

  // link: a refusal in the wallet first, then the signature
  wallet.rejectNext('personal_sign');
  await page.getByRole('button', { name: 'Link this wallet' }).click();
  await expect(page.getByText('User rejected the request')).toBeVisible();
  await page.getByRole('button', { name: 'Link this wallet' }).click();
  await expect(page.getByTestId('wallet-linked')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Linked wallets' }).getByTitle(wallet.address.toLowerCase()),
  ).toBeVisible();

  // deposit: validation, review, send from the wallet
  const form = page.getByRole('form', { name: 'Send USDT' });
  await form.getByLabel('Amount (USDT)').fill('0.0000001');
  await form.getByRole('button', { name: 'Review deposit' }).click();
  await expect(form.getByText('at most 6 decimals')).toBeVisible();
  await form.getByLabel('Amount (USDT)').fill('25');
  await form.getByRole('button', { name: 'Review deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this deposit?' });
  await expect(dialog).toContainText('25.00 USDT');
  await expect(dialog).toContainText('BNB Smart Chain (BEP20)');
  await expect(dialog).toContainText('after 3 confirmations');
  await shots(page, 'web3-deposit-review');
  await dialog.getByRole('button', { name: 'Send from my wallet' }).click();

  // the server found it with one confirmation of three: the page keeps checking
  await expect(page.getByTestId('deposit-status')).toHaveText('Confirming 1/3');
  await expect(page.getByTestId('fund-balance')).toHaveText('0.00 USDT');
  await shots(page, 'web3-deposit-confirming');
  await chain.mine(2);
  await expect(page.getByTestId('deposit-credited')).toContainText('Deposit credited: 25.00 USDT', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('fund-balance')).toHaveText('25.00 USDT');
  const history = page.getByRole('table', { name: 'Your wallet deposits' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Credited');
  await expect(history).toContainText('25.00 USDT');
  const sends = wallet.calls.filter((c) => c.method === 'eth_sendTransaction');
  expect(sends).toHaveLength(1);
  await shots(page, 'web3-deposit-credited');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/web3-deposit-credited-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // the connection survives a reload (persisted, reconnected on mount)
  await page.reload();
  await expect(page.getByTestId('wallet-status')).toHaveText('Connected');
  await expect(page.getByTestId('wallet-network')).toHaveText('BNB Smart Chain');
  await expect(page.getByTestId('wallet-linked')).toBeVisible();

  // the admin's view: the platform address holds the 25 USDT, the deposit is listed
  await signInAdmin(page);
  await clientNavigate(page, '/admin/web3');
  await expect(page.getByRole('heading', { name: 'Crypto wallet', level: 1 })).toBeVisible();
  await expect(page.getByTestId('platform-address')).toHaveText(PLATFORM_ADDRESS.toLowerCase());
  await expect(page.getByTestId('token-balance')).toHaveText('25 USDT');
  await expect(page.getByRole('table', { name: 'Recent wallet deposits' })).toContainText('25.00 USDT');
  await shots(page, 'admin-web3');
  // and under Deposits, on the wallet tab beside admin deposits and crypto payments
  await clientNavigate(page, '/admin/deposits');
  await page.getByRole('tab', { name: 'Wallet deposits' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('25.00 USDT');
});

test('without a browser wallet the page says "Provider not found"', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Nico Nowallet');
  await useMemberSession(page, member);
  await page.goto('/user/web3-deposit');
  const wallets = page.getByRole('list', { name: 'Wallets' });
  await expect(wallets.getByRole('button')).toHaveCount(1);
  await wallets.getByRole('button', { name: 'Browser wallet' }).click();
  await expect(page.getByTestId('wallet-error')).toHaveText(/Provider not found/);
  await expect(page.getByTestId('wallet-status')).toHaveText('Disconnected');
  await expect(page.getByRole('button', { name: 'Review deposit' })).toBeDisabled();
  await shots(page, 'web3-deposit-no-provider');
});
