import { REPORT_KINDS, type Report, type ReportKind } from '@app/contracts/reports';
import { Download } from 'lucide-react';
import { Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { downloadReportCsv, useReport } from '../../../api/reports';
import { lazyComponent } from '../../../app/lazy-page';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { Segmented } from '../../../components/ui/Segmented';
import { PageSpinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { PeriodBar, usePeriod } from './PeriodBar';
import { ReportTable } from './ReportTable';

// Recharts loads only with the chart, after the figures and the table are on screen.
const ReportChart = lazyComponent(() => import('./ReportChart'));

const KIND_LABEL: Record<ReportKind, string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  topups: 'Top-ups',
  incomes: 'Incomes',
};

const NOUN: Record<ReportKind, [string, string]> = {
  deposits: ['deposit', 'deposits'],
  withdrawals: ['withdrawal', 'withdrawals'],
  topups: ['top-up', 'top-ups'],
  incomes: ['income', 'incomes'],
};

const EMPTY: Record<ReportKind, string> = {
  deposits: 'No deposit was recorded in this period. Choose a longer period to see earlier ones.',
  withdrawals: 'No withdrawal was requested in this period. Choose a longer period to see earlier ones.',
  topups: 'No plan was bought or activated in this period. Choose a longer period to see earlier ones.',
  incomes:
    'No income was credited in this period. Direct, level, ROI, reward, salary, CTO and bonus incomes appear here once the ledger pays them.',
};

/**
 * The count beside the headline amount is of the rows that amount adds up (credited deposits, as on
 * the dashboard); what is still pending is shown apart, count and amount (issue 37.11).
 */
function HeadlineCaption({ report }: { report: Report }) {
  const noun = NOUN[report.kind];
  const n = report.totals.headline_count;
  const hasPending = report.parts.some((p) => p.key === 'pending');
  const pending = report.totals.part_counts.pending ?? 0;
  return (
    <>
      <span data-testid="report-headline-count">
        {formatCount(n)} {n === 1 ? noun[0] : noun[1]}
      </span>{' '}
      in the period
      {hasPending ? (
        <span className="block" data-testid="report-pending">
          {formatCount(pending)} pending: <Money value={report.totals.parts.pending ?? 0} />
        </span>
      ) : null}
    </>
  );
}

function Totals({ report }: { report: Report }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title={report.amount_label}
        value={<Money value={report.totals.amount} testId="report-amount" />}
        caption={<HeadlineCaption report={report} />}
      />
      <section className="min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm sm:col-span-1 lg:col-span-3">
        <h2 className="text-sm font-medium text-muted">Breakdown</h2>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          {report.parts.map((part) => (
            <div key={part.key} className="flex min-w-0 flex-col">
              <dt className="text-xs text-muted">{part.label}</dt>
              <dd className="font-medium text-fg">
                <Money value={report.totals.parts[part.key] ?? 0} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export default function ReportsPage() {
  const { page, params, update, oneOf } = useUrlFilters();
  const kind = oneOf('kind', REPORT_KINDS) ?? 'deposits';
  const { group, range } = usePeriod();
  const limit = pageSizeOf(params.get('limit'));
  const query = useReport(kind, { ...range, group, page, limit });
  const report = !query.error && query.data?.kind === kind ? query.data : undefined;
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadReportCsv(kind, { ...range, group });
      toast.success(`Downloaded ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <title>Reports · EarnHub admin</title>
      <PageHeader
        title="Reports"
        description="Deposits, withdrawals, top-ups and incomes by period, from the ledger and the request records. Days are UTC days."
        actions={
          <Button variant="secondary" busy={downloading} onClick={download} disabled={!report}>
            {!downloading && <Download className="size-4" aria-hidden="true" />}
            Download CSV
          </Button>
        }
      />

      <Card>
        <div className="flex flex-col gap-4">
          <Segmented
            legend="Report"
            options={REPORT_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            value={kind}
            onValue={(k) => update({ kind: k, page: 1 })}
          />
          <PeriodBar what={KIND_LABEL[kind]} paged />
        </div>
      </Card>

      {query.error && <Banner tone="error">{errorMessage(query.error)}</Banner>}
      {!report && query.isFetching && <PageSpinner label="Loading report" />}

      {report && (
        <>
          <Totals report={report} />
          <Card title={`${KIND_LABEL[kind]} per ${group}`}>
            {report.totals.count === 0 ? (
              <p className="py-10 text-center text-sm text-muted">
                Nothing to chart: no {NOUN[kind][1]} in this period.
              </p>
            ) : (
              <Suspense fallback={<PageSpinner label="Loading chart" />}>
                <ReportChart report={report} />
              </Suspense>
            )}
          </Card>
          <section aria-labelledby="report-rows" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="report-rows" className="text-lg font-semibold text-fg">
                {KIND_LABEL[kind]} in the period
              </h2>
              <div className="w-32">
                <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
              </div>
            </div>
            <ReportTable
              report={report}
              loading={query.isFetching && !query.data}
              limit={limit}
              empty={EMPTY[kind]}
            />
            {report.total > 0 && (
              <Pager
                page={report.currentPage}
                totalPages={report.totalPages}
                total={report.total}
                fetching={query.isFetching}
                onPage={(p) => update({ page: p })}
                noun={NOUN[kind]}
              />
            )}
            <p className="text-xs text-muted">
              Download CSV saves every row of this period (all pages), with these columns.
            </p>
          </section>
        </>
      )}
    </div>
  );
}
