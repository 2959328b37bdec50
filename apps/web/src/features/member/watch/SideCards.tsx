import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, Clapperboard, Package } from 'lucide-react';
import { Link } from 'react-router';
import type { Bonus } from '../../../api/bonuses';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { When } from '../../../components/ui/When';
import { formatHours, useCountdown } from './useEligibility';

/**
 * Spec 2.6's plan status: 'No Plan', or the member's plan by its name (the spec's 'Premium Active'
 * named every plan premium, a Starter one too: issue 29.10), plus the last claim date if present.
 */
export function PlanStatusCard({
  activePlan,
  planName,
  lastClaim,
}: {
  activePlan: number;
  /** The plan's name; undefined while the plans load. */
  planName: string | undefined;
  lastClaim: string | null;
}) {
  const { t } = useLingui();
  const holdsPlan = activePlan > 0;
  return (
    <Card
      title={t`Plan status`}
      action={
        holdsPlan ? (
          <Badge tone="green">
            <BadgeCheck className="size-3.5" aria-hidden="true" /> <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge>{t`No Plan`}</Badge>
        )
      }
    >
      <div data-testid="plan-status" className="flex flex-col gap-3">
        <p className="text-2xl font-semibold text-fg">
          {holdsPlan ? (planName ?? t`Your plan`) : t`No Plan`}
        </p>
        {holdsPlan ? (
          <p className="text-sm text-muted">
            <Trans>
              Active plan <Money value={activePlan} className="font-medium text-fg" />
            </Trans>
          </p>
        ) : (
          <p className="text-sm text-muted">
            <Package className="me-1 inline size-4" aria-hidden="true" />
            <Trans>
              <Link to="/user/subscription" className="text-accent hover:underline">
                Buy a plan
              </Link>{' '}
              to earn a daily ROI.
            </Trans>
          </p>
        )}
        {lastClaim && (
          <p className="text-sm text-muted">
            <Trans>
              Last claim <When iso={lastClaim} />
            </Trans>
          </p>
        )}
      </div>
    </Card>
  );
}

/** The ad bonus (`add_income`): watch an ad, claim it once per its period. */
export function AdBonusCard({
  bonus,
  now,
  fetchedAt,
  denied,
  onWatch,
}: {
  bonus: Bonus | undefined;
  now: string | undefined;
  fetchedAt: number;
  denied: boolean;
  onWatch: () => void;
}) {
  const wait =
    bonus?.next_claim_at && now
      ? Math.max(0, (Date.parse(bonus.next_claim_at) - Date.parse(now)) / 3_600_000)
      : 0;
  const { t } = useLingui();
  const hoursLeft = useCountdown(wait, fetchedAt);
  const period = bonus?.period_hours ?? 0;
  return (
    <Card title={t`Ad bonus`} action={<Clapperboard className="size-5 text-muted" aria-hidden="true" />}>
      {!bonus ? (
        <p className="text-sm text-muted">
          <Trans>No ad bonus right now. Check back later.</Trans>
        </p>
      ) : (
        <div className="flex flex-col gap-3" data-testid="ad-bonus">
          <p className="text-sm text-muted">
            <Trans>
              Watch a short ad to earn <Money value={bonus.amount} className="font-medium text-fg" />,{' '}
              <Plural value={period} one="once every # hour." other="once every # hours." />
            </Trans>
          </p>
          {bonus.description && <p className="text-sm text-muted">{bonus.description}</p>}
          {hoursLeft > 0 ? (
            <p className="text-sm text-muted">
              <Trans>
                Claimed. Next ad in{' '}
                <span className="font-mono tabular-nums text-fg">{formatHours(hoursLeft)}</span>
              </Trans>
            </p>
          ) : (
            <Button variant="secondary" onClick={onWatch} disabled={denied} className="self-start">
              <Clapperboard className="size-4" aria-hidden="true" /> <Trans>Watch ad</Trans>
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
