import { type RewardPlan, rewardPlanBody, rewardPlanUpdateBody } from '@app/contracts/rewards';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type RewardPlanWire, useCreateRewardPlan, useUpdateRewardPlan } from '../../../api/rewards';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { amountText, numberText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

// The contract's reward plan fields, fed from text boxes (built per language: its own check messages).
const fields = rewardPlanUpdateBody.shape;
function planFormOf(words: { title: string; days: string; order: string }) {
  return z.object({
    title: z.string().trim().min(1, words.title).pipe(rewardPlanBody.shape.title),
    business: amountText(),
    reward: amountText(),
    days: numberText(fields.days.unwrap(), words.days),
    order: numberText(fields.order.unwrap(), words.order),
    is_active: z.boolean(),
  });
}
type PlanForm = ReturnType<typeof planFormOf>;
type PlanInput = z.input<PlanForm>;

function valuesOf(plan: RewardPlan | null, nextOrder: number): PlanInput {
  return {
    title: plan?.title ?? '',
    business: plan ? String(plan.business) : '',
    reward: plan ? String(plan.reward) : '',
    days: String(plan?.days ?? 30),
    order: String(plan?.order ?? nextOrder),
    is_active: plan?.is_active ?? true,
  };
}

interface Props {
  /** null: closed; 'new': create; a plan: edit it. */
  target: RewardPlan | 'new' | null;
  nextOrder: number;
  onClose: () => void;
}

export function RewardPlanDialog({ target, nextOrder, onClose }: Props) {
  const { t } = useLingui();
  return (
    <EditorDialog<RewardPlan, RewardPlanWire>
      target={target}
      onClose={onClose}
      create={useCreateRewardPlan()}
      update={useUpdateRewardPlan()}
      title={(plan) => (plan ? t`Edit ${plan.title}` : t`New reward plan`)}
      description={(plan) =>
        plan
          ? t`Stages already open keep the terms they started with; the change applies to stages opened from now on.`
          : t`A stage members work through in order: reach the team business inside the window, claim the reward.`
      }
    >
      {(editing) => <PlanForm editing={editing} nextOrder={nextOrder} />}
    </EditorDialog>
  );
}

function PlanForm({
  editing,
  nextOrder,
}: {
  editing: Editing<RewardPlan, RewardPlanWire>;
  nextOrder: number;
}) {
  const plan = editing.item;
  const { t } = useLingui();
  const planForm = useMemo(
    () =>
      planFormOf({
        title: t`Give the stage a title`,
        days: t`Enter the window in days`,
        order: t`Enter the order`,
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PlanInput, unknown, z.output<PlanForm>>({
    resolver: zodResolver(planForm),
    defaultValues: valuesOf(plan, nextOrder),
  });

  const onSubmit = handleSubmit((v) =>
    editing.save({ ...v, business: toWire(v.business), reward: toWire(v.reward) }),
  );

  return (
    <EditorForm
      label={t`Reward plan`}
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={plan ? t`Save reward plan` : t`Create reward plan`}
      // REWARD_TEXT.updateError / createError, the spec's words
      errorPrefix={plan ? t`Failed to update reward` : t`Failed to create reward`}
    >
      <Input
        label={t`Title`}
        autoComplete="off"
        autoFocus
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Input
          label={t`Team business (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.business?.message}
          {...register('business')}
        />
        <Input
          label={t`Reward (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.reward?.message}
          {...register('reward')}
        />
        <Input
          label={t`Window (days)`}
          inputMode="numeric"
          autoComplete="off"
          error={errors.days?.message}
          {...register('days')}
        />
        <Input
          label={t`Order`}
          inputMode="numeric"
          autoComplete="off"
          hint={t`Members work through stages from the lowest order up.`}
          error={errors.order?.message}
          {...register('order')}
        />
      </div>
      <Checkbox
        label={t`On offer`}
        hint={t`Untick to stop opening new stages on it; stages already open run on.`}
        {...register('is_active')}
      />
    </EditorForm>
  );
}
