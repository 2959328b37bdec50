import { SALARY_TEXT } from '@app/contracts/salary';
import { errorMessage } from '../../../api/client';
import { useCtoOverview } from '../../../api/cto';
import { useSalaryHistory, useSalaryTiers } from '../../../api/salary';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { When } from '../../../components/ui/When';

/** The member's salary tier and CTO standing, beside the reward stages. */
export function SalaryCtoCards({ userId }: { userId: number }) {
  const history = useSalaryHistory(userId, 'member');
  const tiers = useSalaryTiers('member');
  const cto = useCtoOverview({ page: 1, limit: 1 }, 'member');
  const current = history.data?.current;
  const me = cto.data?.me;
  const lowest = tiers.data?.at(-1);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card title="Salary" action={current && <Badge tone="blue">{current.tier_name}</Badge>}>
        {history.error ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(history.error, SALARY_TEXT.userHistory)}
          </p>
        ) : current ? (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted">Per month</dt>
              <dd className="mt-1 font-semibold text-fg">
                <Money value={current.amount} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">Months paid</dt>
              <dd className="mt-1 font-semibold text-fg tabular-nums">
                {current.paid_months} of {current.months}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Next payment</dt>
              <dd className="mt-1 text-fg">
                <When iso={current.next_pay_at} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">Salary received</dt>
              <dd className="mt-1 text-fg">
                <Money value={history.data?.total_paid ?? 0} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted">
            {lowest ? (
              <>
                Not on a salary tier yet. The first tier, {lowest.name}, needs {lowest.required_directs}{' '}
                active direct members and <Money value={lowest.required_business} /> of team business; it pays{' '}
                <Money value={lowest.amount} /> a month for {lowest.months} months.
              </>
            ) : (
              'No salary tiers are on offer yet.'
            )}
            {history.data && history.data.total_paid > 0 && (
              <>
                {' '}
                Salary received so far: <Money value={history.data.total_paid} />.
              </>
            )}
          </p>
        )}
      </Card>
      <Card
        title="CTO share"
        action={
          me && (
            <Badge tone={me.qualified ? 'green' : 'neutral'}>
              {me.qualified ? 'Qualified' : 'Not qualified'}
            </Badge>
          )
        }
      >
        {cto.error ? (
          <p className="text-sm text-muted">
            Your CTO standing could not be loaded: {errorMessage(cto.error)}
          </p>
        ) : me && cto.data ? (
          <div className="flex flex-col gap-2 text-sm text-muted">
            <p>
              Each month's company turnover pool is shared equally by members whose own active plan is at
              least <Money value={cto.data.rules.min_active_plan} className="text-fg" /> and whose directs'
              business is at least <Money value={cto.data.rules.min_directs_business} className="text-fg" />.
            </p>
            <p>
              Yours: active plan <Money value={me.active_plan} className="text-fg" />, directs' business{' '}
              <Money value={me.directs_business} className="text-fg" />. Received so far:{' '}
              <Money value={me.total_received} className="font-semibold text-fg" />.
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">Loading…</p>
        )}
      </Card>
    </div>
  );
}
