import type { PaymentListItem } from '@app/contracts/payments';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePaymentList } from '../../../api/payments';
import { PaymentStatusBadge } from '../../../components/payments/PaymentStatusBadge';
import { TestPaymentMark } from '../../../components/payments/TestPayment';
import { Banner } from '../../../components/ui/Banner';
import { Money } from '../../../components/ui/Money';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';

const LIMIT = 5;

const columns = (i18n: I18n): Array<Column<PaymentListItem>> => [
  { key: 'date', header: i18n._(msg`Created`), cell: (p) => <When iso={p.created_at} stacked /> },
  {
    key: 'price',
    header: i18n._(msg`Deposit`),
    className: 'text-right',
    cell: (p) => <Money value={p.price_amount} />,
  },
  {
    key: 'status',
    header: i18n._(msg`Status`),
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-1">
        <PaymentStatusBadge status={p.payment_status} />
        <TestPaymentMark sandbox={p.sandbox} />
      </span>
    ),
  },
  {
    key: 'credited',
    header: i18n._(msg`Credited`),
    className: 'text-right',
    cell: (p) =>
      p.credited_amount !== null ? (
        <Money value={p.credited_amount} />
      ) : (
        <span className="text-muted">—</span>
      ),
  },
  {
    key: 'open',
    header: (
      <span className="sr-only">
        <Trans>Open</Trans>
      </span>
    ),
    cell: (p) => {
      const id = p.payment_id;
      return (
        <Link
          to={`/user/payment/${id}`}
          className="font-medium text-accent-text hover:underline"
          aria-label={i18n._(msg`Payment status of ${id}`)}
        >
          <Trans>Status</Trans>
        </Link>
      );
    },
  },
];

/** The member's own provider payments, newest first, each leading to its Payment Status screen. */
export function RecentPayments() {
  const { t, i18n } = useLingui();
  const COLUMNS = useMemo(() => columns(i18n), [i18n]);
  const [page, setPage] = useState(1);
  const list = usePaymentList({ page, limit: LIMIT }, 'member');
  const data = list.data;
  return (
    <section aria-labelledby="recent-payments" className="flex flex-col gap-3">
      <h2 id="recent-payments" className="text-lg font-semibold text-fg">
        <Trans>Your crypto payments</Trans>
      </h2>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Your crypto payments`}
        columns={COLUMNS}
        rows={data?.payments}
        rowKey={(p) => p.payment_id}
        loading={list.isPending}
        skeletonRows={3}
        minWidth="min-w-[520px]"
        empty={t`No crypto payments yet. Create one above: your fund wallet is credited when it is finished.`}
      />
      {data && data.total > LIMIT && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          counted={(total) => plural(total, { one: '# payment', other: '# payments' })}
        />
      )}
    </section>
  );
}
