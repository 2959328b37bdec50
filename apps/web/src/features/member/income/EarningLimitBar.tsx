import type { EarningLimit } from '@app/contracts/incomes';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/Money';
import { cn } from '../../../lib/cn';
import { formatShare } from '../../../lib/money';

/**
 * The Available Limit bar (spec 2.7, section 9): how much of the earning limit (active plan × cap
 * multiple) total earnings have used, and what is left. Amber from 80 %, red at the limit.
 */
export function EarningLimitBar({ limit, compact = false }: { limit: EarningLimit; compact?: boolean }) {
  if (limit.active_plan === 0) {
    return (
      <p className="text-sm text-muted">
        No active plan, so no earning limit yet: incomes counted in it are paid up to {limit.cap_multiple}×
        your active plan.{' '}
        <Link to="/user/subscription" className="font-medium text-accent-text hover:underline">
          Buy a plan
        </Link>
      </p>
    );
  }
  const used = limit.used_percent;
  const tone = limit.at_limit ? 'bg-red-600' : used >= 80 ? 'bg-amber-500' : 'bg-accent';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted">Available Limit</span>
        <Money value={limit.available_limit} className="font-semibold text-fg" testId="available-limit" />
      </div>
      <div
        role="progressbar"
        aria-label="Earning limit used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={used}
        aria-valuetext={`${formatShare(used)} of the earning limit used`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset"
      >
        <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${used}%` }} />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted">
        <span>
          <Money value={limit.total_earnings} /> earned of{' '}
          <Money value={limit.earning_limit} testId="earning-limit" />
        </span>
        <span className="tabular-nums">{formatShare(used)} used</span>
      </div>
      {!compact && (
        <p className={cn('text-xs', limit.at_limit ? 'text-red-700 dark:text-red-400' : 'text-muted')}>
          {limit.at_limit ? (
            <>
              Limit reached: direct, level, ROI, reward and salary incomes are not paid until you{' '}
              <Link to="/user/subscription" className="font-medium underline">
                buy more
              </Link>
              .
            </>
          ) : (
            <>
              Limit = active plan <Money value={limit.active_plan} /> × {limit.cap_multiple}
              {limit.plan_name ? ` (${limit.plan_name} plan)` : ''}.
            </>
          )}
        </p>
      )}
    </div>
  );
}
