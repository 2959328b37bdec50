import type { RewardBusiness } from '@app/contracts/rewards';
import { Bar } from '../../../components/ui/Bar';
import { Money } from '../../../components/ui/Money';

/** The stage's overall progress: business counted (after the leg cap) against the threshold. */
export function OverallProgress({ business }: { business: RewardBusiness }) {
  const percent = Math.min(100, Math.floor((business.counted / business.threshold) * 100));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="text-muted">Team business counted</span>
        <span className="tabular-nums text-fg" data-testid="reward-counted">
          <Money value={business.counted} className="font-semibold" /> of <Money value={business.threshold} />
        </span>
      </div>
      <Bar value={business.counted} max={business.threshold} label="Stage progress" className="h-3" />
      <p className="text-xs text-muted tabular-nums">
        {percent} % · no leg counts for more than <Money value={business.leg_cap} /> (
        {business.leg_cap_percent} % of the threshold)
        {business.total > business.counted && (
          <>
            {' '}
            · <Money value={business.total} /> in all before the cap
          </>
        )}
      </p>
    </div>
  );
}

/** One bar per leg: its business against the leg cap, what it counts for, what was carried in. */
export function LegProgress({ business }: { business: RewardBusiness }) {
  if (business.legs.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        No team business in this window yet. Purchases by anyone in your downline count here, grouped by the
        direct member whose team they are in.
      </p>
    );
  }
  return (
    <ul aria-label="Business per leg" className="flex flex-col gap-4">
      {business.legs.map((leg) => (
        <li key={leg.user_id} className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-fg">
              {leg.username}
              {leg.capped && (
                <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300">
                  capped
                </span>
              )}
            </span>
            <span className="text-muted tabular-nums">
              counts <Money value={leg.counted} className="text-fg" /> of <Money value={leg.business} />
            </span>
          </div>
          <Bar value={leg.counted} max={business.leg_cap} label={`Leg ${leg.username}`} className="h-2" />
          {leg.carried > 0 && (
            <p className="text-xs text-muted">
              Includes <Money value={leg.carried} /> carried forward from the previous stage.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
