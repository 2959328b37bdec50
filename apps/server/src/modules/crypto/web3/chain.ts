/**
 * Chain access for wallet deposits: one viem public client per chain over `CHAIN_RPC_<id>` (else the
 * chain's public RPC), and the reading of a transaction's token transfers from its receipt. Every
 * failure to reach the RPC becomes a 503 that names the host, never the full URL (it may hold a key).
 */
import { CHAINS, chainById } from '@app/contracts/web3';
import {
  BaseError,
  createPublicClient,
  erc20Abi,
  formatUnits,
  http,
  type PublicClient,
  parseEventLogs,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Config } from '../../../config.js';
import { AppError } from '../../../errors.js';

export interface TokenTransfer {
  logIndex: number;
  token: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
}

export interface MinedTransaction {
  blockNumber: bigint;
  blockHash: `0x${string}`;
  succeeded: boolean;
  /** Blocks from the transaction's block to the chain head, both included. */
  confirmations: number;
  /** Every ERC-20 Transfer event of the transaction, whatever the token (addresses lowercase). */
  transfers: TokenTransfer[];
}

export const rpcUnavailable = (chainName: string, host: string, reason: string) =>
  new AppError(
    'rpc_unavailable',
    `The ${chainName} RPC (${host}) could not be reached: ${reason}. Try again in a minute.`,
    503,
  );

const lower = (a: string) => a.toLowerCase() as `0x${string}`;

/**
 * Hosts the wallet page may talk to besides this server (Content-Security-Policy connect-src): the
 * chains' public RPCs (spec 7: used per chain), and the WalletConnect relay when QR pairing is on.
 */
export function walletConnectSrc(config: Config): string[] {
  const rpcs = CHAINS.map((c) => new URL(c.rpcUrl).origin);
  const relay = config.WALLETCONNECT_PROJECT_ID
    ? [
        'wss://relay.walletconnect.com',
        'wss://relay.walletconnect.org',
        'https://rpc.walletconnect.com',
        'https://rpc.walletconnect.org',
        'https://pulse.walletconnect.org',
        'https://api.web3modal.org',
      ]
    : [];
  return [...rpcs, ...relay];
}

export function createChainAccess(config: Config) {
  const clients = new Map<number, PublicClient>();

  function rpcUrl(chainId: number): string {
    const configured = config[`CHAIN_RPC_${chainId}` as keyof Config] as string | undefined;
    const chain = chainById(chainId);
    if (!chain) throw new AppError('bad_request', `Unknown chain ${chainId}`, 400);
    return configured || chain.rpcUrl;
  }

  function client(chainId: number): PublicClient {
    let c = clients.get(chainId);
    if (!c) {
      c = createPublicClient({ transport: http(rpcUrl(chainId), { timeout: 10_000, retryCount: 1 }) });
      clients.set(chainId, c);
    }
    return c;
  }

  /** Runs an RPC read; a transport failure becomes the 503 above. */
  async function read<T>(chainId: number, fn: (c: PublicClient) => Promise<T>): Promise<T> {
    try {
      return await fn(client(chainId));
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError || error instanceof AppError) throw error;
      const name = chainById(chainId)?.name ?? `chain ${chainId}`;
      throw rpcUnavailable(name, new URL(rpcUrl(chainId)).host, shortReason(error));
    }
  }

  /** The mined transaction with its token transfers, or null while it is unknown or not yet mined. */
  async function minedTransaction(chainId: number, hash: `0x${string}`): Promise<MinedTransaction | null> {
    return read(chainId, async (c) => {
      let receipt: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;
      try {
        receipt = await c.getTransactionReceipt({ hash });
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
      const head = await c.getBlockNumber({ cacheTime: 0 });
      const events = parseEventLogs({
        abi: erc20Abi,
        logs: receipt.logs,
        eventName: 'Transfer',
        strict: true,
      });
      return {
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        succeeded: receipt.status === 'success',
        confirmations: Math.max(0, Number(head - receipt.blockNumber) + 1),
        transfers: events.map((e) => ({
          logIndex: e.logIndex,
          token: lower(e.address),
          from: lower(e.args.from),
          to: lower(e.args.to),
          value: e.args.value,
        })),
      };
    });
  }

  async function headBlock(chainId: number): Promise<bigint> {
    return read(chainId, (c) => c.getBlockNumber({ cacheTime: 0 }));
  }

  /** Native and token balances of an address, as exact decimal strings of whole units. */
  async function balances(chainId: number, owner: `0x${string}`, token: `0x${string}`, decimals: number) {
    return read(chainId, async (c) => {
      const [native, tokenUnits, block] = await Promise.all([
        c.getBalance({ address: owner }),
        c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
        c.getBlockNumber({ cacheTime: 0 }),
      ]);
      return {
        native: formatUnits(native, 18),
        token: formatUnits(tokenUnits, decimals),
        block: Number(block),
      };
    });
  }

  /** Sends signed transaction bytes; the node's refusal (already known, nonce too low...) is thrown as is. */
  async function sendRaw(chainId: number, serializedTransaction: `0x${string}`) {
    return client(chainId).sendRawTransaction({ serializedTransaction });
  }

  return { minedTransaction, headBlock, balances, read, sendRaw, chains: CHAINS };
}

export type ChainAccess = ReturnType<typeof createChainAccess>;

function shortReason(error: unknown): string {
  if (error instanceof BaseError) {
    const text = error.shortMessage || error.message;
    // viem repeats the URL in its messages; the host is already named in ours
    return text
      .replace(/https?:\/\/\S+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160);
  }
  return error instanceof Error ? error.message.slice(0, 160) : 'unknown error';
}
