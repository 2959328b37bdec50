import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_WALLET,
  type Withdrawal,
  type WithdrawalKind,
} from '@app/contracts/withdrawals';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useCancelWithdrawal, useWithdrawalList } from '../../../api/withdrawals';
import { WithdrawalStatus } from '../../../components/money/WithdrawalStatus';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Pager } from '../../../components/ui/Pager';
import { SummaryList } from '../../../components/ui/SummaryList';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { serverText } from '../../../i18n/errors/server-texts';
import { useWithdrawalLabels } from './labels';
import { formatPercentNumber as formatPercent } from './percent';

const LIMIT = 10;
type Status = (typeof WITHDRAWAL_STATUS)[number];

function columns(
  onCancel: (w: Withdrawal) => void,
  busyId: number | undefined,
  labels: ReturnType<typeof useWithdrawalLabels>,
  i18n: I18n,
): Array<Column<Withdrawal>> {
  const { WITHDRAWAL_KIND_LABEL } = labels;
  const cancelName = (w: Withdrawal) => {
    const kind = WITHDRAWAL_KIND_LABEL[w.kind].text;
    const amount = w.amount;
    return i18n._(msg`Cancel the ${kind} withdrawal of ${amount} USDT`);
  };
  return [
    { key: 'date', header: i18n._(msg`Date`), cell: (w) => <When iso={w.created_at} stacked /> },
    { key: 'kind', header: i18n._(msg`Kind`), cell: (w) => WITHDRAWAL_KIND_LABEL[w.kind].text },
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-end',
      cell: (w) => <Money value={w.amount} />,
    },
    {
      key: 'fee',
      header: i18n._(msg`Fee`),
      className: 'text-end',
      cell: (w) => (
        <span className="flex flex-col items-end">
          <Money value={w.fee} />
          <span className="text-xs text-muted">{formatPercent(w.fee_percent)}</span>
        </span>
      ),
    },
    {
      key: 'net',
      header: i18n._(msg`Net`),
      className: 'text-end',
      cell: (w) => <Money value={w.net} className="font-medium" />,
    },
    { key: 'network', header: i18n._(msg`Network`), cell: (w) => w.network },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (w) => <WithdrawalStatus w={w} />,
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-end',
      cell: (w) =>
        w.status === 'pending' ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            busy={busyId === w.id}
            onClick={() => onCancel(w)}
            aria-label={cancelName(w)}
          >
            <Trans>Cancel</Trans>
          </Button>
        ) : null,
    },
  ];
}

export function WithdrawalHistory() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<WithdrawalKind | undefined>();
  const [status, setStatus] = useState<Status | undefined>();
  const list = useWithdrawalList({ page, limit: LIMIT, kind, status }, 'member');
  const cancel = useCancelWithdrawal();
  const [target, setTarget] = useState<Withdrawal | null>(null);
  const data = list.data;
  const { t, i18n } = useLingui();
  const labels = useWithdrawalLabels();
  const { WITHDRAWAL_KIND_LABEL, WALLET_LABEL, FILTER_WORDS } = labels;

  const confirmCancel = () => {
    if (!target) return;
    cancel.mutate(target.id, {
      onSuccess: (res) => {
        toast.success(serverText(res.message));
        setTarget(null);
      },
    });
  };

  return (
    <section aria-labelledby="withdrawal-history" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="withdrawal-history" className="text-lg font-semibold text-fg">
          <Trans>History</Trans>
        </h2>
        <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
          <Select
            label={t`Kind`}
            value={kind ?? ''}
            onChange={(e) => {
              setKind((e.target.value || undefined) as WithdrawalKind | undefined);
              setPage(1);
            }}
          >
            <option value="">{t`All kinds`}</option>
            {WITHDRAWAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {WITHDRAWAL_KIND_LABEL[k].text}
              </option>
            ))}
          </Select>
          <Select
            label={t`Status`}
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || undefined) as Status | undefined);
              setPage(1);
            }}
          >
            <option value="">{t`All statuses`}</option>
            {WITHDRAWAL_STATUS.map((s) => (
              <option key={s} value={s}>
                {FILTER_WORDS[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Your withdrawal requests`}
        columns={columns(setTarget, cancel.isPending ? target?.id : undefined, labels, i18n)}
        rows={data?.allwithdrawals}
        rowKey={(w) => w.id}
        loading={list.isPending}
        empty={
          kind || status
            ? t`No request matches these filters. Choose "All" to see every request.`
            : t`No withdrawals yet. Request one above; it appears here as Requested until an admin pays it.`
        }
      />
      {data && data.total > 0 && (
        <>
          <p className="text-sm text-muted">
            <Trans>
              Totals of these requests: <Money value={data.totals.amount} className="font-medium text-fg" />{' '}
              requested, <Money value={data.totals.fee} className="font-medium text-fg" /> in fees,{' '}
              <Money value={data.totals.net} className="font-medium text-fg" /> to receive.
            </Trans>
          </p>
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={setPage}
            counted={(total) => plural(total, { one: '# request', other: '# requests' })}
          />
        </>
      )}

      <ConfirmDialog
        open={target !== null}
        title={t`Cancel this withdrawal?`}
        description={t`The held amount goes back to its wallet at once.`}
        confirmLabel={t`Cancel withdrawal`}
        cancelLabel={t`Keep it`}
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => {
          if (cancel.isPending) return;
          cancel.reset();
          setTarget(null);
        }}
      >
        {cancel.isError && <Banner tone="error">{errorMessage(cancel.error)}</Banner>}
        {target && (
          <SummaryList
            rows={[
              { label: t`Kind`, value: WITHDRAWAL_KIND_LABEL[target.kind].text },
              { label: t`Amount`, value: <Money value={target.amount} /> },
              {
                label: t`Back to`,
                value: WALLET_LABEL[WITHDRAWAL_WALLET[target.kind]],
                strong: true,
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}
