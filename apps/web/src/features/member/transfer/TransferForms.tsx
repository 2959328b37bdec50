import { transferToFriendBody, transferToSelfBody } from '@app/contracts/transfers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { serverText } from '../../../i18n/errors/server-texts';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';
import { amountField } from '../money/amount-field';

/**
 * The section that moves money between one's own wallets, and the refusal of a transfer to oneself
 * that names it (contracts/transfer-messages.ts: OWN_TRANSFER_SECTION, SELF_TRANSFER_MESSAGE, the
 * server's English), in the member's language.
 */
const ownSection = (i18n: I18n) => i18n._(msg`Earnings to fund wallet`);
function selfTransferMessage(i18n: I18n) {
  const section = ownSection(i18n);
  return i18n._(
    msg`You cannot send money to yourself. To move money between your own wallets, use "${section}".`,
  );
}

/** An amount the wallet can pay, in the server's words when it cannot. */
function payable(
  i18n: I18n,
  schema: Parameters<typeof amountField>[1],
  balance: number,
  wallet: 'earnings' | 'fund',
) {
  return amountField(i18n, schema).refine(
    (amount) => amount <= micro(balance),
    wallet === 'fund'
      ? i18n._(msg`Insufficient balance in your fund wallet`)
      : i18n._(msg`Insufficient balance in your earnings wallet`),
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

const recipientOf = (own: OwnHandles, i18n: I18n) =>
  z
    .string()
    .trim()
    .min(1, i18n._(msg`Enter the member's username, e-mail or referral code`))
    .pipe(transferToFriendBody.shape.recipient.unwrap())
    .refine((to) => !isOwnHandle(to, own), selfTransferMessage(i18n));

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
          toast.success(serverText(data.message));
          setReview(null);
          onDone();
        },
        onError: (error) => {
          if (!isWrongPassword(error)) return;
          transfer.reset();
          setReview(null);
          onWrongPassword(errorMessage(error));
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
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={state.review !== null}
      title={title}
      description={t`A transfer is final: it cannot be taken back once it is made.`}
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
  const { t, i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, and the messages with it
  const schema = useMemo(
    () =>
      transferToSelfBody
        .pick({ password: true })
        .extend({ amount: payable(i18n, transferToSelfBody.shape.amount, earnings, 'earnings') }),
    [earnings, i18n, t],
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
        { label: t`Amount`, value: <Money value={toWire(amount)} /> },
        { label: t`Earnings wallet after`, value: <Money value={toWire(micro(earnings) - amount)} /> },
        { label: t`Fund wallet after`, value: <Money value={toWire(micro(fund) + amount)} />, strong: true },
      ],
    }),
  );

  return (
    <FormCard
      // the title the refusal of a transfer to oneself names (SELF_TRANSFER_MESSAGE)
      title={ownSection(i18n)}
      intro={t`Move working income into your fund wallet to buy plans or top up others.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={ownSection(i18n)}>
        <Input
          label={t`Amount (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <PasswordInput error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={disabled}>
            <Trans>Review transfer</Trans>
          </Button>
        </div>
      </form>
      <TransferReview state={state} title={t`Move to your fund wallet?`} confirmLabel={t`Move money`} />
    </FormCard>
  );
}

/** Own fund wallet to another member (POST /transfer/friend). */
export function ToFriendForm({ fund, own, disabled }: { fund: number; own: OwnHandles; disabled?: boolean }) {
  const { username, code } = own;
  const { t, i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, and the messages with it
  const schema = useMemo(
    () =>
      transferToFriendBody.pick({ password: true }).extend({
        recipient: recipientOf({ username, code }, i18n),
        amount: payable(i18n, transferToFriendBody.shape.amount, fund, 'fund'),
      }),
    [fund, username, code, i18n, t],
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
    ? selfTransferMessage(i18n)
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
          label: t`To`,
          value: (
            <span data-testid="transfer-recipient">
              {to.fullname}{' '}
              <span dir="ltr" className="text-muted">
                (@{to.username})
              </span>
            </span>
          ),
        },
        { label: t`Amount`, value: <Money value={toWire(amount)} /> },
        { label: t`Fund wallet now`, value: <Money value={fund} /> },
        { label: t`Fund wallet after`, value: <Money value={toWire(micro(fund) - amount)} />, strong: true },
      ],
    });
  });

  return (
    <FormCard
      title={t`Send to a member`}
      intro={t`Send from your fund wallet to another member's fund wallet. They can use it at once.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Send to a member`}>
        <Input
          label={t`Member`}
          placeholder={t`Username, e-mail or referral code`}
          autoComplete="off"
          spellCheck={false}
          error={toSelf ?? errors.recipient?.message}
          {...register('recipient')}
        />
        <Input
          label={t`Amount (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <PasswordInput error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={disabled || toSelf !== undefined} busy={lookup.isPending}>
            <Trans>Review transfer</Trans>
          </Button>
        </div>
      </form>
      <TransferReview state={state} title={t`Send this transfer?`} confirmLabel={t`Send money`} />
    </FormCard>
  );
}
