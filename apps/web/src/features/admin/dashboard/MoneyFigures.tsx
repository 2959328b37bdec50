import { DEPOSIT_CHANNELS, type DepositChannel, type Overview } from '@app/contracts/reports';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
/** contracts' DEPOSIT_CHANNEL_LABELS (the server's English), in the back-office's catalog. */
const CHANNEL: Record<DepositChannel, MessageDescriptor> = {
  admin: msg({ message: 'Admin', context: 'deposit channel' }),
  crypto: msg({ message: 'Crypto', context: 'deposit channel' }),
  wallet: msg({ message: 'Wallet', context: 'deposit channel' }),
  code: msg({ message: 'Code', context: 'deposit channel' }),
};

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/** Every way money came in (they add up to Deposits approved), linked to the Deposits report. */
function ChannelSplit({ o }: { o: Overview }) {
  const { t, i18n } = useLingui();
  return (
    <Link
      to="/admin/reports?kind=deposits"
      className="mt-2 block rounded-lg border border-line bg-subtle/60 px-2.5 py-1.5 hover:border-accent"
      aria-label={t`Deposits approved by channel, open the deposits report`}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-xs" data-testid="deposits-by-channel">
        {DEPOSIT_CHANNELS.map((c) => (
          <div key={c} className="contents">
            <dt className="text-muted">{i18n._(CHANNEL[c])}</dt>
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
  const { t } = useLingui();
  return (
    <StatCard
      title={t`Coverage ratio`}
      icon={icon(ShieldCheck)}
      value={<span data-testid="coverage-ratio">{ratio === null ? '—' : percentFormat.format(ratio)}</span>}
      caption={
        <span className="flex flex-wrap items-center gap-1.5">
          {state === 'covered' && (
            <Badge tone="green">
              <Trans>Covered</Trans>
            </Badge>
          )}
          {state === 'short' && (
            <>
              <Badge tone="amber">
                <Trans>Short</Trans>
              </Badge>
              <span>
                <Trans>
                  by <Money value={shortBy} />
                </Trans>
              </span>
            </>
          )}
          {state === 'no_liabilities' && (
            <span>
              <Trans>No liabilities: nothing is owed to members yet.</Trans>
            </span>
          )}
          {state !== 'no_liabilities' && (
            <span>
              <Trans>Reserves ÷ liabilities</Trans>
            </span>
          )}
        </span>
      }
    />
  );
}

/** The money half of the dashboard: solvency, money in and out, and a 14-day chart. */
export function MoneyFigures() {
  const { data: o, isPending, error } = useOverview();
  const { t } = useLingui();
  if (error) return <Banner tone="error">{errorMessage(error)}</Banner>;
  if (isPending) return <PageSpinner label={t`Loading money figures`} />;
  const flowless = o.per_day.every((d) => d.deposits === 0 && d.withdrawals === 0);
  const depositsCount = plural(o.deposits.approved_count, { one: '# deposit', other: '# deposits' });
  const depositsToday = formatCount(o.deposits.approved_today_count);
  const pendingCount = plural(o.deposits.pending_count, { one: '# deposit', other: '# deposits' });
  const awaiting = formatCount(o.deposits.awaiting_approval_count);
  const paidCount = plural(o.withdrawals.paid_count, { one: '# request', other: '# requests' });
  const paidToday = formatCount(o.withdrawals.paid_today_count);
  const pendingRequests = o.withdrawals.pending_count;

  return (
    <section aria-labelledby="money-heading" className="flex flex-col gap-4">
      <h2 id="money-heading" className="text-lg font-semibold text-fg">
        <Trans>Money</Trans>
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title={t`Liabilities`}
          icon={icon(Scale)}
          value={<Money value={o.liabilities.total} testId="liabilities" />}
          caption={
            <Trans>
              Member balances <Money value={o.liabilities.available} /> + pending withdrawals{' '}
              <Money value={o.liabilities.held} />
            </Trans>
          }
        />
        <StatCard
          title={t`Reserves`}
          icon={icon(Landmark)}
          value={<Money value={o.reserves.total} testId="reserves" />}
          caption={
            <Trans>
              Received <Money value={o.reserves.received} /> − paid out <Money value={o.reserves.paid_out} />
            </Trans>
          }
        />
        <Coverage o={o} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t`Deposits approved`}
          icon={icon(ArrowDownToLine)}
          value={<Money value={o.deposits.approved_total} testId="deposits-approved" />}
          caption={
            <Trans>
              <span data-testid="deposits-approved-count">{depositsCount}</span> · today {depositsToday} for{' '}
              <Money value={o.deposits.approved_today} />
            </Trans>
          }
        >
          <ChannelSplit o={o} />
        </StatCard>
        <StatCard
          title={t`Deposits pending`}
          icon={icon(Clock)}
          value={<Money value={o.deposits.pending_amount} testId="deposits-pending" />}
          // the link underlined: inside a sentence, a link must not be told apart by its colour alone
          caption={
            <Trans>
              <span data-testid="deposits-pending-count">{pendingCount}</span> not credited yet ·{' '}
              <Link to="/admin/deposits?status=pending" className="text-accent-text underline">
                {awaiting} waiting for approval
              </Link>
            </Trans>
          }
        />
        <StatCard
          title={t`Withdrawals paid`}
          icon={icon(ArrowUpFromLine)}
          value={<Money value={o.withdrawals.paid_total} testId="withdrawals-paid" />}
          caption={
            <Trans>
              {paidCount} · today {paidToday} for <Money value={o.withdrawals.paid_today} /> · fees kept{' '}
              <Money value={o.withdrawals.fees_total} />
            </Trans>
          }
        />
        <StatCard
          title={t`Withdrawals pending`}
          icon={icon(Clock)}
          value={<Money value={o.withdrawals.pending_amount} testId="withdrawals-pending" />}
          caption={
            <Link to="/admin/withdrawals?status=pending" className="text-accent-text hover:underline">
              {plural(pendingRequests, {
                one: '# request waiting for a decision',
                other: '# requests waiting for a decision',
              })}
            </Link>
          }
        />
      </div>
      <Card
        title={t`Deposits and withdrawals per day`}
        action={
          <Link to="/admin/reports" className="text-sm font-medium text-accent-text hover:underline">
            <Trans>Open reports</Trans>
          </Link>
        }
      >
        {flowless ? (
          <p className="py-10 text-center text-sm text-muted">
            <Trans>No deposit approved and no withdrawal paid in the last 14 days.</Trans>
          </p>
        ) : (
          <Suspense fallback={<PageSpinner label={t`Loading chart`} />}>
            <MoneyFlowChart data={o.per_day} />
          </Suspense>
        )}
      </Card>
    </section>
  );
}
