import { REWARD_TEXT, type RewardPlan } from '@app/contracts/rewards';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useDeleteRewardPlan, useRewardPlans } from '../../../api/rewards';
import { useSettings } from '../../../api/settings';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { RewardPlanDialog } from './RewardPlanDialog';

function columns(
  onEdit: (p: RewardPlan) => void,
  onDelete: (p: RewardPlan) => void,
): Array<Column<RewardPlan>> {
  return [
    { key: 'order', header: 'Order', className: 'w-16 tabular-nums', cell: (p) => p.order },
    { key: 'title', header: 'Title', cell: (p) => <span className="font-medium">{p.title}</span> },
    {
      key: 'business',
      header: 'Team business',
      className: 'text-right',
      cell: (p) => <Money value={p.business} />,
    },
    { key: 'reward', header: 'Reward', className: 'text-right', cell: (p) => <Money value={p.reward} /> },
    { key: 'days', header: 'Window', className: 'text-right', cell: (p) => `${p.days} days` },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (p.is_active ? <Badge tone="green">On offer</Badge> : <Badge>Paused</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (p) => (
        <div className="flex justify-end">
          <RowActions name={p.title} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
        </div>
      ),
    },
  ];
}

export default function RewardPlansPage() {
  const plans = useRewardPlans('admin');
  const settings = useSettings('admin');
  const remove = useDeleteRewardPlan();
  const [editing, setEditing] = useState<RewardPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RewardPlan | null>(null);
  const nextOrder = (plans.data ?? []).reduce((max, p) => Math.max(max, p.order), 0) + 1;
  const legCap = settings.data?.reward_leg_cap_percent;

  return (
    <div className="flex flex-col gap-6">
      <title>Reward plans · EarnHub admin</title>
      <PageHeader
        title="Reward plans"
        description={
          <>
            The stages members work through in order. Team business counts purchases in the member's downline
            inside the window
            {legCap !== undefined ? `, no leg above ${legCap} % of the threshold (Settings)` : ''}.
          </>
        }
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> New reward plan
          </Button>
        }
      />
      {plans.error && (
        <Banner tone="error">
          {REWARD_TEXT.listError}: {errorMessage(plans.error)}
        </Banner>
      )}
      <Table
        caption="Reward plans"
        columns={columns(setEditing, setDeleting)}
        rows={plans.data}
        rowKey={(p) => p.id}
        loading={plans.isPending}
        skeletonRows={3}
        empty="No reward plans yet. Create the first stage with New reward plan."
      />
      <RewardPlanDialog target={editing} nextOrder={nextOrder} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={`Delete ${deleting?.title ?? 'this reward plan'}?`}
        description="No new stage opens on it. Members already working on it keep their stage to its end; rewards paid stay paid."
        remove={remove}
        onClose={() => setDeleting(null)}
        describeError={(e) => `${REWARD_TEXT.deleteError}: ${errorMessage(e)}`}
      />
    </div>
  );
}
