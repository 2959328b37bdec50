import type { TeamSummary } from '@app/contracts/referral';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageSpinner } from '../../../components/ui/Spinner';
import { type Column, Table } from '../../../components/ui/Table';
import { formatCount, formatPast } from '../../../lib/format';
import { micro } from '../../../lib/money';
import { formatShareNumber } from './percent';
import { TeamUnavailable } from './SummaryCards';

type Leg = TeamSummary['legs'][number];

/** A leg's share of the team business, in whole percent with one decimal. */
function shareOf(leg: Leg, team: TeamSummary) {
  const whole = micro(team.team_business);
  return whole > 0n ? Number((micro(leg.business) * 1000n) / whole) / 10 : 0;
}

function useLegColumns(team: TeamSummary): Array<Column<Leg>> {
  const { t } = useLingui();
  return [
    {
      key: 'member',
      header: t`Direct member`,
      cell: (l) => <span className="font-medium text-fg">{l.username}</span>,
    },
    {
      key: 'team',
      header: t`Team`,
      className: 'text-end',
      cell: (l) => <span className="tabular-nums">{formatCount(l.team_count)}</span>,
    },
    {
      // the direct member's plan plus their team business: the legs add up to the Team business
      key: 'business',
      header: t`Leg business`,
      className: 'text-end',
      cell: (l) => <Money value={l.business} />,
    },
    {
      key: 'share',
      header: t`Share`,
      className: 'w-48',
      cell: (l) => {
        const share = shareOf(l, team);
        return (
          <span className="flex items-center gap-2">
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset">
              <span className="block h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
            </span>
            <span className="w-14 text-end text-xs tabular-nums text-muted">{formatShareNumber(share)}</span>
          </span>
        );
      },
    },
  ];
}

/** Team Stats: the team figures of the tree roll-up and the business of each leg. */
export function TeamStatsTab({
  team,
  error,
  loading,
}: {
  team: TeamSummary | undefined;
  error: unknown;
  loading: boolean;
}) {
  const { t } = useLingui();
  if (!team)
    return error ? (
      <TeamUnavailable error={error} />
    ) : loading ? (
      <PageSpinner label={t`Loading team`} />
    ) : null;
  return <TeamStats team={team} />;
}

function TeamStats({ team }: { team: TeamSummary }) {
  const { t } = useLingui();
  const columns = useLegColumns(team);
  const updated = formatPast(team.as_of);
  return (
    <section aria-label={t`Team stats`} className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-5">
        <div className="col-span-2 sm:col-span-1">
          <StatCard
            title={t`Team business`}
            value={<Money value={team.team_business} />}
            caption={t`Active plans of the active members below you`}
          />
        </div>
        <StatCard
          title={t`Direct members`}
          value={formatCount(team.direct_count)}
          caption={t`Members you sponsored`}
        />
        <StatCard
          title={t`Active directs`}
          value={formatCount(team.active_directs)}
          caption={t`Unlock level incomes`}
        />
        <StatCard title={t`Team`} value={formatCount(team.team_count)} caption={t`Your whole downline`} />
        <StatCard
          title={t`Active team`}
          value={formatCount(team.active_team)}
          caption={t`Holding an active plan`}
        />
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 className="text-lg font-semibold text-fg">
            <Trans>Business per leg</Trans>
          </h2>
          <p className="text-xs text-muted">
            <Trans>Updated {updated}</Trans>
          </p>
        </div>
        <Table
          caption={t`Business per leg`}
          columns={columns}
          rows={team.legs}
          rowKey={(l) => l.user_id}
          empty={
            <Trans>
              No direct members yet. Share your referral link from the{' '}
              <Link to="/user/dashboard" className="font-medium text-accent-text hover:underline">
                dashboard
              </Link>{' '}
              to start your team.
            </Trans>
          }
          minWidth="min-w-[520px]"
        />
        <p className="text-xs text-muted">
          <Trans>
            A leg is a direct member with their whole team: their own plan plus their team business. Rewards
            count no single leg for more than its capped share of a target.
          </Trans>
        </p>
      </div>
    </section>
  );
}
