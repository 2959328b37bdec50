/**
 * QR pairing (WalletConnect v2) as an EIP-1193 provider for wagmi's injected connector, over
 * @walletconnect/universal-provider. wagmi's own walletConnect connector goes through
 * @walletconnect/ethereum-provider, whose bundled modal (@reown/appkit) makes the bundler split the
 * app's entry chunk and pushes the public pages past their JS budget (UI.md); the page draws the
 * pairing QR itself, so the modal is not needed. The SDK is fetched only when the member picks
 * WalletConnect, or on a visit that has a stored session to restore.
 *
 * A pairing session is opened with the project id and the four chains as optional chains (spec 7).
 */
import { CHAINS, WALLET_MSG } from '@app/contracts/web3';
import type UniversalProvider from '@walletconnect/universal-provider';

type Listener = (arg: unknown) => void;

const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
];
const EVENTS = ['chainChanged', 'accountsChanged'];
const STORED_SESSION_HINT = 'wc@2:client:';

const hex = (n: number) => `0x${n.toString(16)}`;
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** Pairing links as they are handed out, for the page to draw as a QR code. */
const uriListeners = new Set<(uri: string) => void>();
export function onPairingUri(listener: (uri: string) => void): () => void {
  uriListeners.add(listener);
  return () => {
    uriListeners.delete(listener);
  };
}

export function walletConnectProvider(projectId: string) {
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, arg: unknown) => {
    for (const l of listeners.get(event) ?? []) l(arg);
  };
  let universal: Promise<UniversalProvider> | null = null;
  let chainId: number = CHAINS.find((c) => c.id === 56)!.id;

  const accountsOf = (p: UniversalProvider) => [
    ...new Set((p.session?.namespaces.eip155?.accounts ?? []).map((a) => a.split(':')[2]!)),
  ];
  const approvedChains = (p: UniversalProvider) =>
    new Set((p.session?.namespaces.eip155?.accounts ?? []).map((a) => Number(a.split(':')[1])));

  function load() {
    universal ??= import('@walletconnect/universal-provider').then(async ({ UniversalProvider: UP }) => {
      const p = await UP.init({
        projectId,
        metadata: {
          name: 'EarnHub',
          description: 'EarnHub wallet deposits',
          url: window.location.origin,
          icons: [],
        },
      });
      p.on('display_uri', (uri: string) => {
        for (const l of uriListeners) l(uri);
      });
      p.on('session_event', (payload: { params: { event: { name: string; data: unknown } } }) => {
        const { name, data } = payload.params.event;
        if (name === 'accountsChanged') emit('accountsChanged', accountsOf(p));
        else if (name === 'chainChanged') setChain(p, Number(data));
      });
      p.on('session_delete', () => {
        emit('accountsChanged', []);
        emit('disconnect', rpcError(4900, 'The wallet ended the session'));
      });
      const first = [...approvedChains(p)][0];
      if (first) chainId = first;
      return p;
    });
    return universal;
  }

  function setChain(p: UniversalProvider, id: number) {
    chainId = id;
    p.setDefaultChain(`eip155:${id}`);
    emit('chainChanged', hex(id));
  }

  async function pair(p: UniversalProvider) {
    try {
      await p.connect({
        optionalNamespaces: {
          eip155: {
            chains: CHAINS.map((c) => `eip155:${c.id}`),
            methods: METHODS,
            events: EVENTS,
            rpcMap: Object.fromEntries(CHAINS.map((c) => [c.id, c.rpcUrl])),
          },
        },
      });
    } catch (error) {
      // a refused or reset pairing request reads as a rejection (spec 8)
      throw rpcError(4001, `${WALLET_MSG.userRejected}: ${(error as Error).message}`);
    }
    const first = [...approvedChains(p)][0];
    if (first) chainId = first;
    return accountsOf(p);
  }

  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      // a visit without a stored session need not load the SDK to learn it has no accounts
      if (!universal && (method === 'eth_accounts' || method === 'eth_chainId')) {
        const stored = Object.keys(window.localStorage).some((k) => k.startsWith(STORED_SESSION_HINT));
        if (!stored) return method === 'eth_accounts' ? [] : hex(chainId);
      }
      const p = await load();
      switch (method) {
        case 'wallet_requestPermissions':
          // not offered over WalletConnect: wagmi then asks for accounts
          throw rpcError(4200, 'Unsupported method');
        case 'eth_requestAccounts':
          return p.session ? accountsOf(p) : pair(p);
        case 'eth_accounts':
          return p.session ? accountsOf(p) : [];
        case 'eth_chainId':
          return hex(chainId);
        case 'wallet_switchEthereumChain': {
          const [target] = (params ?? []) as Array<{ chainId: string }>;
          if (!target) throw rpcError(-32602, 'A chain id is required');
          const id = Number(target.chainId);
          if (!approvedChains(p).has(id))
            await p.request({ method, params: params ?? [] }, `eip155:${chainId}`);
          setChain(p, id);
          return null;
        }
        case 'wallet_revokePermissions':
          try {
            await p.disconnect();
          } catch (error) {
            // a pairing already gone has no key left to disconnect (spec 8: ignored)
            if (!/no matching key/i.test((error as Error).message)) throw error;
          }
          return null;
        default:
          return p.request({ method, params: params ?? [] }, `eip155:${chainId}`);
      }
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
  return provider;
}
