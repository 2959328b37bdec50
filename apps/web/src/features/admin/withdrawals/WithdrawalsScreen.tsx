import { WITHDRAWAL_FILTER_WORDS } from '@app/contracts/withdrawal-words';
import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUS,
  type Withdrawal,
  type WithdrawalKind,
} from '@app/contracts/withdrawals';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAdminMay } from '../../../api/admin-me';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useApproveForPayment, useHotWallet, useWithdrawalList } from '../../../api/withdrawals';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { StatCard } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { Table } from '../../../components/ui/Table';
import { formatCount } from '../../../lib/format';
import { WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { DecisionDialog, type DecisionTarget } from './DecisionDialogs';
import { fourEyesOf, payBlockedReason } from './FourEyes';
import { HotWalletPanel } from './HotWalletPanel';
import { PayoutDialog } from './PayoutDialog';
import { WithdrawalCard } from './WithdrawalCards';
import { inFlight, type RowActions, withdrawalColumns } from './WithdrawalColumns';

type Status = (typeof WITHDRAWAL_STATUS)[number];

interface Props {
  title: string;
  description: string;
  /** Pins the list to one kind (the ROI requests screen). */
  fixedKind?: WithdrawalKind;
}

/** Withdrawal requests for the back-office: filters, totals, approve with a hash, reject with a reason. */
export function WithdrawalsScreen({ title, description, fixedKind }: Props) {
  const { t } = useLingui();
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
  const signOff = useApproveForPayment();
  const adminId = useAdmin()?.id;
  const mayDecide = useAdminMay('finance');
  const data = list.data;
  const walletOn = wallet.data?.configured === true;
  const payable = (w: Withdrawal) =>
    walletOn &&
    mayDecide &&
    w.status === 'pending' &&
    w.network === 'BEP20' &&
    !inFlight(w) &&
    payBlockedReason(fourEyesOf(w, adminId)) === null;
  const chosen = (data?.allwithdrawals ?? []).filter((w) => selected.has(w.id) && payable(w));
  const chosenCount = chosen.length;
  const chosenNet = chosen.reduce((sum, w) => sum + w.net, 0);
  const actions: RowActions = {
    onDecide: setTarget,
    onPay: setPaying,
    onSignOff: (w) =>
      signOff.mutate(w.id, {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(errorMessage(error)),
      }),
    walletOn,
    payable,
    adminId,
    mayDecide,
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
      <title>{t`${title} · EarnHub admin`}</title>
      <PageHeader title={title} description={description} />

      <div
        className={`grid grid-cols-2 gap-3 ${fixedKind ? 'sm:grid-cols-[12rem_8rem]' : 'sm:grid-cols-[12rem_12rem_8rem]'}`}
      >
        {!fixedKind && (
          <Select
            label={t`Kind`}
            value={kind ?? ''}
            onChange={(e) => update({ kind: e.target.value, page: 1 })}
          >
            <option value="">{t`All kinds`}</option>
            {WITHDRAWAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {WITHDRAWAL_KIND_LABEL[k].text}
              </option>
            ))}
          </Select>
        )}
        <Select
          label={t`Status`}
          value={status ?? 'all'}
          onChange={(e) =>
            update({ status: e.target.value === 'pending' ? undefined : e.target.value, page: 1 })
          }
        >
          {WITHDRAWAL_STATUS.map((s) => (
            <option key={s} value={s}>
              {WITHDRAWAL_FILTER_WORDS[s]}
            </option>
          ))}
          <option value="all">{t`All statuses`}</option>
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          title={t`Requests`}
          value={data ? <span data-testid="total-count">{formatCount(data.total)}</span> : '…'}
          caption={t`Matching these filters`}
        />
        <StatCard
          title={t`Requested`}
          value={
            data ? (
              <Money value={data.totals.amount} className="text-lg sm:text-2xl" testId="total-amount" />
            ) : (
              '…'
            )
          }
          caption={t`Gross amount`}
        />
        <StatCard
          title={t`Fees`}
          value={
            data ? <Money value={data.totals.fee} className="text-lg sm:text-2xl" testId="total-fee" /> : '…'
          }
          caption={
            status === 'approved'
              ? t`Kept by the platform`
              : status === 'pending'
                ? t`Kept once approved`
                : status === 'rejected'
                  ? t`Not charged`
                  : t`On these requests`
          }
        />
        <StatCard
          title={t`Net`}
          value={
            data ? <Money value={data.totals.net} className="text-lg sm:text-2xl" testId="total-net" /> : '…'
          }
          caption={
            status === 'pending'
              ? t`Still to send`
              : status === 'approved'
                ? t`Sent to members`
                : status === 'rejected'
                  ? t`Not sent`
                  : t`Sent, to send or not sent`
          }
        />
      </div>

      {!fixedKind && <HotWalletPanel />}

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}

      {chosen.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-accent/40 bg-accent/5 px-4 py-3 text-sm">
          <span>
            <Trans>
              {chosenCount} chosen · <Money value={chosenNet} /> net
            </Trans>
          </span>
          <Button size="sm" onClick={() => setPaying(chosen)}>
            <Trans>Pay {chosenCount} on chain</Trans>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setSelected(new Set())}>
            <Trans>Clear</Trans>
          </Button>
        </div>
      )}

      <Table
        caption={title}
        columns={withdrawalColumns(actions, !fixedKind, (data?.allwithdrawals ?? []).some(payable))}
        rows={data?.allwithdrawals}
        rowKey={(w) => w.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        card={(w) => <WithdrawalCard w={w} a={actions} showKind={!fixedKind} />}
        empty={
          status === 'pending'
            ? t`Nothing waiting for a decision. New requests appear here as members make them.`
            : t`No request matches these filters. Try another status or kind.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# request', other: '# requests' })}
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
