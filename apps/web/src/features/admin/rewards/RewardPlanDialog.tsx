import { REWARD_TEXT, type RewardPlan, rewardPlanBody, rewardPlanUpdateBody } from '@app/contracts/rewards';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useCreateRewardPlan, useUpdateRewardPlan } from '../../../api/rewards';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
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
  const create = useCreateRewardPlan();
  const update = useUpdateRewardPlan();
  const busy = create.isPending || update.isPending;
  const close = () => {
    if (busy) return;
    create.reset();
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={target === 'new' ? 'New reward plan' : `Edit ${target?.title ?? 'reward plan'}`}
      description={
        target === 'new'
          ? 'A stage members work through in order: reach the team business inside the window, claim the reward.'
          : 'Stages already open keep the terms they started with; the change applies to stages opened from now on.'
      }
      className="max-w-lg"
    >
      {target !== null && (
        <PlanForm
          key={target === 'new' ? 'new' : target.id}
          plan={target === 'new' ? null : target}
          nextOrder={nextOrder}
          create={create}
          update={update}
          onDone={onClose}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

function PlanForm({
  plan,
  nextOrder,
  create,
  update,
  onDone,
  onCancel,
}: {
  plan: RewardPlan | null;
  nextOrder: number;
  create: ReturnType<typeof useCreateRewardPlan>;
  update: ReturnType<typeof useUpdateRewardPlan>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PlanInput, unknown, z.output<typeof planForm>>({
    resolver: zodResolver(planForm),
    defaultValues: valuesOf(plan, nextOrder),
  });
  const mutation = plan ? update : create;

  const onSubmit = handleSubmit((v) => {
    const body = { ...v, business: toWire(v.business), reward: toWire(v.reward) };
    const done = (data: { message: string }) => {
      toast.success(data.message);
      onDone();
    };
    if (plan) update.mutate({ id: plan.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label="Reward plan">
      {mutation.isError && (
        <Banner tone="error">
          {plan ? REWARD_TEXT.updateError : REWARD_TEXT.createError}: {errorMessage(mutation.error)}
        </Banner>
      )}
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
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {plan ? 'Save reward plan' : 'Create reward plan'}
        </Button>
      </div>
    </form>
  );
}
