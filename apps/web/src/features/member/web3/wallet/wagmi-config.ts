/**
 * The wallet connection (spec 3 and 4): wagmi 3 over the four chains of the contracts, an injected
 * connector with EIP-6963 discovery (every wallet that announces itself is listed by name), and a
 * WalletConnect (QR pairing) connector when the server has a project id. wagmi keeps the connection
 * state (status, current connection, connections with accounts, chain id and connector) and persists
 * connections, chain id and the current connector in localStorage; on restore it accepts only chain
 * ids among the configured chains, and reconnects on mount.
 *
 * Loaded only by the wallet page (its own lazy chunk): nothing here is in a first-visit bundle.
 */
import { CHAINS } from '@app/contracts/web3';
import { type Chain, defineChain } from 'viem';
import { type Config, type CreateConnectorFn, createConfig, createStorage, http, injected } from 'wagmi';
import { walletConnectProvider } from './walletconnect';

export const walletChains = CHAINS.map((c) =>
  defineChain({
    id: c.id,
    name: c.name,
    nativeCurrency: c.nativeCurrency,
    rpcUrls: { default: { http: [c.rpcUrl] } },
    blockExplorers: { default: c.explorer },
    contracts: c.contracts,
  }),
) as unknown as readonly [Chain, ...Chain[]];

/** Spec 9: an injected wallet gets 1000 ms to appear before "Provider not found". */
const AUTHORIZATION_WAIT_MS = 1000;
export const WALLETCONNECT_ID = 'walletConnect';

const configs = new Map<string, Config>();

/** One config per WalletConnect project id (none: injected wallets only), kept for the whole visit. */
export function walletConfig(walletConnectProjectId: string): Config {
  const existing = configs.get(walletConnectProjectId);
  if (existing) return existing;
  const connectors: CreateConnectorFn[] = [
    injected({ shimDisconnect: true, unstable_shimAsyncInject: AUTHORIZATION_WAIT_MS }),
  ];
  if (walletConnectProjectId) {
    const provider = walletConnectProvider(walletConnectProjectId);
    connectors.push(
      injected({
        shimDisconnect: true,
        target: { id: WALLETCONNECT_ID, name: 'WalletConnect', provider: provider as never },
      }),
    );
  }
  const config = createConfig({
    chains: walletChains,
    connectors,
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage: window.localStorage, key: 'wagmi' }),
    transports: Object.fromEntries(walletChains.map((c) => [c.id, http()])),
  });
  configs.set(walletConnectProjectId, config);
  return config;
}
