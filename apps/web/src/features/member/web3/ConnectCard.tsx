import { CHAINS, WALLET_MSG } from '@app/contracts/web3';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plug, QrCode, Unplug, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type Connector,
  useConnect,
  useConnection,
  useConnections,
  useConnectors,
  useDisconnect,
  useSwitchChain,
  useSwitchConnection,
} from 'wagmi';
import { LazyQrCode } from '../../../components/qr/LazyQrCode';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Select } from '../../../components/ui/Input';
import { shortHex } from '../../../lib/web3-labels';
import { chainName } from './chain-name';
import { walletErrorMessage, walletWords } from './wallet/errors';
import { WALLETCONNECT_ID } from './wallet/wagmi-config';
import { onPairingUri } from './wallet/walletconnect';

const STATUS: Record<string, { text: MessageDescriptor; tone: Tone }> = {
  connected: { text: msg({ message: 'Connected', context: 'wallet' }), tone: 'green' },
  connecting: { text: msg`Connecting…`, tone: 'blue' },
  reconnecting: { text: msg`Reconnecting…`, tone: 'blue' },
  disconnected: { text: msg`Disconnected`, tone: 'neutral' },
};

/**
 * The wallets to offer: every EIP-6963 wallet by name; the generic injected one only when none
 * announced itself (it then names window.ethereum, or says "Provider not found"); WalletConnect last.
 */
const isQr = (c: Connector) => c.id === WALLETCONNECT_ID;

function offered(connectors: readonly Connector[]) {
  const announced = connectors.filter((c) => c.id !== 'injected' && !isQr(c));
  const generic = connectors.filter((c) => c.id === 'injected');
  return [...(announced.length ? announced : generic), ...connectors.filter(isQr)];
}

const label = (c: Connector, i18n: I18n) =>
  c.id === 'injected' ? i18n._(msg`Browser wallet`) : isQr(c) ? i18n._(msg`WalletConnect (QR code)`) : c.name;

/** The pairing link WalletConnect hands out while a QR session is being opened. */
function usePairingUri() {
  const [uri, setUri] = useState<string | null>(null);
  useEffect(
    () =>
      onPairingUri((next) => {
        setUri(next);
      }),
    [],
  );
  return [uri, setUri] as const;
}

export function ConnectCard() {
  const { t, i18n } = useLingui();
  const connection = useConnection();
  const connections = useConnections();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const switchConnection = useSwitchConnection();
  const [pairingUri, setPairingUri] = usePairingUri();
  const status = STATUS[connection.status] ?? STATUS.disconnected!;
  // the wallet being connected (its button shows the spinner)
  const pending = connect.isPending ? (connect.variables?.connector as Connector | undefined) : undefined;
  const error = connect.error ?? switchChain.error ?? disconnect.error;

  useEffect(() => {
    if (connection.status === 'connected') setPairingUri(null);
  }, [connection.status, setPairingUri]);

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Wallet className="size-4" aria-hidden="true" /> <Trans>1. Wallet</Trans>
        </span>
      }
      action={
        <span data-testid="wallet-status">
          <Badge tone={status.tone}>{i18n._(status.text)}</Badge>
        </span>
      }
    >
      {connection.status === 'connected' && connection.address ? (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">
              <Trans>Wallet</Trans>
            </dt>
            <dd className="text-fg">{connection.connector?.name ?? '—'}</dd>
            <dt className="text-muted">
              <Trans>Address</Trans>
            </dt>
            <dd className="flex min-w-0 items-center gap-1">
              <span
                dir="ltr"
                className="truncate font-mono text-fg"
                title={connection.address}
                data-testid="wallet-address"
              >
                {shortHex(connection.address, 8, 6)}
              </span>
              <CopyButton value={connection.address} label={t`Address`} />
            </dd>
            <dt className="text-muted">
              <Trans>Network</Trans>
            </dt>
            <dd className="text-fg" data-testid="wallet-network">
              {chainName(i18n, connection.chainId)}
            </dd>
          </dl>
          <div className="flex flex-wrap items-end gap-3">
            <Select
              label={t`Switch network`}
              className="w-full sm:w-56"
              value={
                connection.chainId && CHAINS.some((c) => c.id === connection.chainId)
                  ? connection.chainId
                  : ''
              }
              disabled={switchChain.isPending}
              onChange={(e) => e.target.value && switchChain.mutate({ chainId: Number(e.target.value) })}
            >
              {!CHAINS.some((c) => c.id === connection.chainId) && (
                <option value="">{t`Unsupported network`}</option>
              )}
              {CHAINS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            <Button
              variant="secondary"
              onClick={() => disconnect.mutate({ connector: connection.connector })}
              busy={disconnect.isPending}
            >
              <Unplug className="size-4" aria-hidden="true" /> <Trans>Disconnect</Trans>
            </Button>
          </div>
          {connections.length > 1 && (
            <div className="flex flex-col gap-2 border-t border-line pt-3">
              <p className="text-sm text-muted">
                <Trans>Other connected wallets</Trans>
              </p>
              {connections
                .filter((c) => c.connector.uid !== connection.connector?.uid)
                .map((c) => (
                  <div
                    key={c.connector.uid}
                    className="flex flex-wrap items-center justify-between gap-2 text-sm"
                  >
                    <span className="text-fg">
                      {c.connector.name} ·{' '}
                      <span dir="ltr" className="font-mono">
                        {shortHex(c.accounts[0] ?? '')}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => switchConnection.mutate({ connector: c.connector })}
                    >
                      <Trans>Use this wallet</Trans>
                    </Button>
                  </div>
                ))}
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            <Trans>
              Connect the wallet you will send USDT from. Your wallet asks you to approve; nothing is sent
              yet.
            </Trans>
          </p>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label={t`Wallets`}>
            {offered(connectors).map((c) => (
              <li key={c.uid}>
                <Button
                  variant="secondary"
                  className="w-full justify-start"
                  busy={pending?.uid === c.uid}
                  disabled={connect.isPending}
                  onClick={() => {
                    setPairingUri(null);
                    connect.mutate({ connector: c });
                  }}
                >
                  {c.icon ? (
                    <img src={c.icon} alt="" className="size-5 rounded" />
                  ) : isQr(c) ? (
                    <QrCode className="size-4" aria-hidden="true" />
                  ) : (
                    <Plug className="size-4" aria-hidden="true" />
                  )}
                  {label(c, i18n)}
                </Button>
              </li>
            ))}
          </ul>
          {pairingUri && connect.isPending && (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-line p-4">
              <LazyQrCode value={pairingUri} size={220} title={t`WalletConnect pairing code`} />
              <p className="text-center text-sm text-muted">
                <Trans>Scan with your phone wallet to connect.</Trans>
              </p>
              <CopyButton value={pairingUri} label={t`Pairing link`} />
            </div>
          )}
        </div>
      )}
      {error && (
        <div className="mt-3 flex flex-col gap-1" data-testid="wallet-error">
          <Banner tone="error">{walletWords(i18n, walletErrorMessage(error))}</Banner>
          {walletErrorMessage(error) === WALLET_MSG.providerNotFound && (
            <p className="text-sm text-muted">
              {connectors.some(isQr) ? (
                <Trans>
                  No browser wallet answered on this page. Install or unlock one (such as MetaMask), then
                  reload, or connect with WalletConnect.
                </Trans>
              ) : (
                <Trans>
                  No browser wallet answered on this page. Install or unlock one (such as MetaMask), then
                  reload.
                </Trans>
              )}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
