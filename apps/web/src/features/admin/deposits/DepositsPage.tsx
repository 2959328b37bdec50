import { DEPOSIT_FALLBACK, DEPOSIT_STATUS, type Deposit } from '@app/contracts/deposits';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useDecideDeposit, useDepositList } from '../../../api/deposits';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { SummaryList } from '../../../components/ui/SummaryList';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { DECISION_LABEL } from '../../../lib/money-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { CRYPTO_PAYMENTS_TAB } from './CryptoPaymentsSection';
import { DepositTabsPage } from './DepositTabs';
import { DECISION_WORDS } from './decision-words';
import { RecordDepositCard } from './RecordDepositCard';
import { WalletDepositsTab } from './WalletDepositsTab';

type Decision = { d: Deposit; status: 'approved' | 'rejected' };

/** "Approve deposit 12 for alice": the row's buttons named for a screen reader. */
function depositLabel(i18n: I18n, status: Decision['status'], d: Deposit) {
  const { id, username } = d;
  return status === 'approved'
    ? i18n._(msg`Approve deposit ${id} for ${username}`)
    : i18n._(msg`Reject deposit ${id} for ${username}`);
}

function columns(
  i18n: I18n,
  onDecide: (decision: Decision) => void,
  busyId?: number,
): Array<Column<Deposit>> {
  return [
    { key: 'date', header: i18n._(msg`Recorded`), cell: (d) => <When iso={d.created_at} stacked /> },
    {
      key: 'member',
      header: i18n._(msg`Member`),
      cell: (d) => (
        <Link
          to={`/admin/check/profile/${d.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {d.username}
        </Link>
      ),
    },
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-right',
      cell: (d) => <Money value={d.amount} />,
    },
    {
      key: 'note',
      header: i18n._(msg`Note`),
      cell: (d) => <span className="block max-w-56 truncate text-muted">{d.note || '—'}</span>,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (d) => (
        <div className="flex flex-col items-start gap-1.5">
          <Badge tone={DECISION_LABEL[d.status].tone}>{i18n._(DECISION_WORDS[d.status])}</Badge>
          {d.status === 'pending' ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                busy={busyId === d.id}
                onClick={() => onDecide({ d, status: 'approved' })}
                aria-label={depositLabel(i18n, 'approved', d)}
              >
                <Trans>Approve</Trans>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                className="text-red-700 dark:text-red-400"
                onClick={() => onDecide({ d, status: 'rejected' })}
                aria-label={depositLabel(i18n, 'rejected', d)}
              >
                <Trans>Reject</Trans>
              </Button>
            </div>
          ) : (
            <span className="text-xs text-muted">
              <When iso={d.decided_at} />
            </span>
          )}
        </div>
      ),
    },
  ];
}

/** Deposits are tabs: the ones an admin records, crypto payments (and wallet deposits) beside them. */
export default function DepositsPage() {
  return (
    <DepositTabsPage
      tabs={[
        {
          id: 'admin',
          label: msg`Admin deposits`,
          description: msg`Record money members paid outside the app, then approve or reject it.`,
          panel: <AdminDepositsPanel />,
        },
        CRYPTO_PAYMENTS_TAB,
        {
          id: 'wallet',
          label: msg`Wallet deposits`,
          description: msg`USDT (BEP20) transfers members sent from their linked wallets, verified on chain.`,
          panel: <WalletDepositsTab />,
        },
      ]}
    />
  );
}

function AdminDepositsPanel() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const status = oneOf('status', DEPOSIT_STATUS);
  const list = useDepositList({ page, limit, status }, 'admin');
  const decide = useDecideDeposit();
  const [target, setTarget] = useState<Decision | null>(null);
  const data = list.data;
  const { t, i18n } = useLingui();

  const confirm = () => {
    if (!target) return;
    decide.mutate(
      { id: target.d.id, status: target.status },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setTarget(null);
        },
      },
    );
  };
  const approving = target?.status === 'approved';

  return (
    <div className="flex flex-col gap-6">
      <RecordDepositCard />

      <section aria-labelledby="deposits-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="deposits-heading" className="text-lg font-semibold text-fg">
            <Trans>All deposits</Trans>
          </h2>
          <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:grid-cols-[12rem_8rem]">
            <Select
              label={t`Status`}
              value={status ?? ''}
              onChange={(e) => update({ status: e.target.value, page: 1 })}
            >
              <option value="">{t`All statuses`}</option>
              {DEPOSIT_STATUS.map((s) => (
                <option key={s} value={s}>
                  {i18n._(DECISION_WORDS[s])}
                </option>
              ))}
            </Select>
            <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
          </div>
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error, DEPOSIT_FALLBACK)}</Banner>}
        <Table
          caption={t`Deposits`}
          columns={columns(i18n, setTarget, decide.isPending ? target?.d.id : undefined)}
          rows={data?.alldeposite}
          rowKey={(d) => d.id}
          loading={list.isPending}
          skeletonRows={Math.min(limit, 10)}
          empty={
            status
              ? t`No deposit with this status. Choose "All statuses" to see every deposit.`
              : t`No deposits yet. Record one above when a member pays outside the app.`
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={(p) => update({ page: p })}
            counted={(n) => plural(n, { one: '# deposit', other: '# deposits' })}
          />
        )}
      </section>

      <ConfirmDialog
        open={target !== null}
        title={approving ? t`Approve this deposit?` : t`Reject this deposit?`}
        description={
          approving
            ? t`Up to the four-eyes amount and within your daily limits the amount is credited to the member’s fund wallet at once; past them it waits, pending, for a second admin under Approvals. Approving twice never credits twice.`
            : t`Nothing is credited; the deposit stays on record as rejected.`
        }
        confirmLabel={approving ? t`Approve and credit` : t`Reject deposit`}
        danger={!approving}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (decide.isPending) return;
          decide.reset();
          setTarget(null);
        }}
      >
        {decide.isError && <Banner tone="error">{errorMessage(decide.error, DEPOSIT_FALLBACK)}</Banner>}
        {target && (
          <SummaryList
            rows={[
              { label: t`Member`, value: target.d.username },
              { label: t`Amount`, value: <Money value={target.d.amount} />, strong: true },
              { label: t`Note`, value: target.d.note || '—' },
            ]}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
