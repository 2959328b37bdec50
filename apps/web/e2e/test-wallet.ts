/**
 * A browser wallet for the tests: an EIP-1193 provider injected into the page and announced through
 * EIP-6963 (two of them, so the page has several wallets to list by name). The page side only
 * forwards each request to this Node side (Playwright's exposeFunction), which holds the test key:
 * it answers accounts and chain ids like a wallet, refuses to switch to a chain it does not know
 * yet with 4902 until the page adds it, signs messages (personal_sign) and transactions with the
 * key, and passes every other call to the local EVM node.
 */
import type { Page } from '@playwright/test';
import { type Hex, hexToNumber, numberToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { LocalChain } from '../../server/test/evm/local-chain';

export interface WalletCall {
  method: string;
  params: unknown[];
}

type Answer = {
  result?: unknown;
  error?: { code: number; message: string };
  emit?: Array<[string, unknown]>;
};

export const TEST_WALLETS = [
  { uuid: '6f2c2a43-6b1e-4f0e-9a53-1c8f5a0d7e11', name: 'EarnHub Test Wallet', rdns: 'test.earnhub.wallet' },
  { uuid: '0b9d4e7a-2c35-4d8e-8f61-3a7e9c2b5d42', name: 'Backup Test Wallet', rdns: 'test.earnhub.backup' },
];

/** Installs the wallet in the page (before any script of the page runs). Starts on Ethereum (chain 1). */
export async function installTestWallet(page: Page, chain: LocalChain, key: Hex) {
  const account = privateKeyToAccount(key);
  const wallet = chain.walletOf(key);
  const state = {
    chainId: 1,
    known: new Set([1]),
    /** Which of the announced wallets the page connected (each keeps its own permission). */
    connected: new Set<string>(),
    rejectNext: null as string | null,
    calls: [] as WalletCall[],
  };

  async function handle(walletId: string, method: string, params: unknown[]): Promise<Answer> {
    state.calls.push({ method, params });
    if (state.rejectNext === method) {
      state.rejectNext = null;
      return { error: { code: 4001, message: 'User rejected the request.' } };
    }
    switch (method) {
      case 'eth_requestAccounts':
        state.connected.add(walletId);
        return { result: [account.address] };
      case 'wallet_requestPermissions':
        state.connected.add(walletId);
        return {
          result: [
            {
              parentCapability: 'eth_accounts',
              caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
            },
          ],
        };
      case 'wallet_revokePermissions':
        state.connected.delete(walletId);
        return { result: null };
      case 'eth_accounts':
        return { result: state.connected.has(walletId) ? [account.address] : [] };
      case 'eth_chainId':
        return { result: numberToHex(state.chainId) };
      case 'net_version':
        return { result: String(state.chainId) };
      case 'wallet_switchEthereumChain': {
        const id = hexToNumber((params[0] as { chainId: Hex }).chainId);
        if (!state.known.has(id)) return { error: { code: 4902, message: 'Unrecognized chain ID' } };
        state.chainId = id;
        return { result: null, emit: [['chainChanged', numberToHex(id)]] };
      }
      case 'wallet_addEthereumChain': {
        // like common wallets: adding a network also switches to it
        const id = hexToNumber((params[0] as { chainId: Hex }).chainId);
        state.known.add(id);
        state.chainId = id;
        return { result: null, emit: [['chainChanged', numberToHex(id)]] };
      }
      case 'personal_sign': {
        const [message] = params as [Hex, string];
        return { result: await account.signMessage({ message: { raw: message } }) };
      }
      case 'eth_sendTransaction': {
        if (state.chainId !== chain.chain.id)
          return { error: { code: -32000, message: `The wallet is on chain ${state.chainId}` } };
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex };
        const hash = await wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
        });
        return { result: hash };
      }
      default:
        try {
          return { result: await chain.request(method, params) };
        } catch (error) {
          const e = error as { code?: number; message?: string };
          return { error: { code: e.code ?? -32603, message: e.message ?? 'error' } };
        }
    }
  }

  await page.exposeFunction('__testWalletRequest', (walletId: string, method: string, params: unknown[]) =>
    handle(walletId, method, params),
  );
  await page.addInitScript((wallets) => {
    const icon =
      'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzRmNDZlNSIvPjxwYXRoIGQ9Ik04IDExaDE2djEwSDh6IiBmaWxsPSIjZmZmIi8+PC9zdmc+';
    type Listener = (arg: unknown) => void;
    const request = (
      window as unknown as { __testWalletRequest: (w: string, m: string, p: unknown[]) => Promise<Answer> }
    ).__testWalletRequest;
    const providers = wallets.map((info) => {
      const listeners = new Map<string, Set<Listener>>();
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await request(info.rdns, method, params ?? []);
          for (const [event, arg] of answer.emit ?? []) for (const l of listeners.get(event) ?? []) l(arg);
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on(event: string, listener: Listener) {
          listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      return { info: { ...info, icon }, provider };
    });
    const announce = () => {
      for (const detail of providers)
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(detail) }));
    };
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }, TEST_WALLETS);

  return {
    address: account.address,
    calls: state.calls,
    /** The next request of this method is refused as if the person pressed Reject. */
    rejectNext(method: string) {
      state.rejectNext = method;
    },
  };
}
