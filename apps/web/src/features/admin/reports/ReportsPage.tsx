import { REPORT_KINDS, type Report, type ReportKind } from '@app/contracts/reports';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { GROUP_WORD } from './period';
import { ReportTable } from './ReportTable';

// Recharts loads only with the chart, after the figures and the table are on screen.
const ReportChart = lazyComponent(() => import('./ReportChart'));

const KIND_LABEL: Record<ReportKind, MessageDescriptor> = {
  deposits: msg`Deposits`,
  withdrawals: msg`Withdrawals`,
  topups: msg`Top-ups`,
  incomes: msg`Incomes`,
};

/** How many rows of a report, "3 deposits" (the catalogs' plural forms; called while rendering). */
const COUNTED: Record<ReportKind, (n: number) => string> = {
  deposits: (n) => plural(n, { one: '# deposit', other: '# deposits' }),
  withdrawals: (n) => plural(n, { one: '# withdrawal', other: '# withdrawals' }),
  topups: (n) => plural(n, { one: '# top-up', other: '# top-ups' }),
  incomes: (n) => plural(n, { one: '# income', other: '# incomes' }),
};

const NOTHING_TO_CHART: Record<ReportKind, MessageDescriptor> = {
  deposits: msg`Nothing to chart: no deposits in this period.`,
  withdrawals: msg`Nothing to chart: no withdrawals in this period.`,
  topups: msg`Nothing to chart: no top-ups in this period.`,
  incomes: msg`Nothing to chart: no incomes in this period.`,
};

/** The chart card's title, "Deposits per day". */
const PER_GROUP: Record<ReportKind, (group: string) => MessageDescriptor> = {
  deposits: (group) => msg`Deposits per ${group}`,
  withdrawals: (group) => msg`Withdrawals per ${group}`,
  topups: (group) => msg`Top-ups per ${group}`,
  incomes: (group) => msg`Incomes per ${group}`,
};

const IN_PERIOD: Record<ReportKind, MessageDescriptor> = {
  deposits: msg`Deposits in the period`,
  withdrawals: msg`Withdrawals in the period`,
  topups: msg`Top-ups in the period`,
  incomes: msg`Incomes in the period`,
};

const EMPTY: Record<ReportKind, MessageDescriptor> = {
  deposits: msg`No deposit was recorded in this period. Choose a longer period to see earlier ones.`,
  withdrawals: msg`No withdrawal was requested in this period. Choose a longer period to see earlier ones.`,
  topups: msg`No plan was bought or activated in this period. Choose a longer period to see earlier ones.`,
  incomes: msg`No income was credited in this period. Direct, level, ROI, reward, salary, CTO and bonus incomes appear here once the ledger pays them.`,
};

/**
 * The count beside the headline amount is of the rows that amount adds up (credited deposits, as on
 * the dashboard); what is still pending is shown apart, count and amount (issue 37.11).
 */
function HeadlineCaption({ report }: { report: Report }) {
  const n = report.totals.headline_count;
  const hasPending = report.parts.some((p) => p.key === 'pending');
  const pending = report.totals.part_counts.pending ?? 0;
  const count = COUNTED[report.kind](n);
  const pendingCount = formatCount(pending);
  return (
    <>
      <Trans>
        <span data-testid="report-headline-count">{count}</span> in the period
      </Trans>
      {hasPending ? (
        <span className="block" data-testid="report-pending">
          <Trans>
            {pendingCount} pending: <Money value={report.totals.parts.pending ?? 0} />
          </Trans>
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
        <h2 className="text-sm font-medium text-muted">
          <Trans>Breakdown</Trans>
        </h2>
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
  const { t, i18n } = useLingui();
  const kindLabel = i18n._(KIND_LABEL[kind]);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadReportCsv(kind, { ...range, group });
      toast.success(t`Downloaded ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Reports · EarnHub admin`}</title>
      <PageHeader
        title={t`Reports`}
        description={t`Deposits, withdrawals, top-ups and incomes by period, from the ledger and the request records. Days are UTC days.`}
        actions={
          <Button variant="secondary" busy={downloading} onClick={download} disabled={!report}>
            {!downloading && <Download className="size-4" aria-hidden="true" />}
            <Trans>Download CSV</Trans>
          </Button>
        }
      />

      <Card>
        <div className="flex flex-col gap-4">
          <Segmented
            legend={t`Report`}
            options={REPORT_KINDS.map((k) => ({ value: k, label: i18n._(KIND_LABEL[k]) }))}
            value={kind}
            onValue={(k) => update({ kind: k, page: 1 })}
          />
          <PeriodBar what={kindLabel} paged />
        </div>
      </Card>

      {query.error && <Banner tone="error">{errorMessage(query.error)}</Banner>}
      {!report && query.isFetching && <PageSpinner label={t`Loading report`} />}

      {report && (
        <>
          <Totals report={report} />
          <Card title={i18n._(PER_GROUP[kind](i18n._(GROUP_WORD[group])))}>
            {report.totals.count === 0 ? (
              <p className="py-10 text-center text-sm text-muted">{i18n._(NOTHING_TO_CHART[kind])}</p>
            ) : (
              <Suspense fallback={<PageSpinner label={t`Loading chart`} />}>
                <ReportChart report={report} />
              </Suspense>
            )}
          </Card>
          <section aria-labelledby="report-rows" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="report-rows" className="text-lg font-semibold text-fg">
                {i18n._(IN_PERIOD[kind])}
              </h2>
              <div className="w-32">
                <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
              </div>
            </div>
            <ReportTable
              report={report}
              loading={query.isFetching && !query.data}
              limit={limit}
              empty={i18n._(EMPTY[kind])}
            />
            {report.total > 0 && (
              <Pager
                page={report.currentPage}
                totalPages={report.totalPages}
                total={report.total}
                fetching={query.isFetching}
                onPage={(p) => update({ page: p })}
                counted={COUNTED[kind]}
              />
            )}
            <p className="text-xs text-muted">
              <Trans>Download CSV saves every row of this period (all pages), with these columns.</Trans>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
