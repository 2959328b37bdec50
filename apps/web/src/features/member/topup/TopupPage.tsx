import type { Topup } from '@app/contracts/topups';
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
import { TOPUP_KIND_LABEL, TOPUP_STATUS_LABEL } from '../../../lib/money-labels';
import { activationFee } from '../money/activation';
import { HistorySection } from '../money/HistorySection';
import { useMemberMoney } from '../money/useMemberMoney';
import { TopupForm } from './TopupForm';

const LIMIT = 10;

function columns(me: number): Array<Column<Topup>> {
  return [
    { key: 'date', header: 'Date', cell: (t) => <When iso={t.created_at} stacked /> },
    { key: 'kind', header: 'What', cell: (t) => TOPUP_KIND_LABEL[t.kind] },
    {
      key: 'who',
      header: 'Member',
      cell: (t) =>
        t.payer_id === me && t.user_id === me ? (
          'You'
        ) : t.payer_id === me ? (
          <span>
            For <span className="font-medium">{t.username}</span>
          </span>
        ) : (
          <span>
            From <span className="font-medium">{t.payer_username}</span>
          </span>
        ),
    },
    { key: 'plan', header: 'Plan', cell: (t) => t.plan_name ?? '—' },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (t) => <Money value={t.amount} />,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <Badge tone={TOPUP_STATUS_LABEL[t.status].tone}>{TOPUP_STATUS_LABEL[t.status].text}</Badge>
      ),
    },
  ];
}

export default function TopupPage() {
  const { id, fund, user } = useMemberMoney();
  const plans = usePlans('member');
  const actPlans = useActPlans('member');
  const [page, setPage] = useState(1);
  const list = useTopupList({ page, limit: LIMIT }, 'member');

  return (
    <div className="flex flex-col gap-6">
      <title>Top-up · EarnHub</title>
      <PageHeader
        title="Top-up"
        description="Buy a plan for another member, or pay their activation fee, from your fund wallet."
      />
      {plans.error && <Banner tone="error">{errorMessage(plans.error)}</Banner>}

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <TopupForm plans={plans.data} fund={fund} fee={activationFee(actPlans.data)} />
        <Card title="Your fund wallet">
          <p className="text-3xl font-semibold text-fg">
            {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
          </p>
          <p className="mt-2 text-sm text-muted">
            Top-ups are paid from here. Add money with a deposit or an activation code on{' '}
            <Link to="/user/deposit-history" className="font-medium text-accent-text hover:underline">
              Deposit history
            </Link>
            , or move your earnings here on{' '}
            <Link to="/user/transfer" className="font-medium text-accent-text hover:underline">
              Transfers
            </Link>
            .
          </p>
        </Card>
      </div>

      <HistorySection
        id="topup-history"
        caption="Top-ups you paid or received"
        query={list}
        rows={list.data?.alltopup}
        columns={columns(id)}
        rowKey={(t) => t.id}
        empty="No top-ups yet. Plans you buy, for yourself or others, and top-ups you receive appear here."
        noun={['top-up', 'top-ups']}
        onPage={setPage}
      />
    </div>
  );
}
