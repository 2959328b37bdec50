import { Network, UserCheck, Users, Wallet } from 'lucide-react';
import { useMember } from '../../../api/auth-store';
import { useTeamSummary } from '../../../api/incomes';
import { StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { formatCount, formatPast } from '../../../lib/format';

/** The member's team at a glance, from the tree roll-up (GET /referral/team/{id}). */
export function TeamFigures() {
  const member = useMember();
  const { data: team, error } = useTeamSummary(member?.id ?? 0, 'member');
  if (error) return null;
  const value = (v: number | undefined) => (v === undefined ? '…' : formatCount(v));
  const updated = team ? `Updated ${formatPast(team.as_of)}` : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        title="Direct members"
        value={<span data-testid="team-directs">{value(team?.direct_count)}</span>}
        caption={team ? `${formatCount(team.active_directs)} active` : undefined}
        icon={<Users className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title="Team size"
        value={<span data-testid="team-size">{value(team?.team_count)}</span>}
        caption="Everyone below you"
        icon={<Network className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title="Active team"
        value={value(team?.active_team)}
        caption={updated}
        icon={<UserCheck className="size-4" aria-hidden="true" />}
      />
      <StatCard
        title="Team business"
        value={
          team ? (
            <span className="text-lg sm:text-2xl">
              <Money value={team.team_business} />
            </span>
          ) : (
            '…'
          )
        }
        caption="Active plans of the active members below you"
        icon={<Wallet className="size-4" aria-hidden="true" />}
      />
    </div>
  );
}
