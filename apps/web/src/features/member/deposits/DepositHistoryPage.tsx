import { DEPOSIT_FALLBACK, type DepositHistoryItem } from '@app/contracts/deposits';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useDepositHistory } from '../../../api/deposits';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { DEPOSIT_CHANNEL_LABEL, DEPOSIT_HISTORY_LABEL } from '../../../lib/money-labels';
import { useMemberMoney } from '../money/useMemberMoney';
import { RedeemCodeCard } from './RedeemCodeCard';

const LIMIT = 10;

const COLUMNS: Array<Column<DepositHistoryItem>> = [
  { key: 'date', header: 'Date', cell: (d) => <When iso={d.created_at} stacked /> },
  { key: 'channel', header: 'Channel', cell: (d) => DEPOSIT_CHANNEL_LABEL[d.channel] },
  { key: 'amount', header: 'Amount', className: 'text-right', cell: (d) => <Money value={d.amount} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <Badge tone={DEPOSIT_HISTORY_LABEL[d.status].tone}>{DEPOSIT_HISTORY_LABEL[d.status].text}</Badge>
    ),
  },
  { key: 'credited', header: 'Credited', cell: (d) => <When iso={d.credited_at} stacked /> },
  {
    key: 'detail',
    header: 'Details',
    cell: (d) =>
      d.channel === 'crypto' && d.ref ? (
        <Link className="text-accent-text underline" to={`/user/payment/${d.ref}`}>
          {d.detail}
        </Link>
      ) : (
        <span className="text-muted">{d.detail || '—'}</span>
      ),
  },
];

/**
 * Every way money came in (GET /deposite/history): a deposit an admin recorded, a crypto payment, a
 * wallet deposit, a code redeemed. Newest first; "Show older" pages back with the server's cursor.
 */
export default function DepositHistoryPage() {
  const { user, fund } = useMemberMoney();
  const history = useDepositHistory(LIMIT);
  const rows = history.data?.pages.flatMap((p) => p.deposits);

  return (
    <div className="flex flex-col gap-6">
      <title>Deposit history · EarnHub</title>
      <PageHeader
        title="Deposit history"
        description="Every way money came into your fund wallet: crypto payments, wallet deposits, deposits an admin recorded and codes you redeemed."
      />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <RedeemCodeCard />
        <Card title="Fund wallet">
          <p className="text-3xl font-semibold text-fg">
            {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
          </p>
          <p className="mt-2 text-sm text-muted">Deposits, codes and transfers you receive land here.</p>
        </Card>
      </div>

      <section aria-labelledby="deposit-list" className="flex flex-col gap-3">
        <h2 id="deposit-list" className="text-lg font-semibold text-fg">
          Deposits
        </h2>
        {history.error && <Banner tone="error">{errorMessage(history.error, DEPOSIT_FALLBACK)}</Banner>}
        <Table
          caption="Your deposits"
          columns={COLUMNS}
          rows={rows}
          rowKey={(d) => d.key}
          loading={history.isPending}
          minWidth="min-w-[760px]"
          empty={
            <>
              No deposits yet.{' '}
              <Link to="/user/deposit" className="text-accent-text underline">
                Deposit
              </Link>{' '}
              by crypto or from your wallet, or redeem a code above.
            </>
          }
        />
        {history.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              busy={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              Show older deposits
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
