import { REWARD_TEXT, type RewardPlan, rewardPlanBody, rewardPlanUpdateBody } from '@app/contracts/rewards';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type RewardPlanWire, useCreateRewardPlan, useUpdateRewardPlan } from '../../../api/rewards';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { amountText, numberText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

// The contract's reward plan fields, fed from text boxes.
const fields = rewardPlanUpdateBody.shape;
const planForm = z.object({
  title: z.string().trim().min(1, 'Give the stage a title').pipe(rewardPlanBody.shape.title),
  business: amountText(),
  reward: amountText(),
  days: numberText(fields.days.unwrap(), 'Enter the window in days'),
  order: numberText(fields.order.unwrap(), 'Enter the order'),
  is_active: z.boolean(),
});
type PlanInput = z.input<typeof planForm>;

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
  return (
    <EditorDialog<RewardPlan, RewardPlanWire>
      target={target}
      onClose={onClose}
      create={useCreateRewardPlan()}
      update={useUpdateRewardPlan()}
      title={(plan) => (plan ? `Edit ${plan.title}` : 'New reward plan')}
      description={(plan) =>
        plan
          ? 'Stages already open keep the terms they started with; the change applies to stages opened from now on.'
          : 'A stage members work through in order: reach the team business inside the window, claim the reward.'
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PlanInput, unknown, z.output<typeof planForm>>({
    resolver: zodResolver(planForm),
    defaultValues: valuesOf(plan, nextOrder),
  });

  const onSubmit = handleSubmit((v) =>
    editing.save({ ...v, business: toWire(v.business), reward: toWire(v.reward) }),
  );

  return (
    <EditorForm
      label="Reward plan"
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={plan ? 'Save reward plan' : 'Create reward plan'}
      errorPrefix={plan ? REWARD_TEXT.updateError : REWARD_TEXT.createError}
    >
      <Input
        label="Title"
        autoComplete="off"
        autoFocus
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Input
          label="Team business (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.business?.message}
          {...register('business')}
        />
        <Input
          label="Reward (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.reward?.message}
          {...register('reward')}
        />
        <Input
          label="Window (days)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.days?.message}
          {...register('days')}
        />
        <Input
          label="Order"
          inputMode="numeric"
          autoComplete="off"
          hint="Members work through stages from the lowest order up."
          error={errors.order?.message}
          {...register('order')}
        />
      </div>
      <Checkbox
        label="On offer"
        hint="Untick to stop opening new stages on it; stages already open run on."
        {...register('is_active')}
      />
    </EditorForm>
  );
}
