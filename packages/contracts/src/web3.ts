/**
 * Wallet connection and wallet deposits (spec 3 Chains, 4 Wallet connection, 5 Wallet, 7 Wallet;
 * DOMAIN.md Money in and out). The four chains are the one list both the web wallet and the server's
 * chain access are built from.
 */
import { z } from 'zod';
import { int8Param, pageQuery } from './common.js';

export interface ChainInfo {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: 18 };
  /** The public RPC used when no `CHAIN_RPC_<id>` is configured. */
  rpcUrl: string;
  explorer: { name: string; url: string };
  contracts: { multicall3: { address: `0x${string}` } };
}

const MULTICALL3 = { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' as const } };

/** Spec 3: Ethereum (1), Polygon (137), BNB Smart Chain (56), Arbitrum One (42161); all 18 decimals. */
export const CHAINS: readonly ChainInfo[] = [
  {
    id: 1,
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://eth.merkle.io',
    explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
    contracts: MULTICALL3,
  },
  {
    id: 137,
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrl: 'https://polygon-rpc.com',
    explorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
    contracts: MULTICALL3,
  },
  {
    id: 56,
    name: 'BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrl: 'https://bsc-dataseed.bnbchain.org',
    explorer: { name: 'BscScan', url: 'https://bscscan.com' },
    contracts: MULTICALL3,
  },
  {
    id: 42161,
    name: 'Arbitrum One',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://arb1.arbitrum.io/rpc',
    explorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
    contracts: MULTICALL3,
  },
];

export const CHAIN_IDS = CHAINS.map((c) => c.id);
export const BSC_CHAIN_ID = 56;
/** USDT on BNB Smart Chain (BEP20) has 18 decimals; the ledger keeps 6 (micro-units). */
export const USDT_DECIMALS = 18;
export const DEFAULT_USDT_BEP20 = '0x55d398326f99059fF775485246999027B3197955';

export const chainById = (id: number) => CHAINS.find((c) => c.id === id);

/** Spec 8, Wallet: the messages the wallet screens show. */
export const WALLET_MSG = {
  providerNotFound: 'Provider not found',
  userRejected: 'User rejected the request',
  chainNotConfigured: 'Chain not configured',
  noChains: 'No chains found on connector',
} as const;

/** Why wallet deposits are off: DEPOSIT_ADDRESS_BEP20 is not set (the wallet page and the Deposit page). */
export const WALLET_DEPOSITS_OFF =
  'Wallet deposits are not available at the moment: no deposit address is configured.';

export const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter a wallet address: 0x followed by 40 hexadecimal characters')
  .transform((a) => a.toLowerCase() as `0x${string}`);

export const txHash = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'Enter a transaction hash: 0x followed by 64 hexadecimal characters')
  .transform((h) => h.toLowerCase() as `0x${string}`);

/** A number, or its digits as text; never `true` or '' (which z.coerce would read as chain 1 or 0). */
const chainId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'Unknown chain: use 1, 137, 56 or 42161'),
  ])
  .pipe(z.coerce.number<string | number>().int())
  .refine((id) => CHAIN_IDS.includes(id), 'Unknown chain: use 1, 137, 56 or 42161');

// ---------------------------------------------------------------------------------------------
// Public configuration of the wallet screens

export const web3ConfigResponse = z.object({
  /** Empty when WalletConnect (QR pairing) is not configured: the QR connector is then not offered. */
  walletconnect_project_id: z.string(),
  chains: z.array(z.object({ id: z.number().int(), name: z.string(), rpc_url: z.string() })),
  deposit: z.object({
    chain_id: z.number().int(),
    /** Empty when no platform deposit address is configured (wallet deposits then unavailable). */
    address: z.string(),
    token_address: z.string(),
    token_symbol: z.string(),
    token_decimals: z.number().int(),
    confirmations: z.number().int(),
  }),
});
export type Web3Config = z.infer<typeof web3ConfigResponse>;

// ---------------------------------------------------------------------------------------------
// Linked wallet addresses (proved by a personal_sign of a server nonce)

export const wallet = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  address: z.string(),
  created_at: z.string(),
});
export type LinkedWallet = z.infer<typeof wallet>;

export const walletListQuery = z.object({ user_id: int8Param.optional() });
export const walletListResponse = z.object({ wallets: z.array(wallet) });

export const walletNonceBody = z.strictObject({ address });
export const walletNonceResponse = z.object({ message: z.string(), expires_at: z.string() });

export const walletLinkBody = z.strictObject({
  address,
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]+$/, 'The signature must be a 0x-prefixed hexadecimal string')
    .max(2000),
});
export const walletLinkResponse = z.object({ message: z.string(), wallet });

// ---------------------------------------------------------------------------------------------
// Wallet deposits

export const WEB3_DEPOSIT_STATUS = ['confirming', 'credited'] as const;
export type Web3DepositStatus = (typeof WEB3_DEPOSIT_STATUS)[number];

export const web3Deposit = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  chain_id: z.number().int(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  block_number: z.number().int(),
  from_address: z.string(),
  to_address: z.string(),
  token_address: z.string(),
  amount: z.number(),
  status: z.enum(WEB3_DEPOSIT_STATUS),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  created_at: z.string(),
  checked_at: z.string(),
  credited_at: z.string().nullable(),
});
export type Web3Deposit = z.infer<typeof web3Deposit>;

export const web3DepositBody = z.strictObject({ chain_id: chainId, tx_hash: txHash });
export const web3DepositSubmitResponse = z.object({
  message: z.string(),
  /** One per Transfer of the token to the platform address in the transaction (usually one). */
  deposits: z.array(web3Deposit),
});

export const web3DepositListQuery = pageQuery.extend({
  status: z.enum(WEB3_DEPOSIT_STATUS).optional(),
  user_id: int8Param.optional(),
});
export const web3DepositListResponse = z.object({
  deposits: z.array(web3Deposit),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export const web3DepositResponse = z.object({ message: z.string(), deposit: web3Deposit });

// ---------------------------------------------------------------------------------------------
// Admin view of the platform's deposit addresses

export const web3Overview = z.object({
  addresses: z.array(
    z.object({
      chain_id: z.number().int(),
      chain_name: z.string(),
      address: z.string(),
      native_symbol: z.string(),
      token_symbol: z.string(),
      token_address: z.string(),
      /** Whole-unit decimal strings as read on chain (18 decimals, never rounded); null when unreadable. */
      native_balance: z.string().nullable(),
      token_balance: z.string().nullable(),
      block_number: z.number().int().nullable(),
      /** Set when the chain RPC could not be read. */
      error: z.string().nullable(),
    }),
  ),
  confirmations: z.number().int(),
  totals: z.object({
    credited_amount: z.number(),
    credited_count: z.number().int(),
    confirming_count: z.number().int(),
  }),
  recent: z.array(web3Deposit),
});
export type Web3Overview = z.infer<typeof web3Overview>;
