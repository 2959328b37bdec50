import { OWN_TRANSFER_SECTION, SELF_TRANSFER_MESSAGE } from '@app/contracts/transfer-messages';
import { transferToFriendBody, transferToSelfBody } from '@app/contracts/transfers';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { type TransferWire, useRecipientLookup, useTransfer } from '../../../api/transfers';
import { isWrongPassword, PasswordInput } from '../../../components/money/ConfirmPassword';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { SummaryList, type SummaryRow } from '../../../components/ui/SummaryList';
import { amountText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';

/** An amount the wallet can pay, in the server's words when it cannot. */
function payable(schema: Parameters<typeof amountText>[0], balance: number, wallet: string) {
  return amountText(schema).refine(
    (amount) => amount <= micro(balance),
    `Insufficient balance in your ${wallet} wallet`,
  );
}

/** The signed-in member's own handles, which the recipient field refuses. */
export interface OwnHandles {
  username?: string | undefined;
  code?: string | undefined;
}

/** Whether a typed recipient is the member: the server matches a username or a code in any case. */
function isOwnHandle(typed: string, own: OwnHandles) {
  const t = typed.trim().toLowerCase();
  return t !== '' && (t === own.username?.toLowerCase() || t === own.code?.toLowerCase());
}

const recipientOf = (own: OwnHandles) =>
  z
    .string()
    .trim()
    .min(1, "Enter the member's username, e-mail or referral code")
    .pipe(transferToFriendBody.shape.recipient.unwrap())
    .refine((to) => !isOwnHandle(to, own), SELF_TRANSFER_MESSAGE);

/**
 * Sends a reviewed transfer once confirmed; one Idempotency-Key per submission. A wrong password
 * closes the review and goes back to the form's password field (`onWrongPassword`).
 */
function useConfirmTransfer(onDone: () => void, onWrongPassword: (message: string) => void) {
  const transfer = useTransfer();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<{ body: TransferWire; rows: SummaryRow[] } | null>(null);
  const confirm = () => {
    if (!review) return;
    transfer.mutate(
      { body: review.body, key: keys.for(review.body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(data.message);
          setReview(null);
          onDone();
        },
        onError: (error) => {
          if (!isWrongPassword(error)) return;
          transfer.reset();
          setReview(null);
          onWrongPassword(error.message);
        },
      },
    );
  };
  const cancel = () => {
    if (transfer.isPending) return;
    transfer.reset();
    setReview(null);
  };
  return { transfer, review, setReview, confirm, cancel };
}

function TransferReview({
  state,
  title,
  confirmLabel,
}: {
  state: ReturnType<typeof useConfirmTransfer>;
  title: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={state.review !== null}
      title={title}
      description="A transfer is final: it cannot be taken back once it is made."
      confirmLabel={confirmLabel}
      busy={state.transfer.isPending}
      onConfirm={state.confirm}
      onCancel={state.cancel}
    >
      {state.transfer.isError && <Banner tone="error">{errorMessage(state.transfer.error)}</Banner>}
      {state.review && <SummaryList rows={state.review.rows} />}
    </ConfirmDialog>
  );
}

function FormCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Card title={title}>
      <p className="-mt-2 mb-4 text-sm text-muted">{intro}</p>
      {children}
    </Card>
  );
}

/** Own earnings wallet to own fund wallet (POST /transfer/touser). */
export function ToFundForm({
  earnings,
  fund,
  disabled,
}: {
  earnings: number;
  fund: number;
  disabled?: boolean;
}) {
  const schema = useMemo(
    () =>
      transferToSelfBody
        .pick({ password: true })
        .extend({ amount: payable(transferToSelfBody.shape.amount, earnings, 'earnings') }),
    [earnings],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', password: '' },
  });
  const state = useConfirmTransfer(
    () => reset(),
    (message) => {
      setError('password', { message });
      setFocus('password');
    },
  );

  const onSubmit = handleSubmit(({ amount, password }) =>
    state.setReview({
      body: { amount: toWire(amount), password },
      rows: [
        { label: 'Amount', value: <Money value={toWire(amount)} /> },
        { label: 'Earnings wallet after', value: <Money value={toWire(micro(earnings) - amount)} /> },
        { label: 'Fund wallet after', value: <Money value={toWire(micro(fund) + amount)} />, strong: true },
      ],
    }),
  );

  return (
    <FormCard
      // the title the refusal of a transfer to oneself names (SELF_TRANSFER_MESSAGE)
      title={OWN_TRANSFER_SECTION}
      intro="Move working income into your fund wallet to buy plans or top up others."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={OWN_TRANSFER_SECTION}>
        <Input
          label="Amount (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <PasswordInput error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={disabled}>
            Review transfer
          </Button>
        </div>
      </form>
      <TransferReview state={state} title="Move to your fund wallet?" confirmLabel="Move money" />
    </FormCard>
  );
}

/** Own fund wallet to another member (POST /transfer/friend). */
export function ToFriendForm({ fund, own, disabled }: { fund: number; own: OwnHandles; disabled?: boolean }) {
  const { username, code } = own;
  const schema = useMemo(
    () =>
      transferToFriendBody.pick({ password: true }).extend({
        recipient: recipientOf({ username, code }),
        amount: payable(transferToFriendBody.shape.amount, fund, 'fund'),
      }),
    [fund, username, code],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { recipient: '', amount: '', password: '' },
  });
  const state = useConfirmTransfer(
    () => reset(),
    (message) => {
      setError('password', { message });
      setFocus('password');
    },
  );

  // refused as it is typed, not after the review (the server refuses it too)
  const toSelf = isOwnHandle(watch('recipient') ?? '', { username, code })
    ? SELF_TRANSFER_MESSAGE
    : undefined;

  // The review names the member as the server resolved the handle, and sends to that username, so
  // what is confirmed is who is paid.
  const lookup = useRecipientLookup();
  const onSubmit = handleSubmit(async ({ recipient: typed, amount, password }) => {
    let to: Awaited<ReturnType<typeof lookup.mutateAsync>>;
    try {
      to = await lookup.mutateAsync(typed);
    } catch (error) {
      setError('recipient', { message: errorMessage(error) });
      setFocus('recipient');
      return;
    }
    state.setReview({
      body: { recipient: to.username, amount: toWire(amount), password },
      rows: [
        {
          label: 'To',
          value: (
            <span data-testid="transfer-recipient">
              {to.fullname} <span className="text-muted">(@{to.username})</span>
            </span>
          ),
        },
        { label: 'Amount', value: <Money value={toWire(amount)} /> },
        { label: 'Fund wallet now', value: <Money value={fund} /> },
        { label: 'Fund wallet after', value: <Money value={toWire(micro(fund) - amount)} />, strong: true },
      ],
    });
  });

  return (
    <FormCard
      title="Send to a member"
      intro="Send from your fund wallet to another member's fund wallet. They can use it at once."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Send to a member">
        <Input
          label="Member"
          placeholder="Username, e-mail or referral code"
          autoComplete="off"
          spellCheck={false}
          error={toSelf ?? errors.recipient?.message}
          {...register('recipient')}
        />
        <Input
          label="Amount (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <PasswordInput error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={disabled || toSelf !== undefined} busy={lookup.isPending}>
            Review transfer
          </Button>
        </div>
      </form>
      <TransferReview state={state} title="Send this transfer?" confirmLabel="Send money" />
    </FormCard>
  );
}
