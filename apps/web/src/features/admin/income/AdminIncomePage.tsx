import type { IncomeOverview } from '@app/contracts/incomes';
import type { I18n } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const kindColumns = (i18n: I18n): Array<Column<KindRow>> => [
  {
    key: 'kind',
    header: i18n._(msg`Income`),
    cell: (r) => <span className="font-medium text-fg">{r.label}</span>,
  },
  { key: 'count', header: i18n._(msg`Incomes`), className: 'text-right', cell: (r) => formatCount(r.count) },
  {
    key: 'amount',
    header: i18n._(msg`Computed`),
    className: 'text-right',
    cell: (r) => <Money value={r.amount} />,
  },
  {
    key: 'paid',
    header: i18n._(msg`Paid`),
    className: 'text-right',
    cell: (r) => <Money value={r.paid} className="font-medium" />,
  },
  {
    key: 'cut',
    header: i18n._(msg`Cut by limit`),
    className: 'text-right',
    cell: (r) => <Money value={r.cut} />,
  },
];

const earnerColumns = (i18n: I18n): Array<Column<Earner>> => [
  {
    key: 'member',
    header: i18n._(msg`Member`),
    cell: (r) => (
      <Link to={`/admin/check/profile/${r.user_id}`} className="font-medium text-accent-text hover:underline">
        {r.username}
      </Link>
    ),
  },
  { key: 'count', header: i18n._(msg`Incomes`), className: 'text-right', cell: (r) => formatCount(r.count) },
  {
    key: 'paid',
    header: i18n._(msg`Paid`),
    className: 'text-right',
    cell: (r) => <Money value={r.paid} className="font-medium" />,
  },
  {
    key: 'cut',
    header: i18n._(msg`Cut by limit`),
    className: 'text-right',
    cell: (r) => <Money value={r.cut} />,
  },
];

/** /admin/income: income by kind and period from the income records (= the ledger's income transfers). */
export default function AdminIncomePage() {
  const { group: granularity, range } = usePeriod('granularity');
  const query = useIncomeOverview({ ...range, granularity });
  const o = query.error ? undefined : query.data;
  const { t, i18n } = useLingui();
  const decided = formatCount(o?.totals.count ?? 0);

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Income · EarnHub admin`}</title>
      <PageHeader
        title={t`Income`}
        description={t`Incomes paid to members by kind and period, what the earning limit cut, and who earned most. Days are UTC days.`}
      />
      <Card>
        <div className="flex flex-col gap-4">
          <PeriodBar what={t`Incomes`} groupParam="granularity" />
        </div>
      </Card>

      {query.error && <Banner tone="error">{errorMessage(query.error)}</Banner>}
      {!o && !query.error && <PageSpinner label={t`Loading incomes`} />}

      {o && (
        <>
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
            <StatCard
              title={t`Paid`}
              value={<Money value={o.totals.paid} testId="income-paid-total" />}
              caption={t`${decided} incomes decided`}
            />
            <StatCard
              title={t`Cut by the limit`}
              value={<Money value={o.totals.cut} testId="income-cut-total" />}
              caption={t`Computed, not paid: earning limits reached`}
            />
            <StatCard
              title={t`Computed`}
              value={<Money value={o.totals.amount} testId="income-amount-total" />}
              caption={t`What the rules owed before the limit`}
            />
            <StatCard
              title={t`Members paid`}
              value={<span data-testid="income-members">{formatCount(o.totals.members)}</span>}
              caption={t`At least one income paid in the period`}
            />
          </div>
          <Card
            title={select(granularity, {
              week: 'Income per week',
              month: 'Income per month',
              other: 'Income per day',
            })}
          >
            {o.totals.count === 0 ? (
              <p className="py-10 text-center text-sm text-muted">
                <Trans>
                  No income was decided in this period. Choose a longer period to see earlier ones.
                </Trans>
              </p>
            ) : (
              <Suspense fallback={<PageSpinner label={t`Loading chart`} />}>
                <AdminIncomeChart overview={o} />
              </Suspense>
            )}
          </Card>
          <div className="grid items-start gap-6 2xl:grid-cols-2">
            <section aria-labelledby="by-kind" className="flex min-w-0 flex-col gap-3">
              <h2 id="by-kind" className="text-lg font-semibold text-fg">
                <Trans>By kind</Trans>
              </h2>
              <Table
                caption={t`Income by kind`}
                columns={kindColumns(i18n)}
                rows={o.totals.by_kind}
                rowKey={(r) => r.kind}
                empty={t`No income in this period.`}
                minWidth="min-w-[520px]"
              />
            </section>
            <section aria-labelledby="top-earners" className="flex min-w-0 flex-col gap-3">
              <h2 id="top-earners" className="text-lg font-semibold text-fg">
                <Trans>Top earners</Trans>
              </h2>
              <Table
                caption={t`Top earners`}
                columns={earnerColumns(i18n)}
                rows={o.top_earners}
                rowKey={(r) => r.user_id}
                empty={t`Nobody was paid an income in this period.`}
                minWidth="min-w-[440px]"
              />
            </section>
          </div>
          <p className="text-xs text-muted">
            <Trans>
              Each income paid is also a row of the{' '}
              <Link to="/admin/reports?kind=incomes" className="font-medium text-accent-text hover:underline">
                incomes report
              </Link>
              , which exports to CSV.
            </Trans>
          </p>
        </>
      )}
    </div>
  );
}
