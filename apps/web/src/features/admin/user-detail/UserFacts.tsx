import type { User } from '@app/contracts/users';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useTeamSummary } from '../../../api/incomes';
import { Card } from '../../../components/ui/Card';
import { formatDateTime, formatRelative, money } from '../../../lib/format';

function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-muted">—</span>;
  return (
    <time dateTime={iso} title={formatRelative(iso)}>
      {formatDateTime(iso)}
    </time>
  );
}

function Money({ value }: { value: number }) {
  const { text, exact } = money(value);
  return (
    <span title={exact} className="tabular-nums">
      {text}
    </span>
  );
}

function Address({ value }: { value: string }) {
  return value ? (
    <span className="font-mono text-xs break-all">{value}</span>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** The read-only facts of spec 2.2, with its labels in its order. */
export function UserFacts({ user }: { user: User }) {
  // the team roll-up's figure, beside Total Team: the form's "Business" is a stored field, not this
  const team = useTeamSummary(user.id, 'admin');
  const { t } = useLingui();
  const facts: Array<[string, ReactNode]> = [
    [t`Last Login`, <When key="l" iso={user.last_login} />],
    [t`Created At`, <When key="c" iso={user.created_at} />],
    [t`Verify At`, <When key="v" iso={user.verify_at} />],
    [t`Updated At`, <When key="u" iso={user.updated_at} />],
    [t`Reffer By`, user.reffer_by || <span className="text-muted">—</span>],
    [t`Activation Date`, <When key="a" iso={user.activation_date} />],
    [t`Paid Member`, user.paid_member ? t`Yes` : t`No`],
    [t`level_month / month`, <Money key="lm" value={user.level_month} />],
    [t`ROI/day`, <Money key="rd" value={user.roi_day} />],
    [
      t`Refferal Code`,
      <span key="rc" className="font-mono">
        {user.refferal_code}
      </span>,
    ],
    [
      t`Total Team`,
      <span key="tt" className="tabular-nums">
        {user.total_team.toLocaleString()}
      </span>,
    ],
    [
      t`Team business`,
      team.data ? (
        <Money key="tb" value={team.data.team_business} />
      ) : (
        <span key="tb" className="text-muted">
          {team.error ? t`unavailable` : '…'}
        </span>
      ),
    ],
    [t`BEP20 Address`, <Address key="b" value={user.bep20} />],
    [t`TRC20 Address`, <Address key="t" value={user.trc20} />],
  ];
  return (
    <Card title={t`Account facts`}>
      <dl className="grid gap-x-8 sm:grid-cols-2 xl:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 border-b border-line py-2.5">
            <dt className="text-xs font-medium text-muted">{label}</dt>
            <dd className="text-sm text-fg" data-fact={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
