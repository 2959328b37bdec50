import { currencyLabel, PAYMENT_STATUSES, type PaymentListItem } from '@app/contracts/payments';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePaymentList, usePaymentsConfig } from '../../../api/payments';
import { PaymentStatusBadge, statusLabel } from '../../../components/payments/PaymentStatusBadge';
import { TestPaymentMark } from '../../../components/payments/TestPayment';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';
import type { DepositTab } from './DepositTabs';
import { PaymentDetailDialog } from './PaymentDetailDialog';
import { PaymentsModeBanner } from './PaymentsModeBanner';

const detailsLabel = (i18n: I18n, id: string) => i18n._(msg`Details of payment ${id}`);

function columns(i18n: I18n, onOpen: (id: string) => void): Array<Column<PaymentListItem>> {
  return [
    { key: 'date', header: i18n._(msg`Created`), cell: (p) => <When iso={p.created_at} stacked /> },
    {
      key: 'member',
      header: i18n._(msg`Member`),
      cell: (p) => (
        <Link
          to={`/admin/check/profile/${p.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {p.username}
        </Link>
      ),
    },
    {
      key: 'id',
      header: i18n._(msg`Payment`),
      cell: (p) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-mono text-xs">{p.payment_id}</span>
          <TestPaymentMark sandbox={p.sandbox} />
        </span>
      ),
    },
    {
      key: 'price',
      header: i18n._(msg`Deposit`),
      className: 'text-right',
      cell: (p) => <Money value={p.price_amount} />,
    },
    {
      key: 'received',
      header: i18n._(msg`Received`),
      className: 'text-right',
      cell: (p) => (
        <span className="tabular-nums whitespace-nowrap">
          {p.actually_paid === null ? '—' : `${p.actually_paid} ${currencyLabel(p.pay_currency)}`}
        </span>
      ),
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (p) => (
        <span className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={p.payment_status} />
          {p.review && (
            <Badge tone="amber">
              <Trans>Needs a decision</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'credited',
      header: i18n._(msg`Credited`),
      className: 'text-right',
      cell: (p) =>
        p.credited_amount === null ? (
          <span className="text-muted">—</span>
        ) : (
          <Money value={p.credited_amount} />
        ),
    },
    {
      key: 'open',
      header: (
        <span className="sr-only">
          <Trans>Details</Trans>
        </span>
      ),
      cell: (p) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(p.payment_id)}
          aria-label={detailsLabel(i18n, p.payment_id)}
        >
          <Trans>Details</Trans>
        </Button>
      ),
    },
  ];
}

/** Provider payments for the back-office: statuses, who paid, what arrived, what was credited. */
export function CryptoPaymentsSection() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const status = oneOf('status', PAYMENT_STATUSES);
  const review = params.get('review') === 'true' ? ('true' as const) : undefined;
  const list = usePaymentList({ page, limit, status, review }, 'admin');
  const [open, setOpen] = useState<string | null>(null);
  const mode = usePaymentsConfig('admin').data?.mode;
  const data = list.data;
  const { t, i18n } = useLingui();

  return (
    <section aria-labelledby="crypto-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="crypto-heading" className="text-lg font-semibold text-fg">
          <Trans>Crypto payments</Trans>
        </h2>
        <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:grid-cols-[12rem_12rem_8rem]">
          <Select
            label={t`Status`}
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value, page: 1 })}
          >
            <option value="">{t`All statuses`}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
          <Select
            label={t`Decision`}
            value={review ?? ''}
            onChange={(e) => update({ review: e.target.value, page: 1 })}
          >
            <option value="">{t`All payments`}</option>
            <option value="true">{t`Needs a decision`}</option>
          </Select>
          <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
        </div>
      </div>
      <PaymentsModeBanner mode={mode} />
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Crypto payments`}
        columns={columns(i18n, setOpen)}
        rows={data?.payments}
        rowKey={(p) => p.payment_id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        minWidth="min-w-[880px]"
        empty={
          status || review
            ? t`No payment matches these filters. Choose "All statuses" and "All payments" to see every one.`
            : t`No crypto payments yet. They appear here as soon as a member creates one on the Crypto payment screen.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# payment', other: '# payments' })}
        />
      )}
      <PaymentDetailDialog paymentId={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </section>
  );
}

/** The "Crypto payments" tab of /admin/deposits. */
export const CRYPTO_PAYMENTS_TAB: DepositTab = {
  id: 'crypto',
  label: msg`Crypto payments`,
  description: msg`Payments members make through the crypto payment provider: each is credited once, when finished.`,
  panel: <CryptoPaymentsSection />,
};
