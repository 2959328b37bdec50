import { actPlanBody } from '@app/contracts/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import {
  type ActPlan,
  type ActPlanWire,
  useActPlans,
  useCreateActPlan,
  useDeleteActPlan,
  useUpdateActPlan,
} from '../../../api/plans';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { type Column, Table } from '../../../components/ui/Table';
import { amountText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

const actPlanForm = z.object({
  name: z.string().trim().min(1, 'Give it a name').pipe(actPlanBody.shape.name),
  fee: amountText(actPlanBody.shape.fee),
  is_active: z.boolean(),
});
type ActPlanInput = z.input<typeof actPlanForm>;

/** Activation plans: the one-time membership fee. The first active one (by id) is charged. */
export function ActivationPlansCard() {
  const list = useActPlans('admin');
  const remove = useDeleteActPlan();
  const [editing, setEditing] = useState<ActPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ActPlan | null>(null);
  const charged = list.data?.filter((a) => a.is_active).sort((a, b) => a.id - b.id)[0];

  const columns: Array<Column<ActPlan>> = [
    {
      key: 'name',
      header: 'Name',
      cell: (a) => (
        <span className="flex items-center gap-2 font-medium">
          {a.name}
          {a.id === charged?.id && <Badge tone="accent">Charged</Badge>}
        </span>
      ),
    },
    { key: 'fee', header: 'Fee', className: 'text-right', cell: (a) => <Money value={a.fee} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => (a.is_active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (a) => (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            onClick={() => setDeleting(a)}
            aria-label={`Delete ${a.name}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card
      title="Activation fee"
      action={
        <Button size="sm" onClick={() => setEditing('new')}>
          New activation plan
        </Button>
      }
    >
      <p className="-mt-2 mb-4 text-sm text-muted">
        Members pay it once to become paid members. The first active one is charged; with none, the default of{' '}
        <Money value={10} /> applies.
      </p>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption="Activation plans"
        columns={columns}
        rows={list.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        skeletonRows={2}
        minWidth="min-w-[420px]"
        empty="No activation plan yet: the default fee applies. Create one to set your own."
      />
      <ActPlanDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={`Delete ${deleting?.name ?? 'this activation plan'}?`}
        description="Members already activated stay activated. The next active plan, or the default fee, is charged from now on."
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function ActPlanDialog({ target, onClose }: { target: ActPlan | 'new' | null; onClose: () => void }) {
  return (
    <EditorDialog<ActPlan, ActPlanWire>
      target={target}
      onClose={onClose}
      create={useCreateActPlan()}
      update={useUpdateActPlan()}
      title={(plan) => (plan ? `Edit ${plan.name}` : 'New activation plan')}
    >
      {(editing) => <ActPlanForm editing={editing} />}
    </EditorDialog>
  );
}

function ActPlanForm({ editing }: { editing: Editing<ActPlan, ActPlanWire> }) {
  const plan = editing.item;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ActPlanInput, unknown, z.output<typeof actPlanForm>>({
    resolver: zodResolver(actPlanForm),
    defaultValues: {
      name: plan?.name ?? '',
      fee: plan ? String(plan.fee) : '',
      is_active: plan?.is_active ?? true,
    },
  });
  const onSubmit = handleSubmit((v) => editing.save({ ...v, fee: toWire(v.fee) }));
  return (
    <EditorForm
      label="Activation plan"
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={plan ? 'Save' : 'Create'}
    >
      <Input label="Name" autoComplete="off" autoFocus error={errors.name?.message} {...register('name')} />
      <Input
        label="Fee (USDT)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.fee?.message}
        {...register('fee')}
      />
      <Checkbox label="Active" hint="Only active plans can be charged." {...register('is_active')} />
    </EditorForm>
  );
}
