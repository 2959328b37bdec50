import { PAYMENT } from '@app/contracts/payments';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { usePaymentStatus } from '../../../api/payments';
import { PaymentsNotice } from '../../../components/payments/TestPayment';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { serverMessageOr } from './messages';
import { PaymentFacts, PaymentOutcome } from './PaymentStatusView';

/** The server's error text, else the spec's fallback (spec 8, Payment status). */
export const statusError = (error: unknown) => serverMessageOr(error, PAYMENT.statusFailed);

/** Retry reloads the page (spec 2.9). */
export function RetryButton() {
  return (
    <Button variant="secondary" onClick={() => window.location.reload()}>
      <RotateCw className="size-4" aria-hidden="true" /> Retry
    </Button>
  );
}

/** Spec 2.9: one payment, polled every few seconds until its status is final. Route /user/payment/{paymentId}. */
export default function PaymentStatusPage() {
  const { paymentId = '' } = useParams();
  const status = usePaymentStatus(paymentId, PAYMENT.statusScreenPollSeconds);
  const payment = status.data;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <title>Payment Status · EarnHub</title>
      <PageHeader
        title="Payment Status"
        actions={
          <Link to="/user/scanner" className={buttonClass('ghost')}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Crypto payment
          </Link>
        }
      />
      {status.isPending && <PageSpinner label="Loading the payment" />}
      {status.isError && (
        <div className="flex flex-col items-start gap-3" data-testid="payment-status-error">
          <Banner tone="error">{statusError(status.error)}</Banner>
          <RetryButton />
        </div>
      )}
      {payment && (
        <>
          {payment.sandbox && (
            <PaymentsNotice>
              Test mode: the sandbox provider simulates this payment. No real money moves.
            </PaymentsNotice>
          )}
          <PaymentOutcome payment={payment} />
          <Card title="Payment details">
            <PaymentFacts payment={payment} pollSeconds={PAYMENT.statusScreenPollSeconds} />
          </Card>
        </>
      )}
    </div>
  );
}
