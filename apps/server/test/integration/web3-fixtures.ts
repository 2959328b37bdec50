/**
 * The wallet-deposit tests' world: a local EVM (ganache, chain id 56) with the USDT stand-in
 * deployed by the test, and the app configured to verify deposits through it (3 confirmations).
 */
import { type Hex, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { type LocalChain, PLATFORM_ADDRESS, startLocalChain } from '../evm/local-chain.js';
import { createTestApp, type TestApp } from '../helpers.js';

export const CONFIRMATIONS = 3;
export let t: TestApp;
export let chain: LocalChain;
export let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
export let a: Member;
export let b: Member;
export { PLATFORM_ADDRESS };

export const usdt = (amount: string) => parseUnits(amount, 18);

export function useWeb3App(env: Record<string, string> = {}) {
  beforeAll(async () => {
    chain = await startLocalChain();
    t = await createTestApp({
      CHAIN_RPC_56: chain.rpcUrl,
      DEPOSIT_ADDRESS_BEP20: PLATFORM_ADDRESS,
      USDT_BEP20_CONTRACT: chain.token,
      DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
      ...env,
    });
    admin = await t.adminToken();
    a = await t.register();
    b = await t.register(a.code);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.close();
  });
}

export const callers = () =>
  [
    ['anonymous', undefined],
    ['member A', a.token],
    ['member B', b.token],
    ['admin', admin],
  ] as const;

/** A new wallet with gas and `tokens` USDT of the test token. */
export async function newWallet(tokens = '1000') {
  const key: Hex = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await chain.fundGas(address);
  if (tokens !== '0') await chain.mint(address, usdt(tokens));
  return { key, address, lower: address.toLowerCase() };
}

/** Links the wallet to the member the way the web page does: nonce, personal_sign, submit. */
export async function link(token: string, key: Hex) {
  const account = privateKeyToAccount(key);
  const nonce = await t.call('POST', '/web3/wallets/nonce', { token, body: { address: account.address } });
  expect(nonce.status, nonce.raw).toBe(200);
  const signature = await account.signMessage({ message: nonce.body.message });
  return t.call('POST', '/web3/wallets', { token, body: { address: account.address, signature } });
}

export async function linkedWallet(token: string, tokens = '1000') {
  const w = await newWallet(tokens);
  const res = await link(token, w.key);
  expect(res.status, res.raw).toBe(201);
  return w;
}

export const submit = (token: string, txHash: string, chainId = 56) =>
  t.call('POST', '/web3/deposits', { token, body: { chain_id: chainId, tx_hash: txHash } });

/** The member's fund balance as the profile shows it (USDT). */
export async function fundOf(member: Member) {
  const res = await t.call('GET', `/users/${member.id}`, { token: member.token });
  expect(res.status).toBe(200);
  return res.body.singleuser.business_balance as number;
}

export async function depositRows(txHash: string) {
  const { rows } = await t.db.query<{ id: bigint; status: string; user_id: bigint }>(
    'SELECT id, status, user_id FROM web3_deposits WHERE tx_hash = $1 ORDER BY log_index',
    [txHash.toLowerCase()],
  );
  return rows;
}

export async function ledgerCredits(txHash: string) {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transfers WHERE ref_type = 'web3_deposit' AND meta->>'tx_hash' = $1`,
    [txHash.toLowerCase()],
  );
  return rows[0]!.n;
}
