import {
  currencyLabel,
  PAYMENT_STATUSES,
  type PaymentListItem,
  type PaymentStatus,
  settlePaymentBody,
} from '@app/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { usePushSandboxStatus, useSettlePayment } from '../../../api/payments';
import { statusLabel } from '../../../components/payments/PaymentStatusBadge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

const settleForm = z.object({
  amount: amountText(settlePaymentBody.shape.amount),
  reason: settlePaymentBody.shape.reason,
});

/**
 * Settle by hand a payment that waits for a decision (partially paid, or opened by the provider for
 * another payment): credits the amount the admin decides, at most the payment's price, once; audited.
 */
export function SettleForm({ payment }: { payment: PaymentListItem }) {
  const settle = useSettlePayment();
  const [review, setReview] = useState<z.output<typeof settleForm> | null>(null);
  const received = payment.actually_paid ?? 0;
  const currency = currencyLabel(payment.pay_currency);
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof settleForm>, unknown, z.output<typeof settleForm>>({
    resolver: zodResolver(settleForm),
    defaultValues: { amount: String(Math.min(received, payment.price_amount) || ''), reason: '' },
  });

  const confirm = () => {
    if (!review) return;
    settle.mutate(
      { paymentId: payment.payment_id, amount: toWire(review.amount), reason: review.reason },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setReview(null);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="settle-heading"
      className="flex flex-col gap-3 rounded-lg border border-line p-4"
    >
      <h3 id="settle-heading" className="text-sm font-semibold text-fg">
        <Trans>Settle by hand</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          Credit what really arrived (received {received} {currency}); at most the price of{' '}
          <Money value={payment.price_amount} />. A payment is credited once: the settlement is final.
        </Trans>
      </p>
      {settle.isError && <Banner tone="error">{errorMessage(settle.error)}</Banner>}
      {review ? (
        <div className="flex flex-col gap-3">
          <SummaryList
            rows={[
              { label: t`Member`, value: payment.username },
              {
                label: t`Credited to their fund wallet`,
                value: <Money value={toWire(review.amount)} />,
                strong: true,
              },
              { label: t`Reason`, value: review.reason },
            ]}
          />
          <div className="flex flex-wrap gap-2">
            <Button busy={settle.isPending} onClick={confirm}>
              <Trans>Confirm and credit</Trans>
            </Button>
            <Button variant="secondary" disabled={settle.isPending} onClick={() => setReview(null)}>
              <Trans>Change</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(setReview)}
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
          aria-label={t`Settle the payment`}
        >
          <Input
            label={t`Amount (USDT)`}
            inputMode="decimal"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <Input
            label={t`Reason`}
            placeholder={t`What you checked`}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Button type="submit" variant="secondary" className="sm:mt-7">
            <Trans>Review</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}

/** Sandbox provider only: move the simulated payment to any status; the sandbox calls back with a signed IPN. */
export function SandboxPush({ payment }: { payment: PaymentListItem }) {
  const push = usePushSandboxStatus();
  const [status, setStatus] = useState<PaymentStatus>('finished');
  const { t } = useLingui();
  return (
    <section
      aria-labelledby="push-heading"
      className="flex flex-col gap-3 rounded-lg border border-dashed border-line p-4"
    >
      <h3 id="push-heading" className="text-sm font-semibold text-fg">
        <Trans>Sandbox: push to a status</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          Simulates the provider. The sandbox changes the payment and sends its signed callback, which goes
          through the same checks as a real one: a final status stays final.
        </Trans>
      </p>
      {push.isError && <Banner tone="error">{errorMessage(push.error)}</Banner>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label={t`Status`}
          className="sm:w-56"
          value={status}
          onChange={(e) => setStatus(e.target.value as PaymentStatus)}
        >
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          busy={push.isPending}
          onClick={() =>
            push.mutate(
              { paymentId: payment.payment_id, status },
              { onSuccess: (res) => toast.success(res.message) },
            )
          }
        >
          <Trans>Push status</Trans>
        </Button>
      </div>
    </section>
  );
}
