import {
  amountToSend,
  currencyLabel,
  displayPayAmount,
  isFailedPaymentStatus,
  isFinalPaymentStatus,
  type Payment,
} from '@app/contracts/payments';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { PaymentStatusBadge } from '../../../components/payments/PaymentStatusBadge';
import { payAmount } from '../../../components/payments/pay-amount';
import { PAYMENT_WORDS, paymentHintWords } from '../../../components/payments/payment-words';
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
  const { t, i18n } = useLingui();
  const final = isFinalPaymentStatus(payment.payment_status);
  const amount = payAmount(exact ? payment.pay_amount : displayPayAmount(payment.pay_amount));
  const currency = currencyLabel(payment.pay_currency);
  const partial = payment.payment_status === 'partially_paid' && (payment.actually_paid ?? 0) > 0;
  // Spec 2.9 rounds the shown amount up (+0.5); it is labelled as such, and while something is
  // still to be sent the exact amount to send sits next to it, so nobody sends the rounded figure
  // (confirming, confirmed and sending mean the whole amount arrived: nothing is left to send)
  const toSend: SummaryRow[] =
    partial || (!exact && payment.payment_status === 'waiting')
      ? [
          {
            label: partial ? t`Still to send` : t`Amount to send`,
            value: <span dir="ltr">{`${payAmount(amountToSend(payment))} ${currency}`}</span>,
            strong: true,
            testId: 'payment-to-send',
          },
        ]
      : [];
  const rows: SummaryRow[] = [
    {
      label: t`Payment ID`,
      value: <span className="font-mono">{payment.payment_id}</span>,
      testId: 'payment-id',
    },
    {
      label: t`Status`,
      value: (
        <span className="flex flex-wrap items-center justify-end gap-1.5">
          <PaymentStatusBadge status={payment.payment_status} testId="payment-status" />
          <TestPaymentMark sandbox={payment.sandbox} />
        </span>
      ),
    },
    {
      label: !exact ? t`Amount (rounded up)` : partial ? t`Amount asked` : t`Amount to send`,
      value: (
        <span dir="ltr" title={`${payment.pay_amount} ${currency}`}>
          {amount} {currency}
        </span>
      ),
      strong: exact,
      testId: 'payment-amount',
    },
    ...toSend,
    { label: t`Price`, value: <Money value={payment.price_amount} />, testId: 'payment-price' },
    { label: t`Created`, value: <When iso={payment.created_at} /> },
  ];
  if (payment.actually_paid !== null && payment.actually_paid > 0)
    rows.push({
      label: t`Amount received`,
      value: <span dir="ltr">{`${payAmount(payment.actually_paid)} ${currency}`}</span>,
      testId: 'payment-received',
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" data-testid="payment-hint">
        {i18n._(paymentHintWords(payment.payment_status))}
      </p>
      <SummaryList rows={rows} />
      {!final && (
        <p className="flex items-center gap-1.5 text-xs text-muted" aria-live="polite">
          <RefreshCw className="size-3.5 animate-spin [animation-duration:3s]" aria-hidden="true" />
          <Trans>Auto-refreshing every {pollSeconds}s</Trans>
        </p>
      )}
    </div>
  );
}

/** Spec 2.9 success view: shown for finished. */
export function PaymentSuccess({ payment }: { payment: Payment }) {
  const { t, i18n } = useLingui();
  const { fund, user } = useMemberMoney();
  const rows: SummaryRow[] = [
    { label: t`Payment ID`, value: <span className="font-mono">{payment.payment_id}</span> },
    {
      label: t`Amount paid`,
      value: (
        <span dir="ltr">{`${payAmount(payment.actually_paid ?? payment.pay_amount)} ${currencyLabel(payment.pay_currency)}`}</span>
      ),
      strong: true,
    },
  ];
  if (payment.order_id)
    rows.push({ label: t`Order ID`, value: <span className="break-all">{payment.order_id}</span> });
  if (payment.credited_amount !== null)
    rows.push({ label: t`Credited to your fund wallet`, value: <Money value={payment.credited_amount} /> });
  rows.push({
    label: t`Fund wallet balance`,
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
            {i18n._(PAYMENT_WORDS.success)}
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              Thank you for your payment of <Money value={payment.price_amount} />.
            </Trans>
          </p>
        </div>
      </div>
      <SummaryList rows={rows} />
      {/* one way on (issue 29.11): spec 2.9's Return Home link to / */}
      <div>
        <Link to="/" className={buttonClass('secondary')}>
          <Trans>Return Home</Trans>
        </Link>
      </div>
    </section>
  );
}

/** Spec 2.9 failed view: failed or expired (and refunded, final and failed in the creation flow). */
export function PaymentFailed({ payment }: { payment: Payment }) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="payment-failed"
      className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50/60 p-4 sm:p-6 dark:bg-red-500/5"
    >
      <CircleX className="mt-0.5 size-7 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      <div>
        <h2 id="payment-failed" className="text-xl font-semibold text-fg">
          <Trans>Failed</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">{i18n._(paymentHintWords(payment.payment_status))}</p>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Nothing was credited to your wallet. If you sent money for this payment, raise a{' '}
            <Link to="/user/query/create" className="font-medium text-accent-text hover:underline">
              support query
            </Link>{' '}
            with the payment ID.
          </Trans>
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
