import type { Topup } from '@app/contracts/topups';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useActPlans, usePlans } from '../../../api/plans';
import { useTopupList } from '../../../api/topups';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import type { Column } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { TOPUP_STATUS_LABEL } from '../../../lib/money-labels';
import { activationFee } from '../money/activation';
import { HistorySection } from '../money/HistorySection';
import { useMemberMoney } from '../money/useMemberMoney';
import { TopupForm } from './TopupForm';

const LIMIT = 10;

/** lib/money-labels.ts's top-up words (English, the back-office's) in the member's language. */
const KIND = {
  purchase: msg`Plan purchase`,
  retopup: msg`Re-top-up`,
  activation: msg`Activation fee`,
} as const;
const STATUS = {
  done: msg({ message: 'Done', context: 'top-up' }),
  reversed: msg({ message: 'Reversed', context: 'top-up' }),
} as const;

/** Who a top-up was for or from, as the payer or the recipient reads it. */
function Who({ t, me }: { t: Topup; me: number }) {
  const other = t.payer_id === me ? t.username : t.payer_username;
  if (t.payer_id === me && t.user_id === me) return <Trans>You</Trans>;
  return t.payer_id === me ? (
    <span>
      <Trans>
        For <span className="font-medium">{other}</span>
      </Trans>
    </span>
  ) : (
    <span>
      <Trans>
        From <span className="font-medium">{other}</span>
      </Trans>
    </span>
  );
}

function columns(me: number, i18n: I18n): Array<Column<Topup>> {
  return [
    { key: 'date', header: i18n._(msg`Date`), cell: (t) => <When iso={t.created_at} stacked /> },
    { key: 'kind', header: i18n._(msg`What`), cell: (t) => i18n._(KIND[t.kind]) },
    { key: 'who', header: i18n._(msg`Member`), cell: (t) => <Who t={t} me={me} /> },
    { key: 'plan', header: i18n._(msg`Plan`), cell: (t) => t.plan_name ?? '—' },
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-end',
      cell: (t) => <Money value={t.amount} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (t) => <Badge tone={TOPUP_STATUS_LABEL[t.status].tone}>{i18n._(STATUS[t.status])}</Badge>,
    },
  ];
}

export default function TopupPage() {
  const { t, i18n } = useLingui();
  const { id, fund, user } = useMemberMoney();
  const plans = usePlans('member');
  const actPlans = useActPlans('member');
  const [page, setPage] = useState(1);
  const list = useTopupList({ page, limit: LIMIT }, 'member');

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Top-up · EarnHub`}</title>
      <PageHeader
        title={t`Top-up`}
        description={t`Buy a plan for another member, or pay their activation fee, from your fund wallet.`}
      />
      {plans.error && <Banner tone="error">{errorMessage(plans.error)}</Banner>}

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <TopupForm plans={plans.data} fund={fund} fee={activationFee(actPlans.data)} />
        <Card title={t`Your fund wallet`}>
          <p className="text-3xl font-semibold text-fg">
            {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
          </p>
          <p className="mt-2 text-sm text-muted">
            <Trans>
              Top-ups are paid from here. Add money with a deposit or an activation code on{' '}
              <Link to="/user/deposit-history" className="font-medium text-accent-text hover:underline">
                Deposit history
              </Link>
              , or move your earnings here on{' '}
              <Link to="/user/transfer" className="font-medium text-accent-text hover:underline">
                Transfers
              </Link>
              .
            </Trans>
          </p>
        </Card>
      </div>

      <HistorySection
        id="topup-history"
        caption={t`Top-ups you paid or received`}
        query={list}
        rows={list.data?.alltopup}
        columns={columns(id, i18n)}
        rowKey={(row) => row.id}
        empty={t`No top-ups yet. Plans you buy, for yourself or others, and top-ups you receive appear here.`}
        counted={(total) => plural(total, { one: '# top-up', other: '# top-ups' })}
        onPage={setPage}
      />
    </div>
  );
}
