import { percentOf, toMicro } from '@app/contracts/money';
import type { Settings } from '@app/contracts/settings';
import type { User, Wallets } from '@app/contracts/users';
import {
  NETWORKS,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_WALLET,
  type WithdrawalKind,
  withdrawalFeePercent,
  withdrawalRequestBody,
} from '@app/contracts/withdrawals';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useRequestWithdrawal } from '../../../api/withdrawals';
import { isWrongPassword, PasswordInput } from '../../../components/money/ConfirmPassword';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Segmented } from '../../../components/ui/Segmented';
import { SuccessDialog } from '../../../components/ui/SuccessDialog';
import { SummaryList, type SummaryRow } from '../../../components/ui/SummaryList';
import { money } from '../../../lib/format';
import { amountText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { daysSince, micro, toWire, typedMicro } from '../../../lib/money';
import { useWithdrawalLabels } from './labels';
import { formatPercentNumber as formatPercent } from './percent';

type Network = (typeof NETWORKS)[number];

interface Quote {
  kind: WithdrawalKind;
  network: Network;
  address: string;
  amount: bigint;
  feePercent: number;
  fee: bigint;
  net: bigint;
  balanceAfter: bigint;
}

/** Amount, fee and net exactly as the server will compute them (contract fee rule, micro-units). */
function quote(
  kind: WithdrawalKind,
  network: Network,
  amount: bigint,
  user: User,
  settings: Settings,
  wallets: Wallets['wallets'],
): Quote {
  const feePercent = withdrawalFeePercent(kind, settings, daysSince(user.activation_date));
  const fee = percentOf(amount, feePercent);
  return {
    kind,
    network,
    address: network === 'BEP20' ? user.bep20 : user.trc20,
    amount,
    feePercent,
    fee,
    net: amount - fee,
    balanceAfter: micro(wallets[WITHDRAWAL_WALLET[kind]]) - amount,
  };
}

type Labels = ReturnType<typeof useWithdrawalLabels>;

function quoteRows(q: Quote, withAddress: boolean, labels: Labels, i18n: I18n): SummaryRow[] {
  const wallet = labels.WALLET_LABEL[WITHDRAWAL_WALLET[q.kind]];
  const network = q.network;
  const percent = formatPercent(q.feePercent);
  return [
    ...(withAddress
      ? [
          { label: i18n._(msg`Withdraw from`), value: wallet },
          {
            label: i18n._(msg`To (${network})`),
            value: (
              <span dir="ltr" className="font-mono text-xs break-all">
                {q.address}
              </span>
            ),
          },
        ]
      : []),
    { label: i18n._(msg`Amount`), value: <Money value={toWire(q.amount)} />, testId: 'quote-amount' },
    {
      label: i18n._(msg`Fee (${percent})`),
      value: <Money value={toWire(q.fee)} />,
      testId: 'quote-fee',
    },
    {
      label: i18n._(msg`You receive`),
      value: <Money value={toWire(q.net)} />,
      strong: true,
      testId: 'quote-net',
    },
    {
      label: i18n._(msg`${wallet} after`),
      value: (
        <Money
          value={toWire(q.balanceAfter)}
          className={q.balanceAfter < 0n ? 'text-red-700 dark:text-red-400' : ''}
        />
      ),
      testId: 'quote-after',
    },
  ];
}

interface WithdrawalFormProps {
  user: User;
  settings: Settings;
  wallets: Wallets['wallets'];
  disabled?: boolean;
}

export function WithdrawalForm({ user, settings, wallets, disabled }: WithdrawalFormProps) {
  const { t, i18n } = useLingui();
  const labels = useWithdrawalLabels();
  const { WITHDRAWAL_KIND_LABEL } = labels;
  const request = useRequestWithdrawal();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<(Quote & { password: string }) | null>(null);
  // a request changes the wallets, the history and the limits: the spec 2.10 Success dialog reloads the page
  const [done, setDone] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      withdrawalRequestBody
        .pick({ network: true, password: true })
        .extend({
          kind: z.enum(WITHDRAWAL_KINDS),
          amount: amountText(withdrawalRequestBody.shape.amount),
        })
        .superRefine((v, ctx) => {
          const network = v.network;
          if (!(network === 'BEP20' ? user.bep20 : user.trc20))
            ctx.addIssue({
              code: 'custom',
              path: ['network'],
              message: t`Add your ${network} address in your profile before withdrawing`,
            });
          if (typeof v.amount !== 'bigint') return;
          const minimum = toMicro(settings.withdrawal_min) ?? 0n;
          const wallet = WITHDRAWAL_WALLET[v.kind];
          const minimumText = money(settings.withdrawal_min).text;
          if (v.amount < minimum)
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: t`The minimum withdrawal is ${minimumText}`,
            });
          else if (v.amount > micro(wallets[wallet]))
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              // the wallet's key as the message always named it ("your roi wallet")
              message: select(wallet, {
                earnings: 'Insufficient balance in your earnings wallet',
                roi: 'Insufficient balance in your roi wallet',
                principal: 'Insufficient balance in your principal wallet',
                compound: 'Insufficient balance in your compound wallet',
                other: 'Insufficient balance in your wallet',
              }),
            });
        }),
    [user, settings, wallets, t],
  );

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitted },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: 'profit',
      network: user.bep20 || !user.trc20 ? 'BEP20' : 'TRC20',
      amount: '',
      password: '',
    },
  });
  const kind = watch('kind');
  const network = watch('network') ?? 'BEP20';
  const typed = typedMicro(watch('amount'));
  const live = typed !== null && typed > 0n ? quote(kind, network, typed, user, settings, wallets) : null;
  const feeNow = withdrawalFeePercent(kind, settings, daysSince(user.activation_date));
  const kindName = WITHDRAWAL_KIND_LABEL[kind].text;
  const kindFrom = WITHDRAWAL_KIND_LABEL[kind].from;
  const feeText = formatPercent(feeNow);

  const onSubmit = handleSubmit((v) =>
    setReview({ ...quote(v.kind, v.network, v.amount, user, settings, wallets), password: v.password }),
  );
  const confirm = () => {
    if (!review) return;
    const body = { amount: toWire(review.amount), network: review.network, password: review.password };
    request.mutate(
      { kind: review.kind, body, key: keys.for({ kind: review.kind, ...body }) },
      {
        onSuccess: (data) => {
          keys.done();
          setReview(null);
          setDone(data.message);
          reset({ kind: review.kind, network: review.network, amount: '', password: '' });
        },
        // a wrong password goes back to its field, out of the dialog that has none
        onError: (error) => {
          if (!isWrongPassword(error)) return;
          request.reset();
          setReview(null);
          setError('password', { message: error.message });
          setFocus('password');
        },
      },
    );
  };
  const close = () => {
    if (request.isPending) return;
    request.reset();
    setReview(null);
  };

  return (
    <Card title={t`Request a withdrawal`}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5"
        aria-label={t`Request a withdrawal`}
      >
        <Segmented<WithdrawalKind>
          legend={t`Withdraw from`}
          value={kind}
          onValue={(next) => setValue('kind', next, { shouldValidate: isSubmitted })}
          options={WITHDRAWAL_KINDS.map((k) => ({
            value: k,
            label: WITHDRAWAL_KIND_LABEL[k].text,
            detail: <Money value={wallets[WITHDRAWAL_WALLET[k]]} />,
          }))}
        />
        <p className="-mt-3 text-xs text-muted">
          <Trans>
            {kindName} withdrawals come from {kindFrom}. Fee now:{' '}
            <span className="font-medium text-fg">{feeText}</span>.
          </Trans>
        </p>

        <div className="flex flex-col gap-1.5">
          <Segmented<Network>
            legend={t`Network`}
            columns="grid-cols-2"
            value={network}
            onValue={(next) => setValue('network', next, { shouldValidate: isSubmitted })}
            options={NETWORKS.map((n) => {
              const address = n === 'BEP20' ? user.bep20 : user.trc20;
              return {
                value: n,
                label: n === 'BEP20' ? 'BEP20 (BNB Smart Chain)' : 'TRC20 (Tron)',
                detail: address ? (
                  <span dir="ltr" className="block truncate font-mono">
                    {address}
                  </span>
                ) : (
                  t`No address in your profile`
                ),
              };
            })}
          />
          {errors.network?.message && (
            <p className="text-sm text-red-700 dark:text-red-400">
              {errors.network.message}.{' '}
              <Link to={`/user/profile/${user.id}`} className="font-medium underline">
                <Trans>Open your profile</Trans>
              </Link>
            </p>
          )}
        </div>

        <Input
          label={t`Amount (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          hint={
            <Trans>
              Minimum <Money value={settings.withdrawal_min} /> · available{' '}
              <Money value={wallets[WITHDRAWAL_WALLET[kind]]} />
            </Trans>
          }
          error={errors.amount?.message}
          {...register('amount')}
        />

        <div aria-live="polite">
          {live ? (
            <SummaryList rows={quoteRows(live, false, labels, i18n)} />
          ) : (
            <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-muted">
              <Trans>Enter an amount to see the fee and what you receive.</Trans>
            </p>
          )}
        </div>

        <PasswordInput error={errors.password?.message} {...register('password')} />

        <div className="flex justify-end">
          <Button type="submit" disabled={disabled}>
            <Trans>Review withdrawal</Trans>
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        title={t`Request this withdrawal?`}
        description={t`The amount is held at once and paid to your address when an admin approves it. You can cancel it until it is paid.`}
        confirmLabel={t`Request withdrawal`}
        busy={request.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        {request.isError && <Banner tone="error">{errorMessage(request.error)}</Banner>}
        {review && <SummaryList rows={quoteRows(review, true, labels, i18n)} />}
      </ConfirmDialog>
      <SuccessDialog open={done !== null} message={done ?? ''} onClose={() => setDone(null)} />
    </Card>
  );
}
