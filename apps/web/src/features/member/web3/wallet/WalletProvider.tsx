import type { ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import { walletConfig } from './wagmi-config';

/** wagmi for the wallet page; it reconnects the persisted connections on mount (spec 4). */
export function WalletProvider({
  walletConnectProjectId,
  children,
}: {
  walletConnectProjectId: string;
  children: ReactNode;
}) {
  return (
    <WagmiProvider config={walletConfig(walletConnectProjectId)} reconnectOnMount>
      {children}
    </WagmiProvider>
  );
}
