import { isFinalPaymentStatus, PAYMENT } from '@app/contracts/payments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { usePaymentStatus } from '../../../api/payments';
import { PaymentsNotice } from '../../../components/payments/TestPayment';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageSpinner } from '../../../components/ui/Spinner';
import { SummaryList } from '../../../components/ui/SummaryList';
import { When } from '../../../components/ui/When';
import { RetryButton, useStatusError } from './PaymentStatusPage';
import { PaymentFacts, PaymentOutcome } from './PaymentStatusView';
import { QrPanel } from './QrPanel';

/**
 * Spec 2.8, the created view: what to send and where (QR panel), and the status tracker, which polls
 * every 10 s until the status is final. 'Create New Payment' returns to the form.
 */
export function PaymentDetails({ paymentId, onNew }: { paymentId: string; onNew: () => void }) {
  const { t } = useLingui();
  const status = usePaymentStatus(paymentId, PAYMENT.trackerPollSeconds);
  const statusText = useStatusError();
  const payment = status.data;
  const newButton = (
    <Button variant="secondary" onClick={onNew}>
      <Plus className="size-4" aria-hidden="true" /> <Trans>Create New Payment</Trans>
    </Button>
  );

  if (status.isPending) return <PageSpinner label={t`Loading the payment`} />;
  if (!payment)
    return (
      <div className="flex flex-col items-start gap-3">
        <Banner tone="error">{statusText(status.error)}</Banner>
        <div className="flex gap-2">
          <RetryButton />
          {newButton}
        </div>
      </div>
    );

  const final = isFinalPaymentStatus(payment.payment_status);
  return (
    <div className="flex flex-col gap-6">
      {payment.sandbox && (
        <PaymentsNotice>
          {final ? (
            <Trans>Test mode: the sandbox provider simulates this payment. No real money moves.</Trans>
          ) : (
            <Trans>
              Test mode: the sandbox provider simulates this payment and moves it along by itself. No real
              money moves.
            </Trans>
          )}
        </PaymentsNotice>
      )}
      <PaymentOutcome payment={payment} />
      <div
        className={
          final ? 'grid max-w-2xl gap-6' : 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]'
        }
      >
        {/* once final, nothing more is to be sent: the QR panel gives way to the outcome */}
        {!final && <QrPanel payment={payment} />}
        <div className="flex flex-col gap-6">
          {!final && (
            <Card title={t`Payment`}>
              <SummaryList
                rows={[
                  { label: t`You deposit`, value: <Money value={payment.price_amount} />, strong: true },
                  { label: t`Expires`, value: <When iso={payment.expires_at} /> },
                  { label: t`Order`, value: <span className="break-all">{payment.order_id}</span> },
                ]}
              />
            </Card>
          )}
          <Card
            title={t`Payment status`}
            action={
              <Link
                to={`/user/payment/${payment.payment_id}`}
                className="text-sm font-medium text-accent-text hover:underline"
              >
                <Trans>Open status page</Trans>
              </Link>
            }
          >
            {status.isError && (
              <div className="mb-3 flex flex-col items-start gap-2">
                <Banner tone="error">{statusText(status.error)}</Banner>
                <RetryButton />
              </div>
            )}
            <PaymentFacts payment={payment} pollSeconds={PAYMENT.trackerPollSeconds} exact />
          </Card>
          <div>{newButton}</div>
        </div>
      </div>
    </div>
  );
}
