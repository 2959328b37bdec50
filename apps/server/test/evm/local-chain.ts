/**
 * A real EVM for the wallet-deposit tests: ganache (an npm package; its EVM is @ethereumjs) behind a
 * plain JSON-RPC HTTP server on 127.0.0.1, posing as BNB Smart Chain (chain id 56). Nothing is
 * mocked: the server under test reads receipts, logs and blocks from it through viem like from a
 * public RPC. Each transaction is mined at once in its own block; `mine(n)` adds confirmations.
 *
 * The deployer key is fixed, so the first token it deploys always has the same address (CREATE
 * address of deployer + nonce 0): the browser tests configure the server with it before the chain
 * starts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http as httpTransport,
  keccak256,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPLOYER_KEY, PLATFORM_ADDRESS, TOKEN_ADDRESS } from './addresses.js';
import { compileTestToken } from './test-token.js';

export { DEPLOYER_KEY, PLATFORM_ADDRESS, TOKEN_ADDRESS };

export const localBsc = (rpcUrl: string) =>
  defineChain({
    id: 56,
    name: 'BNB Smart Chain (local test chain)',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

interface RpcMessage {
  id?: number | string | null;
  method: string;
  params?: unknown[];
}

export async function startLocalChain(opts: { port?: number } = {}) {
  const provider = ganache.provider({
    chain: { chainId: 56, hardfork: 'shanghai' },
    wallet: { accounts: [{ secretKey: DEPLOYER_KEY, balance: `0x${parseEther('1000000').toString(16)}` }] },
    miner: { instamine: 'eager' },
    logging: { quiet: true },
  });

  // Ganache mines the same raw transaction again each time its bytes are sent again (measured: three
  // copies of one signed transfer moved the amount three times). A real node knows a transaction by
  // its hash and takes it once ("already known"), which is what lets the payout follower re-send a
  // payout's bytes safely; the stand-in answers the same way.
  const sentHashes = new Set<string>();
  async function request(method: string, params: unknown[] = []): Promise<unknown> {
    if (method !== 'eth_sendRawTransaction') return provider.request({ method, params } as never);
    const hash = keccak256(params[0] as Hex);
    if (sentHashes.has(hash)) throw Object.assign(new Error('already known'), { code: -32000 });
    sentHashes.add(hash);
    try {
      return await provider.request({ method, params } as never);
    } catch (error) {
      sentHashes.delete(hash); // refused: this node never took it
      throw error;
    }
  }

  async function answer(message: RpcMessage) {
    try {
      return {
        jsonrpc: '2.0',
        id: message.id ?? null,
        result: await request(message.method, message.params),
      };
    } catch (error) {
      const e = error as { code?: number; message?: string; data?: unknown };
      return {
        jsonrpc: '2.0',
        id: message.id ?? null,
        error: { code: e.code ?? -32000, message: e.message ?? 'error', data: e.data },
      };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let body: RpcMessage | RpcMessage[];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const out = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chain = localBsc(rpcUrl);
  const publicClient = createPublicClient({ chain, transport: httpTransport(rpcUrl), pollingInterval: 50 });
  const walletOf = (key: Hex) =>
    createWalletClient({ account: privateKeyToAccount(key), chain, transport: httpTransport(rpcUrl) });
  const deployer = walletOf(DEPLOYER_KEY);
  const { abi, bytecode } = compileTestToken();

  async function deployToken(name: string, symbol: string): Promise<Address> {
    const hash = await deployer.deployContract({ abi, bytecode, args: [name, symbol] });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  }

  /** The USDT stand-in (always at TOKEN_ADDRESS: the deployer's first transaction). */
  const token = await deployToken('Tether USD (test)', 'USDT');
  if (token.toLowerCase() !== TOKEN_ADDRESS.toLowerCase()) throw new Error('unexpected token address');

  async function waitMined(hash: Hex) {
    return publicClient.waitForTransactionReceipt({ hash });
  }

  return {
    rpcUrl,
    chain,
    publicClient,
    token,
    abi,
    request,
    deployToken,
    walletOf,
    /** Gas money (BNB) for a test wallet. */
    async fundGas(to: Address, amount = parseEther('1')) {
      return waitMined(await deployer.sendTransaction({ to, value: amount }));
    },
    /** Token units (18 decimals) for a test wallet, minted by the open test `mint`. */
    async mint(to: Address, units: bigint, tokenAddress: Address = token) {
      return waitMined(
        await deployer.writeContract({ address: tokenAddress, abi, functionName: 'mint', args: [to, units] }),
      );
    },
    /** A token transfer signed with `key`; answers the mined transaction's hash. */
    async transfer(key: Hex, to: Address, units: bigint, tokenAddress: Address = token) {
      const hash = await walletOf(key).writeContract({
        address: tokenAddress,
        abi,
        functionName: 'transfer',
        args: [to, units],
      });
      await waitMined(hash);
      return hash;
    },
    async transferPair(key: Hex, to: Address, first: bigint, second: bigint) {
      const hash = await walletOf(key).writeContract({
        address: token,
        abi,
        functionName: 'transferPair',
        args: [to, first, second],
      });
      await waitMined(hash);
      return hash;
    },
    /** Mines `blocks` empty blocks (confirmations for what came before). */
    async mine(blocks = 1) {
      await request('evm_mine', [{ blocks }]);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.disconnect();
    },
  };
}

export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;
