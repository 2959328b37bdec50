import { DEPOSIT_CHANNEL_LABELS, DEPOSIT_CHANNELS, type Overview } from '@app/contracts/reports';
import { ArrowDownToLine, ArrowUpFromLine, Clock, Landmark, Scale, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useOverview } from '../../../api/reports';
import { lazyComponent } from '../../../app/lazy-page';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Card, StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageSpinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';

// Recharts loads only with the chart, after the figures are on screen.
const MoneyFlowChart = lazyComponent(() => import('./MoneyFlowChart'));

const icon = (Icon: typeof Scale) => <Icon className="size-4" aria-hidden="true" />;
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/** Every way money came in (they add up to Deposits approved), linked to the Deposits report. */
function ChannelSplit({ o }: { o: Overview }) {
  return (
    <Link
      to="/admin/reports?kind=deposits"
      className="mt-2 block rounded-lg border border-line bg-subtle/60 px-2.5 py-1.5 hover:border-accent"
      aria-label="Deposits approved by channel, open the deposits report"
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-xs" data-testid="deposits-by-channel">
        {DEPOSIT_CHANNELS.map((c) => (
          <div key={c} className="contents">
            <dt className="text-muted">{DEPOSIT_CHANNEL_LABELS[c]}</dt>
            <dd className="text-right font-medium text-fg tabular-nums" data-testid={`deposits-channel-${c}`}>
              <Money value={o.deposits.by_channel[c].total} />
            </dd>
          </div>
        ))}
      </dl>
    </Link>
  );
}

function Coverage({ o }: { o: Overview }) {
  const { ratio, state } = o.coverage;
  const shortBy = o.liabilities.total - o.reserves.total;
  return (
    <StatCard
      title="Coverage ratio"
      icon={icon(ShieldCheck)}
      value={<span data-testid="coverage-ratio">{ratio === null ? '—' : percentFormat.format(ratio)}</span>}
      caption={
        <span className="flex flex-wrap items-center gap-1.5">
          {state === 'covered' && <Badge tone="green">Covered</Badge>}
          {state === 'short' && (
            <>
              <Badge tone="amber">Short</Badge>
              <span>
                by <Money value={shortBy} />
              </span>
            </>
          )}
          {state === 'no_liabilities' && <span>No liabilities: nothing is owed to members yet.</span>}
          {state !== 'no_liabilities' && <span>Reserves ÷ liabilities</span>}
        </span>
      }
    />
  );
}

/** The money half of the dashboard: solvency, money in and out, and a 14-day chart. */
export function MoneyFigures() {
  const { data: o, isPending, error } = useOverview();
  if (error) return <Banner tone="error">{errorMessage(error)}</Banner>;
  if (isPending) return <PageSpinner label="Loading money figures" />;
  const flowless = o.per_day.every((d) => d.deposits === 0 && d.withdrawals === 0);

  return (
    <section aria-labelledby="money-heading" className="flex flex-col gap-4">
      <h2 id="money-heading" className="text-lg font-semibold text-fg">
        Money
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="Liabilities"
          icon={icon(Scale)}
          value={<Money value={o.liabilities.total} testId="liabilities" />}
          caption={
            <>
              Member balances <Money value={o.liabilities.available} /> + pending withdrawals{' '}
              <Money value={o.liabilities.held} />
            </>
          }
        />
        <StatCard
          title="Reserves"
          icon={icon(Landmark)}
          value={<Money value={o.reserves.total} testId="reserves" />}
          caption={
            <>
              Received <Money value={o.reserves.received} /> − paid out <Money value={o.reserves.paid_out} />
            </>
          }
        />
        <Coverage o={o} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Deposits approved"
          icon={icon(ArrowDownToLine)}
          value={<Money value={o.deposits.approved_total} testId="deposits-approved" />}
          caption={
            <>
              <span data-testid="deposits-approved-count">
                {plural(o.deposits.approved_count, 'deposit', 'deposits')}
              </span>{' '}
              · today {formatCount(o.deposits.approved_today_count)} for{' '}
              <Money value={o.deposits.approved_today} />
            </>
          }
        >
          <ChannelSplit o={o} />
        </StatCard>
        <StatCard
          title="Deposits pending"
          icon={icon(Clock)}
          value={<Money value={o.deposits.pending_amount} testId="deposits-pending" />}
          caption={
            <>
              <span data-testid="deposits-pending-count">
                {plural(o.deposits.pending_count, 'deposit', 'deposits')}
              </span>{' '}
              not credited yet ·{' '}
              {/* underlined: inside a sentence, a link must not be told apart by its colour alone */}
              <Link to="/admin/deposits?status=pending" className="text-accent-text underline">
                {formatCount(o.deposits.awaiting_approval_count)} waiting for approval
              </Link>
            </>
          }
        />
        <StatCard
          title="Withdrawals paid"
          icon={icon(ArrowUpFromLine)}
          value={<Money value={o.withdrawals.paid_total} testId="withdrawals-paid" />}
          caption={
            <>
              {plural(o.withdrawals.paid_count, 'request', 'requests')} · today{' '}
              {formatCount(o.withdrawals.paid_today_count)} for <Money value={o.withdrawals.paid_today} /> ·
              fees kept <Money value={o.withdrawals.fees_total} />
            </>
          }
        />
        <StatCard
          title="Withdrawals pending"
          icon={icon(Clock)}
          value={<Money value={o.withdrawals.pending_amount} testId="withdrawals-pending" />}
          caption={
            <Link to="/admin/withdrawals?status=pending" className="text-accent-text hover:underline">
              {plural(o.withdrawals.pending_count, 'request', 'requests')} waiting for a decision
            </Link>
          }
        />
      </div>
      <Card
        title="Deposits and withdrawals per day"
        action={
          <Link to="/admin/reports" className="text-sm font-medium text-accent-text hover:underline">
            Open reports
          </Link>
        }
      >
        {flowless ? (
          <p className="py-10 text-center text-sm text-muted">
            No deposit approved and no withdrawal paid in the last 14 days.
          </p>
        ) : (
          <Suspense fallback={<PageSpinner label="Loading chart" />}>
            <MoneyFlowChart data={o.per_day} />
          </Suspense>
        )}
      </Card>
    </section>
  );
}
