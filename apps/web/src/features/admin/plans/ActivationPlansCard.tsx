import { actPlanBody } from '@app/contracts/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
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

const actPlanForm = (words: { noName: string }) =>
  z.object({
    name: z.string().trim().min(1, words.noName).pipe(actPlanBody.shape.name),
    fee: amountText(actPlanBody.shape.fee),
    is_active: z.boolean(),
  });
type ActPlanSchema = ReturnType<typeof actPlanForm>;
type ActPlanInput = z.input<ActPlanSchema>;

/** Activation plans: the one-time membership fee. The first active one (by id) is charged. */
export function ActivationPlansCard() {
  const { t } = useLingui();
  const list = useActPlans('admin');
  const remove = useDeleteActPlan();
  const [editing, setEditing] = useState<ActPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ActPlan | null>(null);
  const deletingName = deleting?.name;
  const charged = list.data?.filter((a) => a.is_active).sort((a, b) => a.id - b.id)[0];

  const columns: Array<Column<ActPlan>> = [
    {
      key: 'name',
      header: t`Name`,
      cell: (a) => (
        <span className="flex items-center gap-2 font-medium">
          {a.name}
          {a.id === charged?.id && (
            <Badge tone="accent">
              <Trans>Charged</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    { key: 'fee', header: t`Fee`, className: 'text-right', cell: (a) => <Money value={a.fee} /> },
    {
      key: 'status',
      header: t`Status`,
      cell: (a) =>
        a.is_active ? (
          <Badge tone="green">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>Off</Trans>
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
      cell: (a) => {
        const name = a.name;
        return (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(a)} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 dark:text-red-400"
              onClick={() => setDeleting(a)}
              aria-label={t`Delete ${name}`}
            >
              <Trans>Delete</Trans>
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <Card
      title={t`Activation fee`}
      action={
        <Button size="sm" onClick={() => setEditing('new')}>
          <Trans>New activation plan</Trans>
        </Button>
      }
    >
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Members pay it once to become paid members. The first active one is charged; with none, the default
          of <Money value={10} /> applies.
        </Trans>
      </p>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Activation plans`}
        columns={columns}
        rows={list.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        skeletonRows={2}
        minWidth="min-w-[420px]"
        empty={t`No activation plan yet: the default fee applies. Create one to set your own.`}
      />
      <ActPlanDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={deleting ? t`Delete ${deletingName}?` : t`Delete this activation plan?`}
        description={t`Members already activated stay activated. The next active plan, or the default fee, is charged from now on.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function ActPlanDialog({ target, onClose }: { target: ActPlan | 'new' | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <EditorDialog<ActPlan, ActPlanWire>
      target={target}
      onClose={onClose}
      create={useCreateActPlan()}
      update={useUpdateActPlan()}
      title={(plan) => {
        const name = plan?.name;
        return plan ? t`Edit ${name}` : t`New activation plan`;
      }}
    >
      {(editing) => <ActPlanForm editing={editing} />}
    </EditorDialog>
  );
}

function ActPlanForm({ editing }: { editing: Editing<ActPlan, ActPlanWire> }) {
  const { t } = useLingui();
  const plan = editing.item;
  const noName = t`Give it a name`;
  const schema = useMemo(() => actPlanForm({ noName }), [noName]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ActPlanInput, unknown, z.output<ActPlanSchema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: plan?.name ?? '',
      fee: plan ? String(plan.fee) : '',
      is_active: plan?.is_active ?? true,
    },
  });
  const onSubmit = handleSubmit((v) => editing.save({ ...v, fee: toWire(v.fee) }));
  return (
    <EditorForm
      label={t`Activation plan`}
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={plan ? t`Save` : t`Create`}
    >
      <Input
        label={t`Name`}
        autoComplete="off"
        autoFocus
        error={errors.name?.message}
        {...register('name')}
      />
      <Input
        label={t`Fee (USDT)`}
        inputMode="decimal"
        autoComplete="off"
        error={errors.fee?.message}
        {...register('fee')}
      />
      <Checkbox label={t`Active`} hint={t`Only active plans can be charged.`} {...register('is_active')} />
    </EditorForm>
  );
}
