import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useEarningLimit } from '../../../api/incomes';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { EarningLimitBar } from '../income/EarningLimitBar';

/** The earning limit at a glance (spec section 9): limit, earned, available, and the bar. */
export function EarningLimitCard({ userId }: { userId: number }) {
  const { data: limit, error } = useEarningLimit(userId, 'member');
  const { t } = useLingui();
  const problem = errorMessage(error);
  return (
    <Card
      title={t`Earning limit`}
      action={
        <Link to="/user/income" className="text-sm font-medium text-accent-text hover:underline">
          <Trans>Income dashboard</Trans>
        </Link>
      }
    >
      {limit ? (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8">
          <dl className="grid grid-cols-3 gap-4 sm:gap-6">
            {[
              { label: t`Limit`, value: limit.earning_limit, id: 'limit' },
              { label: t`Earned`, value: limit.total_earnings, id: 'earned' },
              { label: t`Available`, value: limit.available_limit, id: 'available' },
            ].map((f) => (
              <div key={f.id} className="min-w-0">
                <dt className="text-sm text-muted">{f.label}</dt>
                <dd className="mt-1 text-base font-semibold [overflow-wrap:anywhere] text-fg sm:text-lg">
                  <Money value={f.value} testId={`dashboard-limit-${f.id}`} />
                </dd>
              </div>
            ))}
          </dl>
          <EarningLimitBar limit={limit} compact />
        </div>
      ) : error ? (
        <p className="text-sm text-muted">
          <Trans>Your earning limit could not be loaded: {problem}</Trans>
        </p>
      ) : (
        <Spinner label={t`Loading your earning limit`} />
      )}
    </Card>
  );
}
