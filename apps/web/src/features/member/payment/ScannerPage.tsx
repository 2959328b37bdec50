import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { usePaymentsConfig } from '../../../api/payments';
import { PAYMENT_WORDS } from '../../../components/payments/payment-words';
import { PaymentsNotice } from '../../../components/payments/TestPayment';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { useMemberMoney } from '../money/useMemberMoney';
import { PaymentDetails } from './PaymentDetails';
import { PaymentForm } from './PaymentForm';
import { RecentPayments } from './RecentPayments';

/**
 * Spec 2.8, route /user/scanner: the payment form, then the created payment's details with its QR
 * panel and status tracker. The payment id sits in the address (?payment=...), so a reload or a
 * shared link comes back to the same payment; 'Create New Payment' returns to the form.
 */
export default function ScannerPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const { user, fund } = useMemberMoney();
  const config = usePaymentsConfig('member');
  const mode = config.data?.mode;
  const unavailable = i18n._(PAYMENT_WORDS.unavailable);

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Crypto payment · EarnHub`}</title>
      <PageHeader
        title={t`Crypto payment`}
        description={t`Deposit to your fund wallet with USDT on BNB Smart Chain (BEP20), through our payment provider.`}
      />
      {/* a shown payment carries its own test-mode notice */}
      {mode === 'sandbox' && !paymentId && (
        <PaymentsNotice testId="payments-mode-notice">
          <Trans>
            Test mode: crypto payments here are simulated by the sandbox provider. No real money moves.
          </Trans>
        </PaymentsNotice>
      )}
      {mode === 'off' ? (
        <PaymentsNotice testId="payments-mode-notice" off>
          <Trans>{unavailable}. Deposit another way, or try again later.</Trans>
        </PaymentsNotice>
      ) : paymentId ? (
        <PaymentDetails key={paymentId} paymentId={paymentId} onNew={() => setParams({})} />
      ) : config.isPending ? (
        // the form waits for the mode, so that with payments off it never asks for currencies first
        <PageSpinner label={t`Loading crypto payments`} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <PaymentForm onCreated={(payment) => setParams({ payment: payment.payment_id })} />
          <Card title={t`Fund wallet`}>
            <p className="text-3xl font-semibold text-fg">
              {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
            </p>
            <p className="mt-2 text-sm text-muted">
              <Trans>A finished crypto payment lands here, once: the amount you chose, in USDT.</Trans>
            </p>
          </Card>
        </div>
      )}
      <RecentPayments />
    </div>
  );
}
