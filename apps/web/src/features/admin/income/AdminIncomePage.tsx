import type { IncomeOverview } from '@app/contracts/incomes';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useIncomeOverview } from '../../../api/incomes';
import { lazyComponent } from '../../../app/lazy-page';
import { Banner } from '../../../components/ui/Banner';
import { Card, StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { type Column, Table } from '../../../components/ui/Table';
import { formatCount } from '../../../lib/format';
import { PeriodBar, usePeriod } from '../reports/PeriodBar';

// Recharts loads only with the chart, after the figures are on screen.
const AdminIncomeChart = lazyComponent(() => import('./AdminIncomeChart'));

type KindRow = IncomeOverview['totals']['by_kind'][number];
type Earner = IncomeOverview['top_earners'][number];

const KIND_COLUMNS: Array<Column<KindRow>> = [
  { key: 'kind', header: 'Income', cell: (r) => <span className="font-medium text-fg">{r.label}</span> },
  { key: 'count', header: 'Incomes', className: 'text-right', cell: (r) => formatCount(r.count) },
  { key: 'amount', header: 'Computed', className: 'text-right', cell: (r) => <Money value={r.amount} /> },
  {
    key: 'paid',
    header: 'Paid',
    className: 'text-right',
    cell: (r) => <Money value={r.paid} className="font-medium" />,
  },
  { key: 'cut', header: 'Cut by limit', className: 'text-right', cell: (r) => <Money value={r.cut} /> },
];

const EARNER_COLUMNS: Array<Column<Earner>> = [
  {
    key: 'member',
    header: 'Member',
    cell: (r) => (
      <Link to={`/admin/check/profile/${r.user_id}`} className="font-medium text-accent-text hover:underline">
        {r.username}
      </Link>
    ),
  },
  { key: 'count', header: 'Incomes', className: 'text-right', cell: (r) => formatCount(r.count) },
  {
    key: 'paid',
    header: 'Paid',
    className: 'text-right',
    cell: (r) => <Money value={r.paid} className="font-medium" />,
  },
  { key: 'cut', header: 'Cut by limit', className: 'text-right', cell: (r) => <Money value={r.cut} /> },
];

/** /admin/income: income by kind and period from the income records (= the ledger's income transfers). */
export default function AdminIncomePage() {
  const { group: granularity, range } = usePeriod('granularity');
  const query = useIncomeOverview({ ...range, granularity });
  const o = query.error ? undefined : query.data;

  return (
    <div className="flex flex-col gap-6">
      <title>Income · EarnHub admin</title>
      <PageHeader
        title="Income"
        description="Incomes paid to members by kind and period, what the earning limit cut, and who earned most. Days are UTC days."
      />
      <Card>
        <div className="flex flex-col gap-4">
          <PeriodBar what="Incomes" groupParam="granularity" />
        </div>
      </Card>

      {query.error && <Banner tone="error">{errorMessage(query.error)}</Banner>}
      {!o && !query.error && <PageSpinner label="Loading incomes" />}

      {o && (
        <>
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
            <StatCard
              title="Paid"
              value={<Money value={o.totals.paid} testId="income-paid-total" />}
              caption={`${formatCount(o.totals.count)} incomes decided`}
            />
            <StatCard
              title="Cut by the limit"
              value={<Money value={o.totals.cut} testId="income-cut-total" />}
              caption="Computed, not paid: earning limits reached"
            />
            <StatCard
              title="Computed"
              value={<Money value={o.totals.amount} testId="income-amount-total" />}
              caption="What the rules owed before the limit"
            />
            <StatCard
              title="Members paid"
              value={<span data-testid="income-members">{formatCount(o.totals.members)}</span>}
              caption="At least one income paid in the period"
            />
          </div>
          <Card title={`Income per ${granularity}`}>
            {o.totals.count === 0 ? (
              <p className="py-10 text-center text-sm text-muted">
                No income was decided in this period. Choose a longer period to see earlier ones.
              </p>
            ) : (
              <Suspense fallback={<PageSpinner label="Loading chart" />}>
                <AdminIncomeChart overview={o} />
              </Suspense>
            )}
          </Card>
          <div className="grid items-start gap-6 2xl:grid-cols-2">
            <section aria-labelledby="by-kind" className="flex min-w-0 flex-col gap-3">
              <h2 id="by-kind" className="text-lg font-semibold text-fg">
                By kind
              </h2>
              <Table
                caption="Income by kind"
                columns={KIND_COLUMNS}
                rows={o.totals.by_kind}
                rowKey={(r) => r.kind}
                empty="No income in this period."
                minWidth="min-w-[520px]"
              />
            </section>
            <section aria-labelledby="top-earners" className="flex min-w-0 flex-col gap-3">
              <h2 id="top-earners" className="text-lg font-semibold text-fg">
                Top earners
              </h2>
              <Table
                caption="Top earners"
                columns={EARNER_COLUMNS}
                rows={o.top_earners}
                rowKey={(r) => r.user_id}
                empty="Nobody was paid an income in this period."
                minWidth="min-w-[440px]"
              />
            </section>
          </div>
          <p className="text-xs text-muted">
            Each income paid is also a row of the{' '}
            <Link to="/admin/reports?kind=incomes" className="font-medium text-accent-text hover:underline">
              incomes report
            </Link>
            , which exports to CSV.
          </p>
        </>
      )}
    </div>
  );
}
