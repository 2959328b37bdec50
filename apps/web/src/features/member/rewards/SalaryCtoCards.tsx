import type { SalaryTier } from '@app/contracts/salary';
import { SALARY_TEXT } from '@app/contracts/salary';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api/client';
import { useCtoOverview } from '../../../api/cto';
import { useSalaryHistory, useSalaryTiers } from '../../../api/salary';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { When } from '../../../components/ui/When';
import { formatCount } from '../../../lib/format';

/** The member's salary tier and CTO standing, beside the reward stages. */
export function SalaryCtoCards({ userId }: { userId: number }) {
  const history = useSalaryHistory(userId, 'member');
  const tiers = useSalaryTiers('member');
  const cto = useCtoOverview({ page: 1, limit: 1 }, 'member');
  const current = history.data?.current;
  const me = cto.data?.me;
  const lowest = tiers.data?.at(-1);
  const { t } = useLingui();
  const ctoReason = cto.error ? errorMessage(cto.error) : '';

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card title={t`Salary`} action={current && <Badge tone="blue">{current.tier_name}</Badge>}>
        {history.error ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(history.error, SALARY_TEXT.userHistory)}
          </p>
        ) : current ? (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted">
                <Trans>Per month</Trans>
              </dt>
              <dd className="mt-1 font-semibold text-fg">
                <Money value={current.amount} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">
                <Trans>Months paid</Trans>
              </dt>
              <dd className="mt-1 font-semibold text-fg tabular-nums">
                <MonthsPaid paid={current.paid_months} months={current.months} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">
                <Trans>Next payment</Trans>
              </dt>
              <dd className="mt-1 text-fg">
                <When iso={current.next_pay_at} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">
                <Trans>Salary received</Trans>
              </dt>
              <dd className="mt-1 text-fg">
                <Money value={history.data?.total_paid ?? 0} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted">
            {lowest ? <FirstTier tier={lowest} /> : t`No salary tiers are on offer yet.`}
            {history.data && history.data.total_paid > 0 && (
              <>
                {' '}
                <Trans>
                  Salary received so far: <Money value={history.data.total_paid} />.
                </Trans>
              </>
            )}
          </p>
        )}
      </Card>
      <Card
        title={t`CTO share`}
        action={
          me && (
            <Badge tone={me.qualified ? 'green' : 'neutral'}>
              {me.qualified ? t`Qualified` : t`Not qualified`}
            </Badge>
          )
        }
      >
        {cto.error ? (
          <p className="text-sm text-muted">
            <Trans>Your CTO standing could not be loaded: {ctoReason}</Trans>
          </p>
        ) : me && cto.data ? (
          <div className="flex flex-col gap-2 text-sm text-muted">
            <p>
              <Trans>
                Each month's company turnover pool is shared equally by members whose own active plan is at
                least <Money value={cto.data.rules.min_active_plan} className="text-fg" /> and whose directs'
                business is at least <Money value={cto.data.rules.min_directs_business} className="text-fg" />
                .
              </Trans>
            </p>
            <p>
              <Trans>
                Yours: active plan <Money value={me.active_plan} className="text-fg" />, directs' business{' '}
                <Money value={me.directs_business} className="text-fg" />. Received so far:{' '}
                <Money value={me.total_received} className="font-semibold text-fg" />.
              </Trans>
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">
            <Trans>Loading…</Trans>
          </p>
        )}
      </Card>
    </div>
  );
}

function MonthsPaid({ paid, months }: { paid: number; months: number }) {
  const done = formatCount(paid);
  const all = formatCount(months);
  return (
    <Trans>
      {done} of {all}
    </Trans>
  );
}

/** What the lowest tier asks and pays, for a member on no tier yet. */
function FirstTier({ tier }: { tier: SalaryTier }) {
  const name = tier.name;
  // the counted words apart, each in its language's plural forms, inside one sentence
  const directs = plural(tier.required_directs, {
    one: '# active direct member',
    other: '# active direct members',
  });
  const months = plural(tier.months, { one: '# month', other: '# months' });
  return (
    <Trans>
      Not on a salary tier yet. The first tier, {name}, needs {directs} and{' '}
      <Money value={tier.required_business} /> of team business; it pays <Money value={tier.amount} /> a month
      for {months}.
    </Trans>
  );
}
