import type { Plan } from '@app/contracts/plans';
import { topupBody } from '@app/contracts/topups';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useActivateMember, useBuyPlan } from '../../../api/topups';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Segmented } from '../../../components/ui/Segmented';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText, numberText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';
import { purchaseProblem } from '../subscription/BuyPlanDialog';

// The contract's recipient field (username or referral code), required here.
const recipient = z
  .string()
  .trim()
  .min(1, 'Enter their username or referral code')
  .pipe(topupBody.shape.recipient.unwrap());

const RECIPIENT_HINT = 'The member you pay for: their username or referral code.';

type Mode = 'plan' | 'activation';

interface TopupFormProps {
  plans: Plan[] | undefined;
  fund: number;
  /** The activation fee in force (undefined while it loads). */
  fee: number | undefined;
}

/** Buy a plan for another member, or pay their activation fee, from the member's own fund wallet. */
export function TopupForm({ plans, fund, fee }: TopupFormProps) {
  const [mode, setMode] = useState<Mode>('plan');
  return (
    <Card title="Top up a member">
      <div className="flex flex-col gap-4">
        <Segmented<Mode>
          legend="What to pay"
          columns="grid-cols-2"
          value={mode}
          onValue={setMode}
          options={[
            { value: 'plan', label: 'Buy a plan', detail: 'Starts or adds to their plan' },
            {
              value: 'activation',
              label: 'Activation fee',
              detail: fee === undefined ? 'One-time fee' : <Money value={fee} />,
            },
          ]}
        />
        {mode === 'plan' ? (
          <PlanTopup plans={plans} fund={fund} />
        ) : (
          <ActivationTopup fee={fee} fund={fund} />
        )}
      </div>
    </Card>
  );
}

interface ReviewProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  rows: Array<{ label: string; value: ReactNode }>;
  amount: bigint;
  fund: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What the top-up will do to the payer's fund wallet, confirmed before it is sent. */
function Review({
  open,
  title,
  confirmLabel,
  mutation,
  rows,
  amount,
  fund,
  onConfirm,
  onCancel,
}: ReviewProps) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description="The amount leaves your fund wallet at once and cannot be taken back."
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <SummaryList
        rows={[
          ...rows,
          { label: 'Amount', value: <Money value={toWire(amount)} /> },
          { label: 'Fund wallet now', value: <Money value={fund} /> },
          { label: 'Fund wallet after', value: <Money value={toWire(micro(fund) - amount)} />, strong: true },
        ]}
      />
    </ConfirmDialog>
  );
}

function PlanTopup({ plans, fund }: { plans: Plan[] | undefined; fund: number }) {
  const buy = useBuyPlan();
  const keys = useIdempotencyKey();
  const onSale = useMemo(() => plans?.filter((p) => p.is_active) ?? [], [plans]);
  const schema = useMemo(
    () =>
      z
        .object({
          recipient,
          plan_id: numberText(topupBody.shape.plan_id, 'Choose a plan'),
          amount: amountText(topupBody.shape.amount),
        })
        .superRefine((v, ctx) => {
          const plan = onSale.find((p) => p.id === v.plan_id);
          if (!plan || typeof v.amount !== 'bigint') return;
          const problem = purchaseProblem(plan, fund, v.amount);
          if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
        }),
    [onSale, fund],
  );
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { recipient: '', plan_id: '', amount: '' },
  });
  const [review, setReview] = useState<{ recipient: string; plan: Plan; amount: bigint } | null>(null);
  const selected = onSale.find((p) => String(p.id) === watch('plan_id'));

  const onSubmit = handleSubmit((v) => {
    const plan = onSale.find((p) => p.id === v.plan_id);
    if (plan) setReview({ recipient: v.recipient, plan, amount: v.amount });
  });
  const confirm = () => {
    if (!review) return;
    const body = { recipient: review.recipient, plan_id: review.plan.id, amount: toWire(review.amount) };
    buy.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(data.message);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Buy a plan for a member"
      >
        <Input
          label="Member"
          placeholder="Username or referral code"
          autoComplete="off"
          spellCheck={false}
          hint={RECIPIENT_HINT}
          error={errors.recipient?.message}
          {...register('recipient')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Plan" error={errors.plan_id?.message} {...register('plan_id')}>
            <option value="">Choose a plan</option>
            {onSale.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
          <Input
            label="Amount (USDT)"
            inputMode="decimal"
            autoComplete="off"
            hint={
              selected ? (
                <>
                  <Money value={selected.min_amount} /> to <Money value={selected.max_amount} />
                </>
              ) : (
                'Choose a plan to see its range'
              )
            }
            error={errors.amount?.message}
            {...register('amount')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit">Review top-up</Button>
        </div>
      </form>
      <Review
        open={review !== null}
        title="Buy this plan for them?"
        confirmLabel="Confirm top-up"
        mutation={buy}
        rows={[
          { label: 'Member', value: review?.recipient },
          { label: 'Plan', value: review?.plan.name },
        ]}
        amount={review?.amount ?? 0n}
        fund={fund}
        onConfirm={confirm}
        onCancel={() => {
          if (buy.isPending) return;
          buy.reset();
          setReview(null);
        }}
      />
    </>
  );
}

function ActivationTopup({ fee, fund }: { fee: number | undefined; fund: number }) {
  const activate = useActivateMember();
  const keys = useIdempotencyKey();
  const schema = useMemo(
    () =>
      z.object({
        recipient: recipient.refine(
          () => fee === undefined || micro(fee) <= micro(fund),
          'Insufficient balance in your fund wallet',
        ),
      }),
    [fee, fund],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { recipient: '' },
  });
  const [review, setReview] = useState<string | null>(null);

  const onSubmit = handleSubmit((v) => setReview(v.recipient));
  const confirm = () => {
    if (review === null) return;
    const body = { recipient: review };
    activate.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(data.message);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Pay a member's activation fee"
      >
        <Input
          label="Member"
          placeholder="Username or referral code"
          autoComplete="off"
          spellCheck={false}
          hint={RECIPIENT_HINT}
          error={errors.recipient?.message}
          {...register('recipient')}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={fee === undefined}>
            Review activation
          </Button>
        </div>
      </form>
      <Review
        open={review !== null}
        title="Pay their activation fee?"
        confirmLabel="Pay fee"
        mutation={activate}
        rows={[
          { label: 'Member', value: review },
          { label: 'For', value: 'Activation fee' },
        ]}
        amount={micro(fee ?? 0)}
        fund={fund}
        onConfirm={confirm}
        onCancel={() => {
          if (activate.isPending) return;
          activate.reset();
          setReview(null);
        }}
      />
    </>
  );
}
