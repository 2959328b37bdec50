import { type IncomeSummary, SUMMARY_PERIODS, type SummaryPeriod } from '@app/contracts/incomes';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Suspense } from 'react';
import { errorMessage } from '../../../api/client';
import { lazyComponent } from '../../../app/lazy-page';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { Segmented } from '../../../components/ui/Segmented';
import { PageSpinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { formatCount, money } from '../../../lib/format';
import { formatDay, OTHER_PARTS, PART_FILL, SPEC_PARTS, useIncomeWords } from './income-labels';
import { formatShareNumber } from './percent';

// Recharts loads with the chart only, after the figures are on screen.
const DistributionChart = lazyComponent(() => import('./DistributionChart'));

type Part = IncomeSummary['parts'][number];

/** The real change against the previous equal period (spec 2.7 shows fixed figures; we do not). */
export function Change({
  figure,
  period,
}: {
  figure: Pick<Part, 'current' | 'previous' | 'change_percent'>;
  period: SummaryPeriod;
}) {
  const { t } = useLingui();
  const { previousLabel } = useIncomeWords();
  const before = previousLabel(period);
  const against = t`vs ${before}`;
  if (figure.change_percent === null) {
    return (
      <span className="text-xs text-muted" title={against}>
        {figure.current > 0 ? t`New: none in ${before}` : t`None in either period`}
      </span>
    );
  }
  const up = figure.change_percent > 0;
  const flat = figure.change_percent === 0;
  const Icon = flat ? Minus : up ? ArrowUpRight : ArrowDownRight;
  const previous = money(figure.previous).text;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium tabular-nums',
        flat ? 'text-muted' : up ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
      )}
      title={t`Previous period: ${previous}`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {/* the sign and figure read left to right in Arabic too */}
      <bdi dir="ltr">
        {up ? '+' : ''}
        {formatShareNumber(figure.change_percent)}
      </bdi>
      <span className="font-normal text-muted">{against}</span>
    </span>
  );
}

function PartTile({ part, period, big }: { part: Part; period: SummaryPeriod; big: boolean }) {
  const { PART } = useIncomeWords();
  const count = formatCount(part.count);
  return (
    <div
      className={cn('min-w-0 rounded-lg border border-line p-3', big ? 'bg-surface' : 'bg-subtle/50')}
      data-testid={`part-${part.key}`}
    >
      <p className="flex items-center gap-2 text-sm text-muted">
        <span className="size-2.5 shrink-0 rounded-full" style={{ background: PART_FILL[part.key] }} />
        {PART[part.key]}
      </p>
      <p className={cn('mt-1 font-semibold text-fg', big ? 'text-xl' : 'text-base')}>
        <Money value={part.current} testId={`part-${part.key}-amount`} />
      </p>
      <p className="mt-0.5" data-testid={`part-${part.key}-change`}>
        <Change figure={part} period={period} />
      </p>
      {big && (
        <p className="mt-1 text-xs text-muted">
          <Trans>
            {count} paid · <Money value={part.lifetime} /> in all
          </Trans>
        </p>
      )}
    </div>
  );
}

/** Income Distribution (spec 2.7): Add Income, Referral, Level, Rewards, then the other kinds, and a chart. */
export function Distribution({
  summary,
  error,
  period,
  onPeriod,
  fetching,
}: {
  summary: IncomeSummary | undefined;
  error: unknown;
  period: SummaryPeriod;
  onPeriod: (p: SummaryPeriod) => void;
  fetching: boolean;
}) {
  const { t } = useLingui();
  const { PERIOD } = useIncomeWords();
  const parts = summary?.parts ?? [];
  const days = PERIOD[period];
  const reason = error ? errorMessage(error) : '';
  const byKey = (keys: string[]) =>
    keys.map((k) => parts.find((p) => p.key === k)).filter((p) => p !== undefined);
  return (
    <Card title={t`Income distribution`}>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Segmented
            legend={t`Period`}
            options={SUMMARY_PERIODS.map((p) => ({ value: p, label: PERIOD[p] }))}
            value={period}
            onValue={onPeriod}
            columns="grid-cols-3"
            className="w-full sm:w-auto"
          />
          {summary && (
            <p className="text-sm text-muted" aria-live="polite">
              <PeriodRange summary={summary} />
            </p>
          )}
        </div>
        {!summary ? (
          error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              <Trans>Your incomes could not be loaded: {reason}</Trans>
            </p>
          ) : (
            <PageSpinner label={t`Loading your incomes`} />
          )
        ) : (
          <>
            <div
              className={cn('flex items-baseline justify-between gap-3 flex-wrap', fetching && 'opacity-60')}
              data-testid="period-total"
            >
              <p className="text-sm text-muted">
                <Trans>
                  Paid in the last {days}:{' '}
                  <Money
                    value={summary.total.current}
                    className="text-lg font-semibold text-fg"
                    testId="period-total-amount"
                  />
                </Trans>
              </p>
              <Change figure={summary.total} period={period} />
            </div>
            <div className={cn('grid grid-cols-2 gap-3 xl:grid-cols-4', fetching && 'opacity-60')}>
              {byKey(SPEC_PARTS).map((p) => (
                <PartTile key={p.key} part={p} period={period} big />
              ))}
            </div>
            <div className={cn('grid grid-cols-2 gap-3 xl:grid-cols-4', fetching && 'opacity-60')}>
              {byKey(OTHER_PARTS).map((p) => (
                <PartTile key={p.key} part={p} period={period} big={false} />
              ))}
            </div>
            {summary.total.current === 0 ? (
              <p className="rounded-lg border border-dashed border-line py-10 text-center text-sm text-muted">
                <Trans>
                  No income was paid in the last {days}. Invite members and claim your daily ROI to start
                  earning.
                </Trans>
              </p>
            ) : (
              <Suspense fallback={<PageSpinner label={t`Loading chart`} />}>
                <DistributionChart summary={summary} />
              </Suspense>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

/** "26 Oct 2026 – 1 Nov 2026 (UTC days), compared with ...": the period and the one before it. */
function PeriodRange({ summary }: { summary: IncomeSummary }) {
  // each date isolated (FSI…PDI): Arabic's 29/11/2026 would otherwise run into the sentence around it
  const day = (iso: string) => `\u2068${formatDay(iso)}\u2069`;
  const from = day(summary.from);
  const to = day(summary.to);
  const previousFrom = day(summary.previous_from);
  const previousTo = day(summary.previous_to);
  return (
    <Trans>
      {from} – {to} (UTC days), compared with {previousFrom} – {previousTo}
    </Trans>
  );
}
