import type { Web3Overview } from '@app/contracts/web3';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useWeb3Overview } from '../../../api/web3';
import { web3DepositColumns } from '../../../components/money/Web3DepositColumns';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SummaryList } from '../../../components/ui/SummaryList';
import { Table } from '../../../components/ui/Table';
import { explorerAddressUrl } from '../../../lib/web3-labels';

type PlatformAddress = Web3Overview['addresses'][number];

/** An on-chain balance (exact decimal string): grouped, up to 6 decimals on screen, exact in the title. */
function Balance({ value, symbol, testId }: { value: string | null; symbol: string; testId: string }) {
  if (value === null) return <span className="text-muted">—</span>;
  const [whole, frac = ''] = value.split('.');
  const shown = `${BigInt(whole!).toLocaleString('en-US')}${frac ? `.${frac.slice(0, 6)}` : ''}`;
  return (
    <span className="tabular-nums" title={`${value} ${symbol}`} data-testid={testId}>
      {shown} {symbol}
    </span>
  );
}

function AddressCard({
  a,
  onRetry,
  retrying,
}: {
  a: PlatformAddress;
  onRetry: () => void;
  retrying: boolean;
}) {
  const url = explorerAddressUrl(a.chain_id, a.address);
  const { t } = useLingui();
  const { chain_name: chain, token_symbol: token, native_symbol: native, error } = a;
  return (
    <Card title={t`${chain} · ${token} (BEP20) deposit address`}>
      <div className="flex flex-col gap-3">
        <div className="flex min-w-0 items-center gap-1">
          <span className="truncate font-mono text-sm text-fg" data-testid="platform-address">
            {a.address}
          </span>
          <CopyButton value={a.address} label={t`Address`} />
          {url && (
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="text-accent-text"
              aria-label={t`Open the address on the explorer`}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          )}
        </div>
        {error ? (
          <div className="flex flex-col gap-2" data-testid="rpc-error">
            <Banner tone="error">
              <Trans>Balances could not be read. {error}</Trans>
            </Banner>
            <Button variant="secondary" className="self-start" onClick={onRetry} busy={retrying}>
              <RefreshCw className="size-4" aria-hidden="true" /> <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <SummaryList
            rows={[
              {
                label: t`${token} balance`,
                value: <Balance value={a.token_balance} symbol={a.token_symbol} testId="token-balance" />,
                strong: true,
              },
              {
                label: t`${native} (network fees)`,
                value: <Balance value={a.native_balance} symbol={a.native_symbol} testId="native-balance" />,
              },
              { label: t`Read at block`, value: a.block_number?.toLocaleString('en-US') ?? '—' },
              {
                label: t`Token contract`,
                value: <span className="font-mono text-xs">{a.token_address}</span>,
              },
            ]}
          />
        )}
      </div>
    </Card>
  );
}

/** /admin/web3: the platform's deposit addresses with their on-chain balances, and recent deposits. */
export default function AdminWeb3Page() {
  const overview = useWeb3Overview();
  const data = overview.data;
  const { t } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Crypto wallet · EarnHub admin`}</title>
      <PageHeader
        title={t`Crypto wallet`}
        description={t`The platform's deposit addresses, their balances read on chain, and the latest wallet deposits.`}
        actions={
          <Button variant="secondary" onClick={() => overview.refetch()} busy={overview.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" /> <Trans>Refresh</Trans>
          </Button>
        }
      />
      {overview.error && <Banner tone="error">{errorMessage(overview.error)}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title={t`Credited`}
          value={data ? <Money value={data.totals.credited_amount} /> : '…'}
          caption={t`All wallet deposits`}
        />
        <StatCard title={t`Deposits credited`} value={data?.totals.credited_count ?? '…'} />
        <StatCard
          title={t`Confirming`}
          value={data?.totals.confirming_count ?? '…'}
          caption={t`Credited once confirmed`}
        />
        <StatCard
          title={t`Confirmations required`}
          value={data?.confirmations ?? '…'}
          caption={t`Blocks, the deposit's own included`}
        />
      </div>
      {data && data.addresses.length === 0 && (
        <Card title={t`No deposit address`}>
          <p className="text-sm text-muted">
            <Trans>
              Wallet deposits are off: no platform address is configured. Set{' '}
              <code>DEPOSIT_ADDRESS_BEP20</code> (and <code>CHAIN_RPC_56</code> for your own RPC) and restart
              the server.
            </Trans>
          </p>
        </Card>
      )}
      {data?.addresses.map((a) => (
        <AddressCard
          key={`${a.chain_id}:${a.address}`}
          a={a}
          onRetry={() => overview.refetch()}
          retrying={overview.isFetching}
        />
      ))}
      <section aria-labelledby="recent-wallet-deposits" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-wallet-deposits" className="text-lg font-semibold text-fg">
            <Trans>Recent wallet deposits</Trans>
          </h2>
          <Link to="/admin/deposits" className="text-sm text-accent-text hover:underline">
            <Trans>All deposits</Trans>
          </Link>
        </div>
        <Table
          caption={t`Recent wallet deposits`}
          columns={web3DepositColumns({ member: true })}
          rows={data?.recent}
          rowKey={(d) => d.id}
          loading={overview.isPending}
          empty={t`No wallet deposits yet. They appear here as soon as a member's transfer is verified on chain.`}
        />
      </section>
    </div>
  );
}
