import type { SalaryAssignment, SalaryPayment } from '@app/contracts/salary';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useSalaryAssignments, useSalaryPayments } from '../../../api/salary';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Money } from '../../../components/ui/Money';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';

const LIMIT = 10;
const STATUS = {
  active: { tone: 'blue', text: msg`Paying` },
  completed: { tone: 'green', text: msg`Completed` },
  replaced: { tone: 'neutral', text: msg`Upgraded` },
} as const;

const member = (id: number, name: string) => (
  <Link to={`/admin/check/profile/${id}`} className="font-medium text-accent-text hover:underline">
    {name}
  </Link>
);

const assignmentColumns = (i18n: I18n): Array<Column<SalaryAssignment>> => [
  { key: 'member', header: i18n._(msg`Member`), cell: (a) => member(a.user_id, a.username) },
  { key: 'tier', header: i18n._(msg`Tier`), cell: (a) => a.tier_name },
  {
    key: 'amount',
    header: i18n._(msg`Per month`),
    className: 'text-right',
    cell: (a) => <Money value={a.amount} />,
  },
  {
    key: 'months',
    header: i18n._(msg`Months paid`),
    className: 'text-right tabular-nums',
    cell: ({ paid_months: paid, months }) => i18n._(msg`${paid} of ${months}`),
  },
  { key: 'assigned', header: i18n._(msg`Assigned`), cell: (a) => <When iso={a.assigned_at} stacked /> },
  { key: 'next', header: i18n._(msg`Next payment`), cell: (a) => <When iso={a.next_pay_at} stacked /> },
  {
    key: 'status',
    header: i18n._(msg`Status`),
    cell: (a) => <Badge tone={STATUS[a.status].tone}>{i18n._(STATUS[a.status].text)}</Badge>,
  },
];

const paymentColumns = (i18n: I18n): Array<Column<SalaryPayment>> => [
  { key: 'date', header: i18n._(msg`Paid`), cell: (p) => <When iso={p.created_at} stacked /> },
  { key: 'member', header: i18n._(msg`Member`), cell: (p) => member(p.user_id, p.username) },
  { key: 'tier', header: i18n._(msg`Tier`), cell: (p) => p.tier_name },
  {
    key: 'month',
    header: i18n._(msg`Month`),
    className: 'text-right tabular-nums',
    cell: ({ month, months }) => i18n._(msg`${month} of ${months}`),
  },
  {
    key: 'paid',
    header: i18n._(msg`Amount`),
    className: 'text-right',
    cell: (p) => (
      <span className="flex flex-col items-end">
        <Money value={p.paid} className="font-medium" />
        {p.cut > 0 && (
          <span className="text-xs text-amber-700 dark:text-amber-400">
            <Trans>
              <Money value={p.cut} /> over the limit
            </Trans>
          </span>
        )}
      </span>
    ),
  },
];

export function AssignmentsList() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const list = useSalaryAssignments({ page, limit: LIMIT }, 'admin');
  const data = list.data;
  const listError = list.error ? errorMessage(list.error) : '';
  return (
    <section aria-labelledby="salary-assignments" className="flex flex-col gap-3">
      <h2 id="salary-assignments" className="text-lg font-semibold text-fg">
        <Trans>Members on salary</Trans>
      </h2>
      {list.error && (
        // SALARY_TEXT.userSalaries, the spec's words, before the server's message
        <Banner tone="error">{t`Failed to fetch user salaries: ${listError}`}</Banner>
      )}
      <Table
        caption={t`Salary assignments`}
        columns={assignmentColumns(i18n)}
        rows={data?.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        empty={t`Nobody holds a tier yet. The daily run assigns tiers to members who qualify.`}
      />
      {data && data.total > 0 && (
        <Pager
          page={data.current_page}
          totalPages={data.total_pages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          counted={(total) => plural(total, { one: '# assignment', other: '# assignments' })}
        />
      )}
    </section>
  );
}

export function PaymentsList() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const list = useSalaryPayments({ page, limit: LIMIT }, 'admin');
  const data = list.data;
  const listError = list.error ? errorMessage(list.error) : '';
  return (
    <section aria-labelledby="salary-payments" className="flex flex-col gap-3">
      <h2 id="salary-payments" className="text-lg font-semibold text-fg">
        <Trans>Payments</Trans>
      </h2>
      {list.error && (
        // SALARY_TEXT.transactions
        <Banner tone="error">{t`Failed to fetch salary transactions: ${listError}`}</Banner>
      )}
      <Table
        caption={t`Salary payments`}
        columns={paymentColumns(i18n)}
        rows={data?.data}
        rowKey={(p) => p.id}
        loading={list.isPending}
        empty={t`No salary paid yet. Each month is paid 30 days after the one before.`}
      />
      {data && data.total > 0 && (
        <Pager
          page={data.current_page}
          totalPages={data.total_pages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          counted={(total) => plural(total, { one: '# payment', other: '# payments' })}
        />
      )}
    </section>
  );
}
