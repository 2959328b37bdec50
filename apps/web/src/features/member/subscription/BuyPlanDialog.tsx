import type { Plan } from '@app/contracts/plans';
import { topupBody } from '@app/contracts/topups';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useBuyPlan } from '../../../api/topups';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { SuccessDialog } from '../../../components/ui/SuccessDialog';
import { SummaryList } from '../../../components/ui/SummaryList';
import { money } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire, typedMicro } from '../../../lib/money';
import { amountField } from '../money/amount-field';

/**
 * The purchase rules the server applies, checked before anything is sent (the server's words, in
 * the member's language); null when fine.
 */
export function purchaseProblem(plan: Plan, fund: number, amount: bigint, i18n: I18n): string | null {
  if (amount < micro(plan.min_amount) || amount > micro(plan.max_amount)) {
    const min = money(plan.min_amount).text;
    const max = money(plan.max_amount).text;
    const name = plan.name;
    return i18n._(msg`Amount must be between ${min} and ${max} for ${name}`);
  }
  if (amount > micro(fund)) return i18n._(msg`Insufficient balance in your fund wallet`);
  return null;
}

function purchaseAmount(plan: Plan, fund: number, i18n: I18n) {
  return amountField(i18n, topupBody.shape.amount).superRefine((amount, ctx) => {
    const problem = purchaseProblem(plan, fund, amount, i18n);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

interface BuyPlanDialogProps {
  plan: Plan | null;
  fund: number;
  holdsPlan: boolean;
  onClose: () => void;
}

/** Buy a plan for oneself: the amount, then what it costs the fund wallet, confirmed in one dialog. */
export function BuyPlanDialog({ plan, fund, holdsPlan, onClose }: BuyPlanDialogProps) {
  const { t } = useLingui();
  const buy = useBuyPlan();
  const name = plan?.name ?? '';
  // a purchase changes every figure of the page: the spec 2.10 Success dialog, whose closing reloads it
  const [done, setDone] = useState<string | null>(null);
  const close = () => {
    if (buy.isPending) return;
    buy.reset();
    onClose();
  };
  return (
    <>
      <SuccessDialog open={done !== null} message={done ?? ''} onClose={() => setDone(null)} />
      <Modal
        open={plan !== null}
        onClose={close}
        title={plan ? (holdsPlan ? t`Add to your plan: ${name}` : t`Buy: ${name}`) : ''}
        description={t`Paid from your fund wallet. Your plan starts earning from its activation.`}
      >
        {plan && (
          <BuyForm
            key={plan.id}
            plan={plan}
            fund={fund}
            holdsPlan={holdsPlan}
            buy={buy}
            onCancel={close}
            onDone={setDone}
          />
        )}
      </Modal>
    </>
  );
}

function BuyForm({
  plan,
  fund,
  holdsPlan,
  buy,
  onCancel,
  onDone,
}: {
  plan: Plan;
  fund: number;
  holdsPlan: boolean;
  buy: ReturnType<typeof useBuyPlan>;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const formId = useId();
  const { t, i18n } = useLingui();
  const keys = useIdempotencyKey();
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, and the messages with it
  const schema = useMemo(() => z.object({ amount: purchaseAmount(plan, fund, i18n) }), [plan, fund, i18n, t]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: String(plan.min_amount) },
  });
  const amount = typedMicro(watch('amount'));
  const after = amount === null ? null : micro(fund) - amount;

  const onSubmit = handleSubmit(({ amount: value }) => {
    const body = { plan_id: plan.id, amount: toWire(value) };
    buy.mutate(
      { body, key: keys.for(body), retopup: holdsPlan },
      {
        onSuccess: (data) => {
          keys.done();
          onCancel();
          onDone(data.message);
        },
      },
    );
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
      {buy.isError && <Banner tone="error">{errorMessage(buy.error)}</Banner>}
      <Input
        label={t`Amount (USDT)`}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        hint={
          <Trans>
            Between <Money value={plan.min_amount} /> and <Money value={plan.max_amount} />
          </Trans>
        }
        error={errors.amount?.message}
        {...register('amount')}
      />
      <SummaryList
        rows={[
          { label: t`Plan`, value: plan.name },
          { label: t`Amount`, value: amount === null ? '—' : <Money value={toWire(amount)} /> },
          { label: t`Fund wallet now`, value: <Money value={fund} /> },
          // short of money, the balance after would be negative: say by how much, and where to get it
          after !== null && after < 0n
            ? {
                label: t`Short by`,
                strong: true,
                testId: 'fund-short',
                value: <Money value={toWire(-after)} className="text-red-700 dark:text-red-400" />,
              }
            : {
                label: t`Fund wallet after`,
                strong: true,
                testId: 'fund-after',
                value: after === null ? '—' : <Money value={toWire(after)} />,
              },
        ]}
      />
      {after !== null && after < 0n && (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-500/10 dark:text-amber-200">
          <p>
            <Trans>
              Your fund wallet is <Money value={toWire(-after)} className="font-medium" /> short of this
              amount. Deposit, then buy the plan.
            </Trans>
          </p>
          <Link
            to="/user/deposit"
            className={buttonClass('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}
          >
            <Trans>Deposit</Trans>
          </Link>
        </div>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={buy.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={buy.isPending}>
          <Trans>Confirm purchase</Trans>
        </Button>
      </div>
    </form>
  );
}
