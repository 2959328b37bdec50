/**
 * Fixed keys and addresses of the local test chain, apart from the chain itself so the browser
 * tests' config can name them (the server is configured before the chain starts) without loading
 * ganache or solc. The USDT stand-in is the deployer's first contract: its address follows from the
 * deployer and nonce 0.
 */
import { getContractAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const LOCAL_CHAIN_ID = 56;
export const DEPLOYER_KEY: Hex = '0x6b3c1f0e5a2d4c8b9e7f1a3d5c7b9e1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b';
/** The platform's deposit address in the tests (its key is never needed: it only receives). */
export const PLATFORM_ADDRESS = privateKeyToAccount(
  '0x2a9f4e6c8b1d3f5a7c9e2b4d6f8a1c3e5b7d9f2a4c6e8b1d3f5a7c9e2b4d6f8a',
).address;
/** Address of the first contract the deployer creates: the USDT stand-in. */
export const TOKEN_ADDRESS = getContractAddress({
  from: privateKeyToAccount(DEPLOYER_KEY).address,
  nonce: 0n,
});
/** Where the browser tests' chain listens: beside the e2e server's port. */
export const e2eChainPort = (serverPort: number) => serverPort + 1000;
/** The browser tests' payout hot wallet (its key is in the e2e server's config; the spec funds it). */
export const HOT_WALLET_KEY: Hex = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
export const HOT_WALLET_ADDRESS = privateKeyToAccount(HOT_WALLET_KEY).address;
