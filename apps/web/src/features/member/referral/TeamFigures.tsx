import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Network, UserCheck, Users, Wallet } from 'lucide-react';
import { useMember } from '../../../api/auth-store';
import { useTeamSummary } from '../../../api/incomes';
import { StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { formatCount, formatPast } from '../../../lib/format';

/** The member's team at a glance, from the tree roll-up (GET /referral/team/{id}). */
export function TeamFigures() {
  const { t } = useLingui();
  const member = useMember();
  const { data: team, error } = useTeamSummary(member?.id ?? 0, 'member');
  if (error) return null;
  const value = (v: number | undefined) => (v === undefined ? '…' : formatCount(v));
  const when = team ? formatPast(team.as_of) : '';
  const updated = team ? t`Updated ${when}` : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        title={t`Direct members`}
        value={<span data-testid="team-directs">{value(team?.direct_count)}</span>}
        caption={team ? plural(team.active_directs, { one: '# active', other: '# active' }) : undefined}
        icon={<Users className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title={t`Team size`}
        value={<span data-testid="team-size">{value(team?.team_count)}</span>}
        caption={t`Everyone below you`}
        icon={<Network className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title={t`Active team`}
        value={value(team?.active_team)}
        caption={updated}
        icon={<UserCheck className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title={t`Team business`}
        value={
          team ? (
            <span className="text-lg sm:text-2xl">
              <Money value={team.team_business} />
            </span>
          ) : (
            '…'
          )
        }
        caption={t`Active plans of the active members below you`}
        icon={<Wallet className="size-4" aria-hidden="true" />}
      />
    </div>
  );
}
