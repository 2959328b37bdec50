import { DEPOSIT_FALLBACK, DEPOSIT_STATUS, type Deposit } from '@app/contracts/deposits';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useDepositList } from '../../../api/deposits';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { DECISION_LABEL } from '../../../lib/money-labels';
import { useMemberMoney } from '../money/useMemberMoney';
import { RedeemCodeCard } from './RedeemCodeCard';

const LIMIT = 10;
type Status = (typeof DEPOSIT_STATUS)[number];

const COLUMNS: Array<Column<Deposit>> = [
  { key: 'date', header: 'Date', cell: (d) => <When iso={d.created_at} stacked /> },
  { key: 'amount', header: 'Amount', className: 'text-right', cell: (d) => <Money value={d.amount} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => <Badge tone={DECISION_LABEL[d.status].tone}>{DECISION_LABEL[d.status].text}</Badge>,
  },
  { key: 'decided', header: 'Decided', cell: (d) => <When iso={d.decided_at} stacked /> },
  {
    key: 'note',
    header: 'Note',
    cell: (d) =>
      d.note ? <span className="text-muted">{d.note}</span> : <span className="text-muted">—</span>,
  },
];

export default function DepositHistoryPage() {
  const { user, fund } = useMemberMoney();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | undefined>();
  const list = useDepositList({ page, limit: LIMIT, status }, 'member');
  const data = list.data;

  return (
    <div className="flex flex-col gap-6">
      <title>Deposit history · EarnHub</title>
      <PageHeader
        title="Deposit history"
        description="Deposits recorded for you, and codes you redeem. An approved deposit is in your fund wallet."
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
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="deposit-list" className="text-lg font-semibold text-fg">
            Deposits
          </h2>
          <Select
            label="Status"
            className="w-full sm:w-48"
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || undefined) as Status | undefined);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {DEPOSIT_STATUS.map((s) => (
              <option key={s} value={s}>
                {DECISION_LABEL[s].text}
              </option>
            ))}
          </Select>
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error, DEPOSIT_FALLBACK)}</Banner>}
        <Table
          caption="Your deposits"
          columns={COLUMNS}
          rows={data?.alldeposite}
          rowKey={(d) => d.id}
          loading={list.isPending}
          empty={
            status
              ? 'No deposit with this status. Choose "All statuses" to see every deposit.'
              : 'No deposits yet. Deposits an admin records for you appear here; a code you redeem goes straight to your fund wallet.'
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={setPage}
            noun={['deposit', 'deposits']}
          />
        )}
      </section>
    </div>
  );
}
