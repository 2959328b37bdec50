import type { Plan } from '@app/contracts/plans';
import { topupBody } from '@app/contracts/topups';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
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
import { serverText } from '../../../i18n/errors/server-texts';
import { numberText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';
import { amountField } from '../money/amount-field';
import { purchaseProblem } from '../subscription/BuyPlanDialog';

// The contract's recipient field (username or referral code), required here.
const recipientField = (i18n: I18n) =>
  z
    .string()
    .trim()
    .min(1, i18n._(msg`Enter their username or referral code`))
    .pipe(topupBody.shape.recipient.unwrap());

/** The member field of both forms. */
function RecipientInput({ error, ...rest }: { error?: string | undefined } & UseFormRegisterReturn) {
  const { t } = useLingui();
  return (
    <Input
      label={t`Member`}
      placeholder={t`Username or referral code`}
      autoComplete="off"
      spellCheck={false}
      hint={t`The member you pay for: their username or referral code.`}
      error={error}
      {...rest}
    />
  );
}

type Mode = 'plan' | 'activation';

interface TopupFormProps {
  plans: Plan[] | undefined;
  fund: number;
  /** The activation fee in force (undefined while it loads). */
  fee: number | undefined;
}

/** Buy a plan for another member, or pay their activation fee, from the member's own fund wallet. */
export function TopupForm({ plans, fund, fee }: TopupFormProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>('plan');
  return (
    <Card title={t`Top up a member`}>
      <div className="flex flex-col gap-4">
        <Segmented<Mode>
          legend={t`What to pay`}
          columns="grid-cols-2"
          value={mode}
          onValue={setMode}
          options={[
            { value: 'plan', label: t`Buy a plan`, detail: t`Starts or adds to their plan` },
            {
              value: 'activation',
              label: t`Activation fee`,
              detail: fee === undefined ? t`One-time fee` : <Money value={fee} />,
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
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={t`The amount leaves your fund wallet at once and cannot be taken back.`}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <SummaryList
        rows={[
          ...rows,
          { label: t`Amount`, value: <Money value={toWire(amount)} /> },
          { label: t`Fund wallet now`, value: <Money value={fund} /> },
          {
            label: t`Fund wallet after`,
            value: <Money value={toWire(micro(fund) - amount)} />,
            strong: true,
          },
        ]}
      />
    </ConfirmDialog>
  );
}

function PlanTopup({ plans, fund }: { plans: Plan[] | undefined; fund: number }) {
  const { t, i18n } = useLingui();
  const buy = useBuyPlan();
  const keys = useIdempotencyKey();
  const onSale = useMemo(() => plans?.filter((p) => p.is_active) ?? [], [plans]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, and the messages with it
  const schema = useMemo(
    () =>
      z
        .object({
          recipient: recipientField(i18n),
          plan_id: numberText(topupBody.shape.plan_id, i18n._(msg`Choose a plan`)),
          amount: amountField(i18n, topupBody.shape.amount),
        })
        .superRefine((v, ctx) => {
          const plan = onSale.find((p) => p.id === v.plan_id);
          if (!plan || typeof v.amount !== 'bigint') return;
          const problem = purchaseProblem(plan, fund, v.amount, i18n);
          if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
        }),
    [onSale, fund, i18n, t],
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
          toast.success(serverText(data.message));
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
        aria-label={t`Buy a plan for a member`}
      >
        <RecipientInput error={errors.recipient?.message} {...register('recipient')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label={t`Plan`} error={errors.plan_id?.message} {...register('plan_id')}>
            <option value="">{t`Choose a plan`}</option>
            {onSale.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
          <Input
            label={t`Amount (USDT)`}
            inputMode="decimal"
            autoComplete="off"
            hint={
              selected ? (
                <Trans>
                  <Money value={selected.min_amount} /> to <Money value={selected.max_amount} />
                </Trans>
              ) : (
                t`Choose a plan to see its range`
              )
            }
            error={errors.amount?.message}
            {...register('amount')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit">
            <Trans>Review top-up</Trans>
          </Button>
        </div>
      </form>
      <Review
        open={review !== null}
        title={t`Buy this plan for them?`}
        confirmLabel={t`Confirm top-up`}
        mutation={buy}
        rows={[
          { label: t`Member`, value: review?.recipient },
          { label: t`Plan`, value: review?.plan.name },
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
  const { t, i18n } = useLingui();
  const activate = useActivateMember();
  const keys = useIdempotencyKey();
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, and the messages with it
  const schema = useMemo(
    () =>
      z.object({
        recipient: recipientField(i18n).refine(
          () => fee === undefined || micro(fee) <= micro(fund),
          i18n._(msg`Insufficient balance in your fund wallet`),
        ),
      }),
    [fee, fund, i18n, t],
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
          toast.success(serverText(data.message));
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
        aria-label={t`Pay a member's activation fee`}
      >
        <RecipientInput error={errors.recipient?.message} {...register('recipient')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={fee === undefined}>
            <Trans>Review activation</Trans>
          </Button>
        </div>
      </form>
      <Review
        open={review !== null}
        title={t`Pay their activation fee?`}
        confirmLabel={t`Pay fee`}
        mutation={activate}
        rows={[
          { label: t`Member`, value: review },
          { label: t`For`, value: t`Activation fee` },
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
