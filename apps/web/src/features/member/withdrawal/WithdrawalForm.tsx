import { formatUsdt, percentOf, toMicro } from '@app/contracts/money';
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
import { amountText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { daysSince, formatPercent, micro, toWire, typedMicro } from '../../../lib/money';
import { WALLET_LABEL, WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';

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

function quoteRows(q: Quote, withAddress: boolean): SummaryRow[] {
  const wallet = WALLET_LABEL[WITHDRAWAL_WALLET[q.kind]];
  return [
    ...(withAddress
      ? [
          { label: 'Withdraw from', value: wallet },
          {
            label: `To (${q.network})`,
            value: <span className="font-mono text-xs break-all">{q.address}</span>,
          },
        ]
      : []),
    { label: 'Amount', value: <Money value={toWire(q.amount)} />, testId: 'quote-amount' },
    {
      label: `Fee (${formatPercent(q.feePercent)})`,
      value: <Money value={toWire(q.fee)} />,
      testId: 'quote-fee',
    },
    { label: 'You receive', value: <Money value={toWire(q.net)} />, strong: true, testId: 'quote-net' },
    {
      label: `${wallet} after`,
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
          if (!(v.network === 'BEP20' ? user.bep20 : user.trc20))
            ctx.addIssue({
              code: 'custom',
              path: ['network'],
              message: `Add your ${v.network} address in your profile before withdrawing`,
            });
          if (typeof v.amount !== 'bigint') return;
          const minimum = toMicro(settings.withdrawal_min) ?? 0n;
          const wallet = WITHDRAWAL_WALLET[v.kind];
          if (v.amount < minimum)
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: `The minimum withdrawal is ${formatUsdt(settings.withdrawal_min)}`,
            });
          else if (v.amount > micro(wallets[wallet]))
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: `Insufficient balance in your ${wallet} wallet`,
            });
        }),
    [user, settings, wallets],
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
    <Card title="Request a withdrawal">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Request a withdrawal">
        <Segmented<WithdrawalKind>
          legend="Withdraw from"
          value={kind}
          onValue={(next) => setValue('kind', next, { shouldValidate: isSubmitted })}
          options={WITHDRAWAL_KINDS.map((k) => ({
            value: k,
            label: WITHDRAWAL_KIND_LABEL[k].text,
            detail: <Money value={wallets[WITHDRAWAL_WALLET[k]]} />,
          }))}
        />
        <p className="-mt-3 text-xs text-muted">
          {WITHDRAWAL_KIND_LABEL[kind].text} withdrawals come from {WITHDRAWAL_KIND_LABEL[kind].from}. Fee
          now: <span className="font-medium text-fg">{formatPercent(feeNow)}</span>.
        </p>

        <div className="flex flex-col gap-1.5">
          <Segmented<Network>
            legend="Network"
            columns="grid-cols-2"
            value={network}
            onValue={(next) => setValue('network', next, { shouldValidate: isSubmitted })}
            options={NETWORKS.map((n) => {
              const address = n === 'BEP20' ? user.bep20 : user.trc20;
              return {
                value: n,
                label: n === 'BEP20' ? 'BEP20 (BNB Smart Chain)' : 'TRC20 (Tron)',
                detail: address ? (
                  <span className="block truncate font-mono">{address}</span>
                ) : (
                  'No address in your profile'
                ),
              };
            })}
          />
          {errors.network?.message && (
            <p className="text-sm text-red-700 dark:text-red-400">
              {errors.network.message}.{' '}
              <Link to={`/user/profile/${user.id}`} className="font-medium underline">
                Open your profile
              </Link>
            </p>
          )}
        </div>

        <Input
          label="Amount (USDT)"
          inputMode="decimal"
          autoComplete="off"
          hint={
            <>
              Minimum <Money value={settings.withdrawal_min} /> · available{' '}
              <Money value={wallets[WITHDRAWAL_WALLET[kind]]} />
            </>
          }
          error={errors.amount?.message}
          {...register('amount')}
        />

        <div aria-live="polite">
          {live ? (
            <SummaryList rows={quoteRows(live, false)} />
          ) : (
            <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-muted">
              Enter an amount to see the fee and what you receive.
            </p>
          )}
        </div>

        <PasswordInput error={errors.password?.message} {...register('password')} />

        <div className="flex justify-end">
          <Button type="submit" disabled={disabled}>
            Review withdrawal
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        title="Request this withdrawal?"
        description="The amount is held at once and paid to your address when an admin approves it. You can cancel it until it is paid."
        confirmLabel="Request withdrawal"
        busy={request.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        {request.isError && <Banner tone="error">{errorMessage(request.error)}</Banner>}
        {review && <SummaryList rows={quoteRows(review, true)} />}
      </ConfirmDialog>
      <SuccessDialog open={done !== null} message={done ?? ''} onClose={() => setDone(null)} />
    </Card>
  );
}
