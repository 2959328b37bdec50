import type { Plan } from '@app/contracts/plans';
import { Trans } from '@lingui/react/macro';
import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { formatCount } from '../../../lib/format';
import { formatPercentNumber as formatPercent } from '../withdrawal/percent';

interface PlanCardProps {
  plan: Plan;
  /** The plan the member bought last. */
  current: boolean;
  /** The member already holds a plan: buying adds to it. */
  holdsPlan: boolean;
  onBuy: (plan: Plan) => void;
}

export function PlanCard({ plan, current, holdsPlan, onBuy }: PlanCardProps) {
  const roi = formatPercent(plan.roi_percent);
  const direct = formatPercent(plan.direct_percent);
  const multiple = formatCount(plan.cap_multiple);
  const name = plan.name;
  return (
    <section
      aria-labelledby={`plan-${plan.id}`}
      className="flex min-w-0 flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`plan-${plan.id}`} className="text-lg font-semibold text-fg">
          {plan.name}
        </h2>
        {current && (
          <Badge tone="accent">
            <BadgeCheck className="size-3.5" aria-hidden="true" /> <Trans>Your plan</Trans>
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          <Money value={plan.min_amount} /> to <Money value={plan.max_amount} />
        </Trans>
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-2 border-t border-line pt-4 text-center">
        <div>
          <dt className="text-xs text-muted">
            <Trans>Daily ROI</Trans>
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums text-fg">{roi}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            <Trans>Earning limit</Trans>
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums text-fg">
            <Trans>{multiple}×</Trans>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            <Trans>Referral income</Trans>
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums text-fg">{direct}</dd>
        </div>
      </dl>
      <p className="mt-4 flex-1 text-xs text-muted">
        <Trans>
          Earns {roi} of your active plan a day, up to {multiple} times the plan in total earnings. Your
          sponsor earns {direct} once.
        </Trans>
      </p>
      {/* the visible text is the accessible name (WCAG 2.5.3, issue 37.20): a voice user says what
          they see; what buying does for a member who holds a plan is said beside it, not in the name */}
      <Button
        className="mt-4 w-full"
        onClick={() => onBuy(plan)}
        aria-describedby={holdsPlan ? `plan-${plan.id}-adds` : undefined}
      >
        <Trans>Buy {name}</Trans>
      </Button>
      {holdsPlan && (
        <p id={`plan-${plan.id}-adds`} className="mt-2 text-center text-xs text-muted">
          <Trans>Adds to your active plan.</Trans>
        </p>
      )}
    </section>
  );
}

export function PlanCardSkeleton() {
  return (
    <div className="rounded-xl border border-line bg-surface p-5 shadow-sm" aria-hidden="true">
      <span className="block h-6 w-32 animate-pulse rounded bg-subtle" />
      <span className="mt-2 block h-4 w-48 animate-pulse rounded bg-subtle" />
      <span className="mt-6 block h-12 w-full animate-pulse rounded bg-subtle" />
      <span className="mt-6 block h-10 w-full animate-pulse rounded bg-subtle" />
    </div>
  );
}
