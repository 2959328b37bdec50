import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, Link2, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useConnection, useSignMessage } from 'wagmi';
import { errorMessage } from '../../../api/client';
import { useLinkedWallets, useLinkWallet, useUnlinkWallet } from '../../../api/web3';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { serverText } from '../../../i18n/errors/server-texts';
import { shortHex } from '../../../lib/web3-labels';
import { walletErrorText } from './wallet/errors';

/** Whether the connected address is linked to the member; the card to link it by signing. */
export function useIsLinked() {
  const { address } = useConnection();
  const wallets = useLinkedWallets();
  const linked = !!address && !!wallets.data?.wallets.some((w) => w.address === address.toLowerCase());
  return { linked, wallets };
}

export function LinkCard() {
  const { t, i18n } = useLingui();
  const { address, status } = useConnection();
  const { linked, wallets } = useIsLinked();
  const sign = useSignMessage();
  const link = useLinkWallet();
  const unlink = useUnlinkWallet();

  const start = () => {
    if (!address) return;
    link.mutate(
      { address, sign: (message) => sign.mutateAsync({ message }) },
      { onSuccess: (res) => toast.success(serverText(res.message)) },
    );
  };
  // a refusal in the wallet reads as the wallet's words; a refusal by the server as the server's
  const short = shortHex(address ?? '');
  const failure = link.error
    ? sign.error
      ? walletErrorText(i18n, sign.error)
      : errorMessage(link.error)
    : null;

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Link2 className="size-4" aria-hidden="true" /> <Trans>2. Prove the wallet is yours</Trans>
        </span>
      }
    >
      <div className="flex flex-col gap-3">
        {status !== 'connected' || !address ? (
          <p className="text-sm text-muted">
            <Trans>Connect a wallet first.</Trans>
          </p>
        ) : linked ? (
          <p className="flex items-center gap-2 text-sm text-fg" data-testid="wallet-linked">
            <BadgeCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            <Trans>This wallet is linked to your account.</Trans>
          </p>
        ) : (
          <>
            <p className="text-sm text-muted">
              <Trans>
                Deposits are credited only from wallets linked to your account. Sign a short message in your
                wallet to prove{' '}
                <span dir="ltr" className="font-mono">
                  {short}
                </span>{' '}
                is yours: it is free and sends no transaction.
              </Trans>
            </p>
            <Button onClick={start} busy={link.isPending} className="self-start">
              <Trans>Link this wallet</Trans>
            </Button>
          </>
        )}
        {failure && <Banner tone="error">{failure}</Banner>}
        {wallets.error && <Banner tone="error">{errorMessage(wallets.error)}</Banner>}
        {!!wallets.data?.wallets.length && (
          <div className="border-t border-line pt-3">
            <p className="mb-2 text-sm text-muted">
              <Trans>Your linked wallets</Trans>
            </p>
            <ul className="flex flex-col gap-1.5" aria-label={t`Linked wallets`}>
              {wallets.data.wallets.map((w) => (
                <li key={w.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="flex min-w-0 items-center gap-2">
                    <span dir="ltr" className="truncate font-mono text-fg" title={w.address}>
                      {shortHex(w.address, 8, 6)}
                    </span>
                    {w.address === address?.toLowerCase() && (
                      <Badge tone="accent">{t({ message: 'Connected', context: 'wallet' })}</Badge>
                    )}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="px-2"
                    aria-label={t`Unlink wallet ${w.address}`}
                    disabled={unlink.isPending}
                    onClick={() =>
                      unlink.mutate(w.id, {
                        onSuccess: (res) => toast.success(serverText(res.message)),
                        onError: (e) => toast.error(errorMessage(e)),
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}
