import { type Plan, planBody, planUpdateBody } from '@app/contracts/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type PlanWire, useCreatePlan, useUpdatePlan } from '../../../api/plans';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { amountText, numberText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

// The contract's plan fields, fed from text boxes.
const fields = planUpdateBody.shape;
const planForm = (words: { noName: string; maxBelowMin: string }) =>
  z
    .object({
      name: z.string().trim().min(1, words.noName).pipe(planBody.shape.name),
      min_amount: amountText(planBody.shape.min_amount),
      max_amount: amountText(planBody.shape.max_amount),
      roi_percent: numberText(fields.roi_percent.unwrap()),
      cap_multiple: numberText(fields.cap_multiple.unwrap()),
      direct_percent: numberText(fields.direct_percent.unwrap()),
      is_active: z.boolean(),
    })
    .refine((v) => typeof v.max_amount !== 'bigint' || v.max_amount >= v.min_amount, {
      path: ['max_amount'],
      message: words.maxBelowMin,
    });
type PlanSchema = ReturnType<typeof planForm>;
type PlanInput = z.input<PlanSchema>;

function valuesOf(plan: Plan | null): PlanInput {
  return {
    name: plan?.name ?? '',
    min_amount: plan ? String(plan.min_amount) : '',
    max_amount: plan ? String(plan.max_amount) : '',
    roi_percent: String(plan?.roi_percent ?? 0.5),
    cap_multiple: String(plan?.cap_multiple ?? 7),
    direct_percent: String(plan?.direct_percent ?? 5),
    is_active: plan?.is_active ?? true,
  };
}

interface Props {
  /** null: closed; 'new': create; a plan: edit it. */
  target: Plan | 'new' | null;
  onClose: () => void;
}

export function PlanDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <EditorDialog<Plan, PlanWire>
      target={target}
      onClose={onClose}
      create={useCreatePlan()}
      update={useUpdatePlan()}
      title={(plan) => {
        const name = plan?.name;
        return plan ? t`Edit ${name}` : t`New plan`;
      }}
      description={(plan) =>
        plan
          ? t`Changes apply to new purchases and to the daily ROI from now on.`
          : t`Members can buy it as soon as it is on sale.`
      }
    >
      {(editing) => <PlanForm editing={editing} />}
    </EditorDialog>
  );
}

function PlanForm({ editing }: { editing: Editing<Plan, PlanWire> }) {
  const { t } = useLingui();
  const plan = editing.item;
  const noName = t`Give the plan a name`;
  const maxBelowMin = t`Maximum amount must be at least the minimum amount`;
  const schema = useMemo(() => planForm({ noName, maxBelowMin }), [noName, maxBelowMin]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PlanInput, unknown, z.output<PlanSchema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(plan),
  });

  const onSubmit = handleSubmit((v) =>
    editing.save({ ...v, min_amount: toWire(v.min_amount), max_amount: toWire(v.max_amount) }),
  );

  return (
    <EditorForm
      label={t`Plan`}
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={plan ? t`Save plan` : t`Create plan`}
    >
      <Input
        label={t`Name`}
        autoComplete="off"
        autoFocus
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Input
          label={t`Minimum (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.min_amount?.message}
          {...register('min_amount')}
        />
        <Input
          label={t`Maximum (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.max_amount?.message}
          {...register('max_amount')}
        />
        <Input
          label={t`Daily ROI (%)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.roi_percent?.message}
          {...register('roi_percent')}
        />
        <Input
          label={t`Referral income (%)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.direct_percent?.message}
          {...register('direct_percent')}
        />
        <Input
          label={t`Earning limit (× plan)`}
          inputMode="numeric"
          autoComplete="off"
          error={errors.cap_multiple?.message}
          {...register('cap_multiple')}
        />
      </div>
      <Checkbox
        label={t`On sale`}
        hint={t`Members can buy it. Untick to hide it without retiring it.`}
        {...register('is_active')}
      />
    </EditorForm>
  );
}
