import type { Web3Overview } from '@app/contracts/web3';
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
  return (
    <Card title={`${a.chain_name} · ${a.token_symbol} (BEP20) deposit address`}>
      <div className="flex flex-col gap-3">
        <div className="flex min-w-0 items-center gap-1">
          <span className="truncate font-mono text-sm text-fg" data-testid="platform-address">
            {a.address}
          </span>
          <CopyButton value={a.address} label="Address" />
          {url && (
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="text-accent-text"
              aria-label="Open the address on the explorer"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          )}
        </div>
        {a.error ? (
          <div className="flex flex-col gap-2" data-testid="rpc-error">
            <Banner tone="error">Balances could not be read. {a.error}</Banner>
            <Button variant="secondary" className="self-start" onClick={onRetry} busy={retrying}>
              <RefreshCw className="size-4" aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : (
          <SummaryList
            rows={[
              {
                label: `${a.token_symbol} balance`,
                value: <Balance value={a.token_balance} symbol={a.token_symbol} testId="token-balance" />,
                strong: true,
              },
              {
                label: `${a.native_symbol} (network fees)`,
                value: <Balance value={a.native_balance} symbol={a.native_symbol} testId="native-balance" />,
              },
              { label: 'Read at block', value: a.block_number?.toLocaleString('en-US') ?? '—' },
              {
                label: 'Token contract',
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

  return (
    <div className="flex flex-col gap-6">
      <title>Crypto wallet · EarnHub admin</title>
      <PageHeader
        title="Crypto wallet"
        description="The platform's deposit addresses, their balances read on chain, and the latest wallet deposits."
        actions={
          <Button variant="secondary" onClick={() => overview.refetch()} busy={overview.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" /> Refresh
          </Button>
        }
      />
      {overview.error && <Banner tone="error">{errorMessage(overview.error)}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Credited"
          value={data ? <Money value={data.totals.credited_amount} /> : '…'}
          caption="All wallet deposits"
        />
        <StatCard title="Deposits credited" value={data?.totals.credited_count ?? '…'} />
        <StatCard
          title="Confirming"
          value={data?.totals.confirming_count ?? '…'}
          caption="Credited once confirmed"
        />
        <StatCard
          title="Confirmations required"
          value={data?.confirmations ?? '…'}
          caption="Blocks, the deposit's own included"
        />
      </div>
      {data && data.addresses.length === 0 && (
        <Card title="No deposit address">
          <p className="text-sm text-muted">
            Wallet deposits are off: no platform address is configured. Set <code>DEPOSIT_ADDRESS_BEP20</code>{' '}
            (and <code>CHAIN_RPC_56</code> for your own RPC) and restart the server.
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
            Recent wallet deposits
          </h2>
          <Link to="/admin/deposits" className="text-sm text-accent-text hover:underline">
            All deposits
          </Link>
        </div>
        <Table
          caption="Recent wallet deposits"
          columns={web3DepositColumns({ member: true })}
          rows={data?.recent}
          rowKey={(d) => d.id}
          loading={overview.isPending}
          empty="No wallet deposits yet. They appear here as soon as a member's transfer is verified on chain."
        />
      </section>
    </div>
  );
}
