import { SALARY_TEXT, type SalaryTier } from '@app/contracts/salary';
import { Play, Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAdminMay } from '../../../api/admin-me';
import { errorMessage } from '../../../api/client';
import {
  useDeleteSalaryTier,
  useRunSalary,
  useSalaryDashboard,
  useSalaryTierStats,
  useSalaryTiers,
  useSalaryToday,
} from '../../../api/salary';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { StatCard } from '../../../components/ui/Card';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { AssignmentsList, PaymentsList } from './SalaryLists';
import { TierDialog } from './TierDialog';

type Stats = NonNullable<ReturnType<typeof useSalaryTierStats>['data']>[number];

/** `onEdit`/`onDelete` null: this admin may not change tiers (owners do), no actions column. */
function columns(
  stats: Map<number, Stats>,
  onEdit: ((t: SalaryTier) => void) | null,
  onDelete: (t: SalaryTier) => void,
): Array<Column<SalaryTier>> {
  const all: Array<Column<SalaryTier>> = [
    { key: 'name', header: 'Tier', cell: (t) => <span className="font-medium">{t.name}</span> },
    { key: 'amount', header: 'Per month', className: 'text-right', cell: (t) => <Money value={t.amount} /> },
    { key: 'months', header: 'Months', className: 'text-right tabular-nums', cell: (t) => t.months },
    {
      key: 'needs',
      header: 'Needs',
      cell: (t) => (
        <span className="whitespace-nowrap">
          {t.required_directs} active directs · <Money value={t.required_business} />
        </span>
      ),
    },
    {
      key: 'members',
      header: 'Members',
      className: 'text-right tabular-nums',
      cell: (t) => {
        const s = stats.get(t.id);
        return s ? (
          <span className="whitespace-nowrap">{`${s.active} paying · ${s.completed} done`}</span>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'paid',
      header: 'Paid',
      className: 'text-right',
      cell: (t) => <Money value={stats.get(t.id)?.paid ?? 0} />,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (t.is_active ? <Badge tone="green">On offer</Badge> : <Badge>Paused</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (t) => (
        <div className="flex justify-end">
          <RowActions name={t.name} onEdit={() => onEdit?.(t)} onDelete={() => onDelete(t)} />
        </div>
      ),
    },
  ];
  return onEdit ? all : all.filter((c) => c.key !== 'actions');
}

/** Admin salary: the tiers, the figures of the salary run, who is on salary and what was paid. */
export default function SalaryPage() {
  const tiers = useSalaryTiers('admin');
  const stats = useSalaryTierStats();
  const dashboard = useSalaryDashboard();
  const today = useSalaryToday();
  const run = useRunSalary();
  const remove = useDeleteSalaryTier();
  const [editing, setEditing] = useState<SalaryTier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SalaryTier | null>(null);
  // tiers are the income rules (owners); running the payment is finance's
  const mayChangeTiers = useAdminMay('owner');
  const mayRun = useAdminMay('finance');
  const byTier = new Map((stats.data ?? []).map((s) => [s.tier_id, s]));
  const d = dashboard.data;

  return (
    <div className="flex flex-col gap-6">
      <title>Salary · EarnHub admin</title>
      <PageHeader
        title="Salary"
        description="A daily run gives each member the highest tier they qualify for (never a lower one) and pays it every 30 days until its months are used."
        actions={
          <>
            {mayRun && (
              <Button
                variant="secondary"
                busy={run.isPending}
                onClick={() =>
                  run.mutate(undefined, {
                    onSuccess: (res) => toast.success(res.message),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                <Play className="size-4" aria-hidden="true" /> Run now
              </Button>
            )}
            {mayChangeTiers && (
              <Button onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden="true" /> New tier
              </Button>
            )}
          </>
        }
      />
      {dashboard.error && (
        <Banner tone="error">
          {SALARY_TEXT.adminDashboard}: {errorMessage(dashboard.error)}
        </Banner>
      )}
      {today.error && (
        <Banner tone="error">
          {SALARY_TEXT.todayStats}: {errorMessage(today.error)}
        </Banner>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          title="Members on salary"
          value={d ? d.active_assignments : '…'}
          caption={
            d
              ? `${d.completed_assignments} completed · ${d.tiers} ${d.tiers === 1 ? 'tier' : 'tiers'}`
              : undefined
          }
        />
        <StatCard
          title="Paid in all"
          value={d ? <Money value={d.total_paid} /> : '…'}
          caption={
            d && d.total_cut > 0 ? (
              <>
                not paid over limits: <Money value={d.total_cut} />
              </>
            ) : (
              `${d?.members_paid ?? 0} members paid`
            )
          }
        />
        <StatCard
          title="Paid this month"
          value={d ? <Money value={d.paid_this_month} /> : '…'}
          caption="since the 1st (UTC)"
        />
        <StatCard
          title="Due in 30 days"
          value={d ? <Money value={d.due_next_30_days.amount} /> : '…'}
          caption={d ? `${d.due_next_30_days.months} monthly payments, before earning limits` : undefined}
        />
      </div>
      {today.data && (
        <p className="text-sm text-muted" data-testid="salary-today">
          Today ({today.data.date}): {today.data.payments} payments, <Money value={today.data.paid} /> paid,{' '}
          {today.data.new_assignments} new assignments, {today.data.due_next_24h} due in the next 24 hours.
        </p>
      )}

      <section aria-labelledby="salary-tiers" className="flex flex-col gap-3">
        <h2 id="salary-tiers" className="text-lg font-semibold text-fg">
          Tiers
        </h2>
        {(tiers.error || stats.error) && (
          <Banner tone="error">
            {SALARY_TEXT.tierStats}: {errorMessage(tiers.error ?? stats.error)}
          </Banner>
        )}
        <Table
          caption="Salary tiers"
          columns={columns(byTier, mayChangeTiers ? setEditing : null, setDeleting)}
          rows={tiers.data}
          rowKey={(t) => t.id}
          loading={tiers.isPending}
          skeletonRows={3}
          empty="No salary tiers yet. Create one with New tier."
          minWidth="min-w-[760px]"
        />
      </section>

      <AssignmentsList />
      <PaymentsList />

      <TierDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={`Delete ${deleting?.name ?? 'this tier'}?`}
        description="Nobody is assigned it any more. Members holding it are paid to the end of their months."
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
