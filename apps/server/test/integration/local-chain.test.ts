/**
 * The local chain that stands in for BNB Smart Chain (test/evm/local-chain.ts) takes a signed
 * transaction once, as a node does: copies of its bytes, sent at the same moment or after it was
 * mined, are refused ("already known") and move nothing. Ganache alone mines every copy, which made
 * the payout follower's safe re-send look like a double payment.
 */
import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startLocalChain } from '../evm/local-chain.js';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain();
});
afterAll(async () => chain.close());

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: string; error?: { message: string } };
}

describe('local chain', () => {
  it('takes a signed transfer once, however many copies of it are sent', async () => {
    const from = privateKeyToAccount(generatePrivateKey());
    await chain.fundGas(from.address);
    await chain.mint(from.address, parseUnits('1000', 18));
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const raw = await from.signTransaction({
      chainId: 56,
      type: 'legacy',
      nonce: 0,
      to: chain.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('90', 18)] }),
      gas: 100_000n,
      gasPrice: await chain.publicClient.getGasPrice(),
    });
    const atOnce = await Promise.all([1, 2, 3].map(() => rpc('eth_sendRawTransaction', [raw])));
    expect(atOnce.filter((a) => a.result).length).toBe(1);
    expect(atOnce.filter((a) => a.error?.message === 'already known').length).toBe(2);
    const later = await rpc('eth_sendRawTransaction', [raw]);
    expect(later.error?.message).toBe('already known');
    const balance = await chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    });
    expect(balance).toBe(parseUnits('90', 18));
  });
});
