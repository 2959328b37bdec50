import type { RewardPlan } from '@app/contracts/rewards';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  i18n: I18n,
): Array<Column<RewardPlan>> {
  return [
    { key: 'order', header: i18n._(msg`Order`), className: 'w-16 tabular-nums', cell: (p) => p.order },
    { key: 'title', header: i18n._(msg`Title`), cell: (p) => <span className="font-medium">{p.title}</span> },
    {
      key: 'business',
      header: i18n._(msg`Team business`),
      className: 'text-right',
      cell: (p) => <Money value={p.business} />,
    },
    {
      key: 'reward',
      header: i18n._(msg`Reward`),
      className: 'text-right',
      cell: (p) => <Money value={p.reward} />,
    },
    {
      key: 'days',
      header: i18n._(msg`Window`),
      className: 'text-right',
      cell: ({ days }) => i18n._(msg`${days} days`),
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (p) =>
        p.is_active ? (
          <Badge tone="green">
            <Trans>On offer</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>Paused</Trans>
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
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
  const { t, i18n } = useLingui();
  const listError = plans.error ? errorMessage(plans.error) : '';
  const deletingTitle = deleting?.title;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Reward plans · EarnHub admin`}</title>
      <PageHeader
        title={t`Reward plans`}
        description={
          legCap !== undefined
            ? t`The stages members work through in order. Team business counts purchases in the member's downline inside the window, no leg above ${legCap} % of the threshold (Settings).`
            : t`The stages members work through in order. Team business counts purchases in the member's downline inside the window.`
        }
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>New reward plan</Trans>
          </Button>
        }
      />
      {plans.error && (
        // REWARD_TEXT.listError, the spec's words, before the server's message
        <Banner tone="error">{t`Failed to fetch rewards: ${listError}`}</Banner>
      )}
      <Table
        caption={t`Reward plans`}
        columns={columns(setEditing, setDeleting, i18n)}
        rows={plans.data}
        rowKey={(p) => p.id}
        loading={plans.isPending}
        skeletonRows={3}
        empty={t`No reward plans yet. Create the first stage with New reward plan.`}
      />
      <RewardPlanDialog target={editing} nextOrder={nextOrder} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={deleting ? t`Delete ${deletingTitle}?` : t`Delete this reward plan?`}
        description={t`No new stage opens on it. Members already working on it keep their stage to its end; rewards paid stay paid.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        // REWARD_TEXT.deleteError, the spec's words, before the server's message
        describeError={(e) => {
          const reason = errorMessage(e);
          return t`Failed to delete reward: ${reason}`;
        }}
      />
    </div>
  );
}
