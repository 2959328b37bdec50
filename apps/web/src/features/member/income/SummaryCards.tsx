import type { EarningLimit } from '@app/contracts/incomes';
import type { TeamSummary } from '@app/contracts/referral';
import type { User, Wallets } from '@app/contracts/users';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUpFromLine, ChartColumn, UsersRound, WalletMinimal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { buttonClass } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount, formatPast } from '../../../lib/format';
import { micro, toWire } from '../../../lib/money';
import { EarningLimitBar } from './EarningLimitBar';

/** The three cards at the top of the Overview: Current Balance, Total Earnings, Team Summary. */

function Panel({
  title,
  icon,
  action,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted">
          <span aria-hidden="true">{icon}</span>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Loading({ what, error }: { what: 'balance' | 'limit' | 'team'; error: unknown }) {
  const { t } = useLingui();
  if (error) {
    const reason = errorMessage(error);
    const failed = {
      balance: t`Your balance could not be loaded: ${reason}`,
      limit: t`Your earning limit could not be loaded: ${reason}`,
      team: t`Team figures could not be loaded: ${reason}`,
    };
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {failed[what]}
      </p>
    );
  }
  const loading = {
    balance: t`Loading your balance`,
    limit: t`Loading your earning limit`,
    team: t`Loading team figures`,
  };
  return (
    <div className="flex min-h-24 items-center justify-center text-muted">
      <Spinner className="size-5" label={loading[what]} />
    </div>
  );
}

/** Money the member's income wallets hold now (earnings + ROI), with the fund wallet beside it. */
export function CurrentBalanceCard({ wallets, error }: { wallets: Wallets | undefined; error: unknown }) {
  const { t } = useLingui();
  const withdraw = (
    <Link to="/user/withdrawal" className={buttonClass('primary', 'sm')}>
      <ArrowUpFromLine className="size-4" aria-hidden="true" /> <Trans>Withdraw</Trans>
    </Link>
  );
  if (!wallets)
    return (
      <Panel
        title={t`Current balance`}
        icon={<WalletMinimal className="size-4" />}
        action={withdraw}
        testId="current-balance"
      >
        <Loading what="balance" error={error} />
      </Panel>
    );
  const w = wallets.wallets;
  const balance = toWire(micro(w.earnings) + micro(w.roi));
  const held = toWire(micro(wallets.held.earnings) + micro(wallets.held.roi));
  return (
    <Panel
      title={t`Current balance`}
      icon={<WalletMinimal className="size-4" />}
      action={withdraw}
      testId="current-balance"
    >
      <p className="text-3xl font-semibold tracking-tight text-fg">
        <Money value={balance} testId="current-balance-amount" />
      </p>
      <dl className="divide-y divide-line rounded-lg border border-line bg-subtle/60 px-3 text-sm">
        {[
          { label: t`Earnings wallet`, value: w.earnings, id: 'earnings' },
          { label: t`ROI wallet`, value: w.roi, id: 'roi' },
          { label: t`Fund wallet`, value: w.fund, id: 'fund' },
        ].map((f) => (
          <div key={f.id} className="flex items-baseline justify-between gap-3 py-1.5">
            <dt className="text-muted">{f.label}</dt>
            <dd className="font-medium text-fg">
              <Money value={f.value} testId={`balance-${f.id}`} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {held > 0 ? (
          <Trans>
            <Money value={held} /> more is held by pending withdrawals.
          </Trans>
        ) : (
          <Trans>
            Earnings and ROI: what you can withdraw or move to your fund wallet, which buys plans.
          </Trans>
        )}
      </p>
    </Panel>
  );
}

/**
 * Spec section 9's Total earnings: level_month + roi_income + reward + direct_income + salary, from
 * the member's own figures, summed in micro-units.
 */
export function specTotalEarnings(u: User): number {
  const parts = [u.level_month, u.roi_income, u.reward, u.direct_income, u.salary];
  return toWire(parts.reduce((acc, v) => acc + micro(v), 0n));
}

/**
 * Total earnings and the Available Limit bar. The limit counts level income of all time, stricter
 * than the spec's figure (level income of this month only): both are shown, and which one the
 * limit uses is said (docs/decisions/compensation.md, "Total earnings: both figures").
 */
export function TotalEarningsCard({
  limit,
  user,
  error,
}: {
  limit: EarningLimit | undefined;
  user: User | undefined;
  error: unknown;
}) {
  const { t } = useLingui();
  const spec = user ? specTotalEarnings(user) : null;
  return (
    <Panel title={t`Total earnings`} icon={<ChartColumn className="size-4" />} testId="total-earnings">
      {limit ? (
        <>
          <p className="text-3xl font-semibold tracking-tight text-fg">
            <Money value={limit.total_earnings} testId="total-earnings-amount" />
          </p>
          {spec !== null && (
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">
                <Trans>Counted by your limit (level income of all time)</Trans>
              </dt>
              <dd className="text-end font-medium tabular-nums text-fg">
                <Money value={limit.total_earnings} />
              </dd>
              <dt className="text-muted">
                <Trans>With level income of this month only</Trans>
              </dt>
              <dd className="text-end font-medium tabular-nums text-fg">
                <Money value={spec} testId="total-earnings-month" />
              </dd>
            </dl>
          )}
          <EarningLimitBar limit={limit} />
          <p className="text-xs text-muted">
            <Trans>
              The Available Limit uses the first figure: level income paid in earlier months still counts.
            </Trans>
          </p>
          {limit.outside_limit > 0 && (
            <p className="text-xs text-muted">
              <Trans>
                Plus <Money value={limit.outside_limit} /> of CTO and bonuses, which the limit does not count.
              </Trans>
            </p>
          )}
        </>
      ) : (
        <Loading what="limit" error={error} />
      )}
    </Panel>
  );
}

/** The team from the tree roll-up: directs, whole team, active members, business. */
export function TeamSummaryCard({
  team,
  error,
  onMore,
}: {
  team: TeamSummary | undefined;
  error: unknown;
  onMore: () => void;
}) {
  const { t } = useLingui();
  const more = (
    <button type="button" onClick={onMore} className="text-sm font-medium text-accent-text hover:underline">
      <Trans>Team stats</Trans>
    </button>
  );
  if (!team)
    return (
      <Panel title={t`Team summary`} icon={<UsersRound className="size-4" />} testId="team-summary">
        {error ? <TeamUnavailable error={error} /> : <Loading what="team" error={null} />}
      </Panel>
    );
  const facts = [
    { label: t`Direct members`, value: formatCount(team.direct_count), id: 'directs' },
    { label: t`Active directs`, value: formatCount(team.active_directs), id: 'active-directs' },
    { label: t`Team`, value: formatCount(team.team_count), id: 'team' },
    { label: t`Active team`, value: formatCount(team.active_team), id: 'active-team' },
  ];
  const updated = formatPast(team.as_of);
  return (
    <Panel
      title={t`Team summary`}
      icon={<UsersRound className="size-4" />}
      action={more}
      testId="team-summary"
    >
      <p className="text-3xl font-semibold tracking-tight text-fg">
        <Money value={team.team_business} testId="team-business" />
      </p>
      <p className="-mt-2 text-xs text-muted">
        <Trans>Team business: the active plans of the active members below you</Trans>
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {facts.map((f) => (
          <div key={f.id}>
            <dt className="text-xs text-muted">{f.label}</dt>
            <dd className="font-medium text-fg tabular-nums" data-testid={`team-${f.id}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        <Trans>Updated {updated}</Trans>
      </p>
    </Panel>
  );
}

/** The team route may not answer (not deployed yet, or failing): say so plainly. */
export function TeamUnavailable({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-lg border border-dashed border-line p-3 text-sm"
    >
      <p className="font-medium text-fg">{t`Team figures are unavailable right now.`}</p>
      <p className="text-xs text-muted">{errorMessage(error)}</p>
    </div>
  );
}
