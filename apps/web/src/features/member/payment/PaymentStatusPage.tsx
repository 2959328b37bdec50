import { PAYMENT } from '@app/contracts/payments';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** The spec's fallback (spec 8, Payment status: PAYMENT.statusFailed), in the member's words. */
const STATUS_FAILED = msg`Failed to fetch payment status`;

/** The server's error text (from its code), else the spec's fallback (spec 8, Payment status). */
export function useStatusError() {
  const { i18n } = useLingui();
  return (error: unknown) => serverMessageOr(error, i18n._(STATUS_FAILED));
}

/** Retry reloads the page (spec 2.9). */
export function RetryButton() {
  return (
    <Button variant="secondary" onClick={() => window.location.reload()}>
      <RotateCw className="size-4" aria-hidden="true" /> <Trans>Retry</Trans>
    </Button>
  );
}

/** Spec 2.9: one payment, polled every few seconds until its status is final. Route /user/payment/{paymentId}. */
export default function PaymentStatusPage() {
  const { t } = useLingui();
  const statusError = useStatusError();
  const { paymentId = '' } = useParams();
  const status = usePaymentStatus(paymentId, PAYMENT.statusScreenPollSeconds);
  const payment = status.data;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <title>{t`Payment Status · EarnHub`}</title>
      <PageHeader
        title={t`Payment Status`}
        actions={
          <Link to="/user/scanner" className={buttonClass('ghost')}>
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>Crypto payment</Trans>
          </Link>
        }
      />
      {status.isPending && <PageSpinner label={t`Loading the payment`} />}
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
              <Trans>Test mode: the sandbox provider simulates this payment. No real money moves.</Trans>
            </PaymentsNotice>
          )}
          <PaymentOutcome payment={payment} />
          <Card title={t`Payment details`}>
            <PaymentFacts payment={payment} pollSeconds={PAYMENT.statusScreenPollSeconds} />
          </Card>
        </>
      )}
    </div>
  );
}
