import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUS,
  type Withdrawal,
  type WithdrawalKind,
} from '@app/contracts/withdrawals';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useWithdrawalList } from '../../../api/withdrawals';
import { WithdrawalStatus } from '../../../components/money/WithdrawalStatus';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { StatCard } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { formatCount } from '../../../lib/format';
import { formatPercent } from '../../../lib/money';
import { DECISION_LABEL, WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { DecisionDialog, type DecisionTarget } from './DecisionDialogs';

type Status = (typeof WITHDRAWAL_STATUS)[number];

function columns(onDecide: (target: DecisionTarget) => void, showKind: boolean): Array<Column<Withdrawal>> {
  return [
    { key: 'date', header: 'Requested', cell: (w) => <When iso={w.created_at} stacked /> },
    {
      key: 'member',
      header: 'Member',
      cell: (w) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/check/profile/${w.user_id}`}
            className="font-medium text-accent-text hover:underline"
          >
            {w.username}
          </Link>
          {showKind && <span className="text-xs text-muted">{WITHDRAWAL_KIND_LABEL[w.kind].text}</span>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (w) => (
        <span className="flex flex-col items-end">
          <Money value={w.amount} />
          <span className="text-xs whitespace-nowrap text-muted">
            fee <Money value={w.fee} /> ({formatPercent(w.fee_percent)})
          </span>
        </span>
      ),
    },
    {
      key: 'net',
      header: 'Net',
      className: 'text-right',
      cell: (w) => <Money value={w.net} className="font-medium" />,
    },
    {
      key: 'address',
      header: 'Pay to',
      cell: (w) => (
        <span className="flex items-center gap-1">
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium">{w.network}</span>
            <span className="max-w-28 truncate font-mono text-xs text-muted" title={w.address}>
              {w.address}
            </span>
          </span>
          <CopyButton value={w.address} label="Address" />
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (w) =>
        w.status === 'pending' ? (
          <div className="flex flex-col items-start gap-2">
            <WithdrawalStatus w={w} />
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() => onDecide({ w, decision: 'approved' })}
                aria-label={`Approve withdrawal ${w.id} of ${w.username}`}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                className="text-red-700 dark:text-red-400"
                onClick={() => onDecide({ w, decision: 'rejected' })}
                aria-label={`Reject withdrawal ${w.id} of ${w.username}`}
              >
                Reject
              </Button>
            </div>
          </div>
        ) : (
          <WithdrawalStatus w={w} />
        ),
    },
  ];
}

interface Props {
  title: string;
  description: string;
  /** Pins the list to one kind (the ROI requests screen). */
  fixedKind?: WithdrawalKind;
}

/** Withdrawal requests for the back-office: filters, totals, approve with a hash, reject with a reason. */
export function WithdrawalsScreen({ title, description, fixedKind }: Props) {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const kind = fixedKind ?? oneOf('kind', WITHDRAWAL_KINDS);
  // Pending first: what needs a decision. "all" shows every status.
  const statusParam = params.get('status');
  const status: Status | undefined =
    statusParam === 'all' ? undefined : (oneOf('status', WITHDRAWAL_STATUS) ?? 'pending');

  const list = useWithdrawalList({ page, limit, kind, status }, 'admin');
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const data = list.data;

  return (
    <div className="flex flex-col gap-6">
      <title>{`${title} · EarnHub admin`}</title>
      <PageHeader title={title} description={description} />

      <div
        className={`grid grid-cols-2 gap-3 ${fixedKind ? 'sm:grid-cols-[12rem_8rem]' : 'sm:grid-cols-[12rem_12rem_8rem]'}`}
      >
        {!fixedKind && (
          <Select label="Kind" value={kind ?? ''} onChange={(e) => update({ kind: e.target.value, page: 1 })}>
            <option value="">All kinds</option>
            {WITHDRAWAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {WITHDRAWAL_KIND_LABEL[k].text}
              </option>
            ))}
          </Select>
        )}
        <Select
          label="Status"
          value={status ?? 'all'}
          onChange={(e) =>
            update({ status: e.target.value === 'pending' ? undefined : e.target.value, page: 1 })
          }
        >
          {WITHDRAWAL_STATUS.map((s) => (
            <option key={s} value={s}>
              {DECISION_LABEL[s].text}
            </option>
          ))}
          <option value="all">All statuses</option>
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          title="Requests"
          value={data ? <span data-testid="total-count">{formatCount(data.total)}</span> : '…'}
          caption="Matching these filters"
        />
        <StatCard
          title="Requested"
          value={
            data ? (
              <Money value={data.totals.amount} className="text-lg sm:text-2xl" testId="total-amount" />
            ) : (
              '…'
            )
          }
          caption="Gross amount"
        />
        <StatCard
          title="Fees"
          value={
            data ? <Money value={data.totals.fee} className="text-lg sm:text-2xl" testId="total-fee" /> : '…'
          }
          caption={
            status === 'approved'
              ? 'Kept by the platform'
              : status === 'pending'
                ? 'Kept once approved'
                : status === 'rejected'
                  ? 'Not charged'
                  : 'On these requests'
          }
        />
        <StatCard
          title="Net"
          value={
            data ? <Money value={data.totals.net} className="text-lg sm:text-2xl" testId="total-net" /> : '…'
          }
          caption={
            status === 'pending'
              ? 'Still to send'
              : status === 'approved'
                ? 'Sent to members'
                : status === 'rejected'
                  ? 'Not sent'
                  : 'Sent, to send or not sent'
          }
        />
      </div>

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}

      <Table
        caption={title}
        columns={columns(setTarget, !fixedKind)}
        rows={data?.allwithdrawals}
        rowKey={(w) => w.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          status === 'pending'
            ? 'Nothing waiting for a decision. New requests appear here as members make them.'
            : 'No request matches these filters. Try another status or kind.'
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          noun={['request', 'requests']}
        />
      )}

      <DecisionDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
