import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api/client';
import { useHotWallet } from '../../../api/withdrawals';
import { Banner } from '../../../components/ui/Banner';
import { Bar } from '../../../components/ui/Bar';
import { Card } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Money } from '../../../components/ui/Money';

/** The hot wallet that pays BEP20 withdrawals on chain: what it holds, its limits, today's payouts. */
export function HotWalletPanel() {
  const { t } = useLingui();
  const wallet = useHotWallet();
  const w = wallet.data;
  if (wallet.error) return <Banner tone="error">{errorMessage(wallet.error)}</Banner>;
  if (!w) return null;
  const confirmations = w.confirmations;
  const fourEyes = (
    <Trans>
      Withdrawals paying more than <Money value={w.four_eyes_above} /> need two finance admins: one signs it
      off, then another pays it.
    </Trans>
  );
  if (!w.configured) {
    return (
      <Card title={t`On-chain payouts are off`}>
        <p className="text-sm text-muted">
          <Trans>
            No hot wallet is configured, so withdrawals are paid by hand: send the net amount, then approve
            with the transaction hash. To pay BEP20 withdrawals from here, set PAYOUT_KEYSTORE and
            PAYOUT_KEYSTORE_PASSWORD (or PAYOUT_PRIVATE_KEY) and restart the server.
          </Trans>{' '}
          {fourEyes}
        </p>
      </Card>
    );
  }
  return (
    <Card title={t`Hot wallet · BNB Smart Chain`} className="flex flex-col gap-4">
      <div className="flex min-w-0 items-center gap-1 text-sm">
        <span
          className="truncate font-mono text-muted"
          title={w.address ?? ''}
          data-testid="hot-wallet-address"
        >
          {w.address}
        </span>
        <CopyButton value={w.address ?? ''} label={t`Hot wallet address`} />
      </div>
      {w.balance_error && <Banner tone="error">{w.balance_error}</Banner>}
      <dl className="grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
        <div>
          <dt className="text-muted">
            <Trans>USDT to pay with</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="hot-wallet-usdt">
            {w.usdt === null ? '—' : <Money value={w.usdt} />}
          </dd>
        </div>
        <div>
          <dt className="text-muted">
            <Trans>Gas</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums">
            {w.gas === null
              ? '—'
              : `${Number(w.gas).toLocaleString('en-US', { maximumFractionDigits: 6 })} ${w.gas_symbol}`}
          </dd>
        </div>
        <div>
          <dt className="text-muted">
            <Trans>Largest payout</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums">
            <Money value={w.per_payout_max} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">
            <Trans>Payouts on their way</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums">{w.in_flight}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1.5 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-muted">
            <Trans>Paid today (UTC)</Trans>
          </span>
          <span className="tabular-nums" data-testid="hot-wallet-today">
            <Trans>
              <Money value={w.paid_today} className="font-semibold" /> of <Money value={w.daily_max} />
            </Trans>
          </span>
        </div>
        <Bar value={w.paid_today} max={w.daily_max} label={t`Daily payout limit used`} />
      </div>
      <p className="text-xs text-muted">
        {fourEyes}{' '}
        <Trans>
          A payout counts as paid after {confirmations} confirmations; until then the request stays pending
          and cannot be rejected.
        </Trans>
      </p>
    </Card>
  );
}
