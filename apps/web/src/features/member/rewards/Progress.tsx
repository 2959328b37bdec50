import type { RewardBusiness } from '@app/contracts/rewards';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bar } from '../../../components/ui/Bar';
import { Money } from '../../../components/ui/Money';
import { formatPercentNumber, formatShareNumber } from '../income/percent';

/** The stage's overall progress: business counted (after the leg cap) against the threshold. */
export function OverallProgress({ business }: { business: RewardBusiness }) {
  const { t } = useLingui();
  const percent = formatShareNumber(
    Math.min(100, Math.floor((business.counted / business.threshold) * 100)),
    0,
  );
  const capPercent = formatPercentNumber(business.leg_cap_percent);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="text-muted">
          <Trans>Team business counted</Trans>
        </span>
        <span className="tabular-nums text-fg" data-testid="reward-counted">
          <Trans>
            <Money value={business.counted} className="font-semibold" /> of{' '}
            <Money value={business.threshold} />
          </Trans>
        </span>
      </div>
      <Bar value={business.counted} max={business.threshold} label={t`Stage progress`} className="h-3" />
      <p className="text-xs text-muted tabular-nums">
        <Trans>
          {percent} · no leg counts for more than <Money value={business.leg_cap} /> ({capPercent} of the
          threshold)
        </Trans>
        {business.total > business.counted && (
          <>
            {' · '}
            <Trans>
              <Money value={business.total} /> in all before the cap
            </Trans>
          </>
        )}
      </p>
    </div>
  );
}

/** One bar per leg: its business against the leg cap, what it counts for, what was carried in. */
export function LegProgress({ business }: { business: RewardBusiness }) {
  const { t } = useLingui();
  if (business.legs.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        <Trans>
          No team business in this window yet. Purchases by anyone in your downline count here, grouped by the
          direct member whose team they are in.
        </Trans>
      </p>
    );
  }
  return (
    <ul aria-label={t`Business per leg`} className="flex flex-col gap-4">
      {business.legs.map((leg) => {
        const name = leg.username;
        return (
          <li key={leg.user_id} className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
              <span className="font-medium text-fg">
                {leg.username}
                {leg.capped && (
                  <span className="ms-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300">
                    <Trans>capped</Trans>
                  </span>
                )}
              </span>
              <span className="text-muted tabular-nums">
                <Trans>
                  counts <Money value={leg.counted} className="text-fg" /> of <Money value={leg.business} />
                </Trans>
              </span>
            </div>
            <Bar value={leg.counted} max={business.leg_cap} label={t`Leg ${name}`} className="h-2" />
            {leg.carried > 0 && (
              <p className="text-xs text-muted">
                <Trans>
                  Includes <Money value={leg.carried} /> carried forward from the previous stage.
                </Trans>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
