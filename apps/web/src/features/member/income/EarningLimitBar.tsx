import type { EarningLimit } from '@app/contracts/incomes';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/Money';
import { formatPercent } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { formatShare } from '../../../lib/money';

/**
 * The Available Limit bar (spec 2.7, section 9): how much of the earning limit (active plan × cap
 * multiple) total earnings have used, and what is left. Amber from 80 %, red at the limit.
 */
export function EarningLimitBar({ limit, compact = false }: { limit: EarningLimit; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const multiple = limit.cap_multiple;
  if (limit.active_plan === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>
          No active plan, so no earning limit yet: incomes counted in it are paid up to {multiple}× your
          active plan.
        </Trans>{' '}
        <Link to="/user/subscription" className="font-medium text-accent-text hover:underline">
          <Trans>Buy a plan</Trans>
        </Link>
      </p>
    );
  }
  const used = limit.used_percent;
  // English keeps the house's "12.5 %"; other languages write a percentage their own way (12,5 %, 12.5%)
  const share = i18n.locale === 'en' ? formatShare(used) : formatPercent(String(used), { decimals: 1 });
  const planName = limit.plan_name;
  const tone = limit.at_limit ? 'bg-red-600' : used >= 80 ? 'bg-amber-500' : 'bg-accent';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted">
          <Trans>Available Limit</Trans>
        </span>
        <Money value={limit.available_limit} className="font-semibold text-fg" testId="available-limit" />
      </div>
      <div
        role="progressbar"
        aria-label={t`Earning limit used`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={used}
        aria-valuetext={t`${share} of the earning limit used`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset"
      >
        <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${used}%` }} />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted">
        <span>
          <Trans>
            <Money value={limit.total_earnings} /> earned of{' '}
            <Money value={limit.earning_limit} testId="earning-limit" />
          </Trans>
        </span>
        <span className="tabular-nums">
          <Trans>{share} used</Trans>
        </span>
      </div>
      {!compact && (
        <p className={cn('text-xs', limit.at_limit ? 'text-red-700 dark:text-red-400' : 'text-muted')}>
          {limit.at_limit ? (
            <Trans>
              Limit reached: direct, level, ROI, reward and salary incomes are not paid until you{' '}
              <Link to="/user/subscription" className="font-medium underline">
                buy more
              </Link>
              .
            </Trans>
          ) : planName ? (
            <Trans>
              Limit = active plan <Money value={limit.active_plan} /> × {multiple} ({planName} plan).
            </Trans>
          ) : (
            <Trans>
              Limit = active plan <Money value={limit.active_plan} /> × {multiple}.
            </Trans>
          )}
        </p>
      )}
    </div>
  );
}
