import { SALARY_TEXT, type SalaryAssignment, type SalaryPayment } from '@app/contracts/salary';
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
  active: { tone: 'blue', text: 'Paying' },
  completed: { tone: 'green', text: 'Completed' },
  replaced: { tone: 'neutral', text: 'Upgraded' },
} as const;

const member = (id: number, name: string) => (
  <Link to={`/admin/check/profile/${id}`} className="font-medium text-accent-text hover:underline">
    {name}
  </Link>
);

const ASSIGNMENT_COLUMNS: Array<Column<SalaryAssignment>> = [
  { key: 'member', header: 'Member', cell: (a) => member(a.user_id, a.username) },
  { key: 'tier', header: 'Tier', cell: (a) => a.tier_name },
  { key: 'amount', header: 'Per month', className: 'text-right', cell: (a) => <Money value={a.amount} /> },
  {
    key: 'months',
    header: 'Months paid',
    className: 'text-right tabular-nums',
    cell: (a) => `${a.paid_months} of ${a.months}`,
  },
  { key: 'assigned', header: 'Assigned', cell: (a) => <When iso={a.assigned_at} stacked /> },
  { key: 'next', header: 'Next payment', cell: (a) => <When iso={a.next_pay_at} stacked /> },
  {
    key: 'status',
    header: 'Status',
    cell: (a) => <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].text}</Badge>,
  },
];

const PAYMENT_COLUMNS: Array<Column<SalaryPayment>> = [
  { key: 'date', header: 'Paid', cell: (p) => <When iso={p.created_at} stacked /> },
  { key: 'member', header: 'Member', cell: (p) => member(p.user_id, p.username) },
  { key: 'tier', header: 'Tier', cell: (p) => p.tier_name },
  {
    key: 'month',
    header: 'Month',
    className: 'text-right tabular-nums',
    cell: (p) => `${p.month} of ${p.months}`,
  },
  {
    key: 'paid',
    header: 'Amount',
    className: 'text-right',
    cell: (p) => (
      <span className="flex flex-col items-end">
        <Money value={p.paid} className="font-medium" />
        {p.cut > 0 && (
          <span className="text-xs text-amber-700 dark:text-amber-400">
            <Money value={p.cut} /> over the limit
          </span>
        )}
      </span>
    ),
  },
];

export function AssignmentsList() {
  const [page, setPage] = useState(1);
  const list = useSalaryAssignments({ page, limit: LIMIT }, 'admin');
  const data = list.data;
  return (
    <section aria-labelledby="salary-assignments" className="flex flex-col gap-3">
      <h2 id="salary-assignments" className="text-lg font-semibold text-fg">
        Members on salary
      </h2>
      {list.error && (
        <Banner tone="error">
          {SALARY_TEXT.userSalaries}: {errorMessage(list.error)}
        </Banner>
      )}
      <Table
        caption="Salary assignments"
        columns={ASSIGNMENT_COLUMNS}
        rows={data?.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        empty="Nobody holds a tier yet. The daily run assigns tiers to members who qualify."
      />
      {data && data.total > 0 && (
        <Pager
          page={data.current_page}
          totalPages={data.total_pages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          noun={['assignment', 'assignments']}
        />
      )}
    </section>
  );
}

export function PaymentsList() {
  const [page, setPage] = useState(1);
  const list = useSalaryPayments({ page, limit: LIMIT }, 'admin');
  const data = list.data;
  return (
    <section aria-labelledby="salary-payments" className="flex flex-col gap-3">
      <h2 id="salary-payments" className="text-lg font-semibold text-fg">
        Payments
      </h2>
      {list.error && (
        <Banner tone="error">
          {SALARY_TEXT.transactions}: {errorMessage(list.error)}
        </Banner>
      )}
      <Table
        caption="Salary payments"
        columns={PAYMENT_COLUMNS}
        rows={data?.data}
        rowKey={(p) => p.id}
        loading={list.isPending}
        empty="No salary paid yet. Each month is paid 30 days after the one before."
      />
      {data && data.total > 0 && (
        <Pager
          page={data.current_page}
          totalPages={data.total_pages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          noun={['payment', 'payments']}
        />
      )}
    </section>
  );
}
