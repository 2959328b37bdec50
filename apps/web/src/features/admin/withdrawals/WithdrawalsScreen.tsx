import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUS,
  type Withdrawal,
  type WithdrawalKind,
} from '@app/contracts/withdrawals';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useApproveForPayment, useHotWallet, useWithdrawalList } from '../../../api/withdrawals';
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
import { HotWalletPanel } from './HotWalletPanel';
import { PayoutDialog } from './PayoutDialog';

type Status = (typeof WITHDRAWAL_STATUS)[number];

/** A payout transaction may still move money: nothing else may be decided on the request. */
const inFlight = (w: Withdrawal) => w.payout?.status === 'signed' || w.payout?.status === 'sent';

interface Actions {
  onDecide: (target: DecisionTarget) => void;
  onPay: (chosen: Withdrawal[]) => void;
  onApprove: (w: Withdrawal) => void;
  /** Payable from the hot wallet now (configured, BEP20, pending, nothing in flight). */
  payable: (w: Withdrawal) => boolean;
  selected: Set<number>;
  onSelect: (w: Withdrawal, on: boolean) => void;
}

function columns(a: Actions, showKind: boolean): Array<Column<Withdrawal>> {
  return [
    {
      key: 'select',
      header: <span className="sr-only">Choose for payout</span>,
      cell: (w) =>
        a.payable(w) ? (
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={a.selected.has(w.id)}
            onChange={(e) => a.onSelect(w, e.target.checked)}
            aria-label={`Choose withdrawal ${w.id} of ${w.username} for payout`}
          />
        ) : null,
    },
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
            <PayoutFacts w={w} />
            {!inFlight(w) && (
              <div className="flex flex-wrap gap-2">
                {a.payable(w) && (
                  <Button
                    size="sm"
                    onClick={() => a.onPay([w])}
                    aria-label={`Pay withdrawal ${w.id} of ${w.username} on chain`}
                  >
                    Pay on chain
                  </Button>
                )}
                {w.approvals_needed > 1 && w.approvals < w.approvals_needed && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => a.onApprove(w)}
                    aria-label={`Sign off withdrawal ${w.id} of ${w.username}`}
                  >
                    Sign off
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => a.onDecide({ w, decision: 'approved' })}
                  aria-label={`Approve withdrawal ${w.id} of ${w.username}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  className="text-red-700 dark:text-red-400"
                  onClick={() => a.onDecide({ w, decision: 'rejected' })}
                  aria-label={`Reject withdrawal ${w.id} of ${w.username}`}
                >
                  Reject
                </Button>
              </div>
            )}
          </div>
        ) : (
          <WithdrawalStatus w={w} />
        ),
    },
  ];
}

/** Four eyes and the on-chain payout of a pending request, in words. */
function PayoutFacts({ w }: { w: Withdrawal }) {
  return (
    <>
      {w.approvals_needed > 1 && (
        <span className="text-xs text-muted" data-testid={`approvals-${w.id}`}>
          Approvals {w.approvals} of {w.approvals_needed}
        </span>
      )}
      {w.payout && w.payout.status !== 'confirmed' && (
        <span className="flex max-w-56 flex-col text-xs">
          <span className={w.payout.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-muted'}>
            {PAYOUT_TEXT[w.payout.status]}
            {w.payout.error ? `: ${w.payout.error}` : ''}
          </span>
          <span className="truncate font-mono text-muted" title={w.payout.tx_hash}>
            {w.payout.tx_hash}
          </span>
        </span>
      )}
    </>
  );
}

const PAYOUT_TEXT = {
  signed: 'Payout signed, being sent',
  sent: 'Payout sent, waiting for confirmations',
  confirmed: 'Paid on chain',
  failed: 'Payout failed, nothing was paid',
} as const;

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
  const [paying, setPaying] = useState<Withdrawal[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const wallet = useHotWallet();
  const approve = useApproveForPayment();
  const data = list.data;
  const payable = (w: Withdrawal) =>
    wallet.data?.configured === true && w.status === 'pending' && w.network === 'BEP20' && !inFlight(w);
  const chosen = (data?.allwithdrawals ?? []).filter((w) => selected.has(w.id) && payable(w));
  const actions: Actions = {
    onDecide: setTarget,
    onPay: setPaying,
    onApprove: (w) =>
      approve.mutate(w.id, {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(errorMessage(error)),
      }),
    payable,
    selected,
    onSelect: (w, on) =>
      setSelected((before) => {
        const next = new Set(before);
        if (on) next.add(w.id);
        else next.delete(w.id);
        return next;
      }),
  };

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

      {!fixedKind && <HotWalletPanel />}

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}

      {chosen.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-accent/40 bg-accent/5 px-4 py-3 text-sm">
          <span>
            {chosen.length} chosen · <Money value={chosen.reduce((sum, w) => sum + w.net, 0)} /> net
          </span>
          <Button size="sm" onClick={() => setPaying(chosen)}>
            Pay {chosen.length} on chain
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      )}

      <Table
        caption={title}
        columns={columns(actions, !fixedKind)}
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
      <PayoutDialog
        chosen={paying}
        onClose={() => {
          setPaying(null);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
