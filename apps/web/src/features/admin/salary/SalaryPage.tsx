import type { SalaryTier } from '@app/contracts/salary';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  onEdit: ((tier: SalaryTier) => void) | null,
  onDelete: (tier: SalaryTier) => void,
  i18n: I18n,
): Array<Column<SalaryTier>> {
  const all: Array<Column<SalaryTier>> = [
    {
      key: 'name',
      header: i18n._(msg`Tier`),
      cell: (tier) => <span className="font-medium">{tier.name}</span>,
    },
    {
      key: 'amount',
      header: i18n._(msg`Per month`),
      className: 'text-right',
      cell: (tier) => <Money value={tier.amount} />,
    },
    {
      key: 'months',
      header: i18n._(msg`Months`),
      className: 'text-right tabular-nums',
      cell: (tier) => tier.months,
    },
    {
      key: 'needs',
      header: i18n._(msg`Needs`),
      cell: (tier) => (
        <span className="whitespace-nowrap">
          <Trans>
            {tier.required_directs} active directs · <Money value={tier.required_business} />
          </Trans>
        </span>
      ),
    },
    {
      key: 'members',
      header: i18n._(msg`Members`),
      className: 'text-right tabular-nums',
      cell: (tier) => {
        const s = stats.get(tier.id);
        return s ? (
          <span className="whitespace-nowrap">{i18n._(msg`${s.active} paying · ${s.completed} done`)}</span>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'paid',
      header: i18n._(msg`Paid`),
      className: 'text-right',
      cell: (tier) => <Money value={stats.get(tier.id)?.paid ?? 0} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (tier) =>
        tier.is_active ? (
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
      cell: (tier) => (
        <div className="flex justify-end">
          <RowActions name={tier.name} onEdit={() => onEdit?.(tier)} onDelete={() => onDelete(tier)} />
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
  const { t, i18n } = useLingui();
  const dashboardError = dashboard.error ? errorMessage(dashboard.error) : '';
  const todayError = today.error ? errorMessage(today.error) : '';
  const tiersError = tiers.error || stats.error ? errorMessage(tiers.error ?? stats.error) : '';
  const deletingName = deleting?.name;
  const membersPaid = d?.members_paid ?? 0;
  const completed = d?.completed_assignments;
  const dueMonths = d?.due_next_30_days.months;
  const todayDate = today.data?.date;
  const todayPayments = today.data?.payments;
  const newAssignments = today.data?.new_assignments;
  const dueNext24h = today.data?.due_next_24h;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Salary · EarnHub admin`}</title>
      <PageHeader
        title={t`Salary`}
        description={t`A daily run gives each member the highest tier they qualify for (never a lower one) and pays it every 30 days until its months are used.`}
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
                <Play className="size-4" aria-hidden="true" /> <Trans>Run now</Trans>
              </Button>
            )}
            {mayChangeTiers && (
              <Button onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden="true" /> <Trans>New tier</Trans>
              </Button>
            )}
          </>
        }
      />
      {dashboard.error && (
        // SALARY_TEXT.adminDashboard, the spec's words, before the server's message
        <Banner tone="error">{t`Failed to fetch admin dashboard: ${dashboardError}`}</Banner>
      )}
      {today.error && (
        // SALARY_TEXT.todayStats
        <Banner tone="error">{t`Failed to fetch today's stats: ${todayError}`}</Banner>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          title={t`Members on salary`}
          value={d ? d.active_assignments : '…'}
          caption={
            d
              ? plural(d.tiers, {
                  one: `${completed} completed · # tier`,
                  other: `${completed} completed · # tiers`,
                })
              : undefined
          }
        />
        <StatCard
          title={t`Paid in all`}
          value={d ? <Money value={d.total_paid} /> : '…'}
          caption={
            d && d.total_cut > 0 ? (
              <Trans>
                not paid over limits: <Money value={d.total_cut} />
              </Trans>
            ) : (
              t`${membersPaid} members paid`
            )
          }
        />
        <StatCard
          title={t`Paid this month`}
          value={d ? <Money value={d.paid_this_month} /> : '…'}
          caption={t`since the 1st (UTC)`}
        />
        <StatCard
          title={t`Due in 30 days`}
          value={d ? <Money value={d.due_next_30_days.amount} /> : '…'}
          caption={d ? t`${dueMonths} monthly payments, before earning limits` : undefined}
        />
      </div>
      {today.data && (
        <p className="text-sm text-muted" data-testid="salary-today">
          <Trans>
            Today ({todayDate}): {todayPayments} payments, <Money value={today.data.paid} /> paid,{' '}
            {newAssignments} new assignments, {dueNext24h} due in the next 24 hours.
          </Trans>
        </p>
      )}

      <section aria-labelledby="salary-tiers" className="flex flex-col gap-3">
        <h2 id="salary-tiers" className="text-lg font-semibold text-fg">
          <Trans>Tiers</Trans>
        </h2>
        {(tiers.error || stats.error) && (
          // SALARY_TEXT.tierStats
          <Banner tone="error">{t`Failed to fetch salary tier stats: ${tiersError}`}</Banner>
        )}
        <Table
          caption={t`Salary tiers`}
          columns={columns(byTier, mayChangeTiers ? setEditing : null, setDeleting, i18n)}
          rows={tiers.data}
          rowKey={(tier) => tier.id}
          loading={tiers.isPending}
          skeletonRows={3}
          empty={t`No salary tiers yet. Create one with New tier.`}
          minWidth="min-w-[760px]"
        />
      </section>

      <AssignmentsList />
      <PaymentsList />

      <TierDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={deleting ? t`Delete ${deletingName}?` : t`Delete this tier?`}
        description={t`Nobody is assigned it any more. Members holding it are paid to the end of their months.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
