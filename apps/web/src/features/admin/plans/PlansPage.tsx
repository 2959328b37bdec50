import type { Plan } from '@app/contracts/plans';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical, Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePlans, useRetirePlan } from '../../../api/plans';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { type Column, Table } from '../../../components/ui/Table';
import { formatPercent } from '../../../lib/money';
import { ActivationPlansCard } from './ActivationPlansCard';
import { LevelsCard } from './LevelsCard';
import { PlanDialog } from './PlanDialog';

function columns(onEdit: (p: Plan) => void, onRetire: (p: Plan) => void): Array<Column<Plan>> {
  return [
    { key: 'name', header: <Trans>Name</Trans>, cell: (p) => <span className="font-medium">{p.name}</span> },
    {
      key: 'range',
      header: <Trans>Amount</Trans>,
      cell: (p) => (
        <span className="whitespace-nowrap">
          <Money value={p.min_amount} /> – <Money value={p.max_amount} />
        </span>
      ),
    },
    {
      key: 'roi',
      header: <Trans>Daily ROI</Trans>,
      className: 'text-right',
      cell: (p) => formatPercent(p.roi_percent),
    },
    { key: 'cap', header: <Trans>Limit</Trans>, className: 'text-right', cell: (p) => `${p.cap_multiple}×` },
    {
      key: 'direct',
      header: <Trans>Referral</Trans>,
      className: 'text-right',
      cell: (p) => formatPercent(p.direct_percent),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (p) =>
        p.is_active ? (
          <Badge tone="green">
            <Trans>On sale</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>Hidden</Trans>
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
      cell: (p) => {
        const name = p.name;
        return (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => onEdit(p)} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 dark:text-red-400"
              onClick={() => onRetire(p)}
              aria-label={t`Retire ${name}`}
            >
              <Trans>Retire</Trans>
            </Button>
          </div>
        );
      },
    },
  ];
}

export default function PlansPage() {
  const { t } = useLingui();
  const plans = usePlans('admin');
  const retire = useRetirePlan();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [retiring, setRetiring] = useState<Plan | null>(null);
  const retiringName = retiring?.name;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Plans · EarnHub admin`}</title>
      <PageHeader
        title={t`Plans`}
        description={t`What members can buy, the activation fee, and the level income percents.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/plans/what-if" className={buttonClass('secondary')}>
              <FlaskConical className="size-4" aria-hidden="true" /> <Trans>What if</Trans>
            </Link>
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" /> <Trans>New plan</Trans>
            </Button>
          </div>
        }
      />
      {plans.error && <Banner tone="error">{errorMessage(plans.error)}</Banner>}
      <Table
        caption={t`Plans`}
        columns={columns(setEditing, setRetiring)}
        rows={plans.data}
        rowKey={(p) => p.id}
        loading={plans.isPending}
        skeletonRows={3}
        empty={t`No plans yet. Create one with New plan: members can buy it at once.`}
      />

      {/* one above the other: side by side, the activation-fee table was clipped at 1280 px */}
      <div className="grid items-start gap-6">
        <ActivationPlansCard />
        <LevelsCard />
      </div>

      <PlanDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={retiring !== null}
        title={retiring ? t`Retire ${retiringName}?` : t`Retire this plan?`}
        description={t`It is no longer sold and leaves this list. Members who bought it keep it and keep earning.`}
        confirmLabel={t`Retire plan`}
        danger
        busy={retire.isPending}
        onConfirm={() =>
          retiring &&
          retire.mutate(retiring.id, {
            onSuccess: (data) => {
              toast.success(data.message);
              setRetiring(null);
            },
          })
        }
        onCancel={() => {
          if (retire.isPending) return;
          retire.reset();
          setRetiring(null);
        }}
      >
        {retire.isError && <Banner tone="error">{errorMessage(retire.error)}</Banner>}
      </ConfirmDialog>
    </div>
  );
}
