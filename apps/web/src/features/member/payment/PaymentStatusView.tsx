import {
  amountToSend,
  currencyLabel,
  displayPayAmount,
  isFailedPaymentStatus,
  isFinalPaymentStatus,
  PAYMENT,
  type Payment,
  paymentStatusHint,
} from '@app/contracts/payments';
import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { PaymentStatusBadge } from '../../../components/payments/PaymentStatusBadge';
import { TestPaymentMark } from '../../../components/payments/TestPayment';
import { buttonClass } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { SummaryList, type SummaryRow } from '../../../components/ui/SummaryList';
import { When } from '../../../components/ui/When';
import { useMemberMoney } from '../money/useMemberMoney';

/** The facts of a payment (spec 2.9): id, status with its hint, amount, price, created, amount received. */
export function PaymentFacts({
  payment,
  pollSeconds,
  exact = false,
}: {
  payment: Payment;
  pollSeconds: number;
  /** The exact amount instead of the status screen's rounded one (the creation flow, next to the QR code). */
  exact?: boolean;
}) {
  const final = isFinalPaymentStatus(payment.payment_status);
  const amount = exact ? String(payment.pay_amount) : displayPayAmount(payment.pay_amount);
  const currency = currencyLabel(payment.pay_currency);
  const partial = payment.payment_status === 'partially_paid' && (payment.actually_paid ?? 0) > 0;
  // Spec 2.9 rounds the shown amount up (+0.5); it is labelled as such, and while something is
  // still to be sent the exact amount to send sits next to it, so nobody sends the rounded figure
  // (confirming, confirmed and sending mean the whole amount arrived: nothing is left to send)
  const toSend: SummaryRow[] =
    partial || (!exact && payment.payment_status === 'waiting')
      ? [
          {
            label: partial ? 'Still to send' : 'Amount to send',
            value: `${amountToSend(payment)} ${currency}`,
            strong: true,
            testId: 'payment-to-send',
          },
        ]
      : [];
  const rows: SummaryRow[] = [
    {
      label: 'Payment ID',
      value: <span className="font-mono">{payment.payment_id}</span>,
      testId: 'payment-id',
    },
    {
      label: 'Status',
      value: (
        <span className="flex flex-wrap items-center justify-end gap-1.5">
          <PaymentStatusBadge status={payment.payment_status} testId="payment-status" />
          <TestPaymentMark sandbox={payment.sandbox} />
        </span>
      ),
    },
    {
      label: !exact ? 'Amount (rounded up)' : partial ? 'Amount asked' : 'Amount to send',
      value: (
        <span title={`${payment.pay_amount} ${currency}`}>
          {amount} {currency}
        </span>
      ),
      strong: exact,
      testId: 'payment-amount',
    },
    ...toSend,
    { label: 'Price', value: <Money value={payment.price_amount} />, testId: 'payment-price' },
    { label: 'Created', value: <When iso={payment.created_at} /> },
  ];
  if (payment.actually_paid !== null && payment.actually_paid > 0)
    rows.push({
      label: 'Amount received',
      value: `${payment.actually_paid} ${currency}`,
      testId: 'payment-received',
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" data-testid="payment-hint">
        {paymentStatusHint(payment.payment_status)}
      </p>
      <SummaryList rows={rows} />
      {!final && (
        <p className="flex items-center gap-1.5 text-xs text-muted" aria-live="polite">
          <RefreshCw className="size-3.5 animate-spin [animation-duration:3s]" aria-hidden="true" />
          Auto-refreshing every {pollSeconds}s
        </p>
      )}
    </div>
  );
}

/** Spec 2.9 success view: shown for finished. */
export function PaymentSuccess({ payment }: { payment: Payment }) {
  const { fund, user } = useMemberMoney();
  const rows: SummaryRow[] = [
    { label: 'Payment ID', value: <span className="font-mono">{payment.payment_id}</span> },
    {
      label: 'Amount paid',
      value: `${payment.actually_paid ?? payment.pay_amount} ${currencyLabel(payment.pay_currency)}`,
      strong: true,
    },
  ];
  if (payment.order_id)
    rows.push({ label: 'Order ID', value: <span className="break-all">{payment.order_id}</span> });
  if (payment.credited_amount !== null)
    rows.push({ label: 'Credited to your fund wallet', value: <Money value={payment.credited_amount} /> });
  rows.push({
    label: 'Fund wallet balance',
    value: user.data ? <Money value={fund} testId="fund-balance" /> : '…',
  });
  return (
    <section
      aria-labelledby="payment-success"
      className="flex flex-col gap-4 rounded-xl border border-green-600/30 bg-green-50/60 p-4 sm:p-6 dark:bg-green-500/5"
    >
      <div className="flex items-start gap-3">
        <CircleCheck
          className="mt-0.5 size-7 shrink-0 text-green-600 dark:text-green-400"
          aria-hidden="true"
        />
        <div>
          <h2 id="payment-success" className="text-xl font-semibold text-fg">
            {PAYMENT.success}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Thank you for your payment of {payment.price_amount} {currencyLabel(payment.price_currency)}.
          </p>
        </div>
      </div>
      <SummaryList rows={rows} />
      {/* one way on (issue 29.11): spec 2.9's Return Home link to / */}
      <div>
        <Link to="/" className={buttonClass('secondary')}>
          Return Home
        </Link>
      </div>
    </section>
  );
}

/** Spec 2.9 failed view: failed or expired (and refunded, final and failed in the creation flow). */
export function PaymentFailed({ payment }: { payment: Payment }) {
  return (
    <section
      aria-labelledby="payment-failed"
      className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50/60 p-4 sm:p-6 dark:bg-red-500/5"
    >
      <CircleX className="mt-0.5 size-7 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      <div>
        <h2 id="payment-failed" className="text-xl font-semibold text-fg">
          Failed
        </h2>
        <p className="mt-1 text-sm text-muted">{paymentStatusHint(payment.payment_status)}</p>
        <p className="mt-1 text-sm text-muted">
          Nothing was credited to your wallet. If you sent money for this payment, raise a{' '}
          <Link to="/user/query/create" className="font-medium text-accent-text hover:underline">
            support query
          </Link>{' '}
          with the payment ID.
        </p>
      </div>
    </section>
  );
}

/** The outcome panel, when the status has one. */
export function PaymentOutcome({ payment }: { payment: Payment }) {
  if (payment.payment_status === 'finished') return <PaymentSuccess payment={payment} />;
  if (isFailedPaymentStatus(payment.payment_status)) return <PaymentFailed payment={payment} />;
  return null;
}
