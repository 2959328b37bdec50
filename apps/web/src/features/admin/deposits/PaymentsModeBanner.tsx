import { PAYMENT, type PaymentMode } from '@app/contracts/payments';
import { PaymentsNotice } from '../../../components/payments/TestPayment';

/**
 * What the back-office says about crypto payments while they are not live: simulated (sandbox), or
 * off (no provider configured). Nothing while the live provider is on. Back-office words: English
 * (it lived in components/payments/TestPayment.tsx, whose member words are in the catalogs).
 */
export function PaymentsModeBanner({ mode }: { mode: PaymentMode | undefined }) {
  if (mode === 'sandbox')
    return <PaymentsNotice testId="payments-mode-banner">{PAYMENT.sandboxBanner}</PaymentsNotice>;
  if (mode === 'off')
    return (
      <PaymentsNotice testId="payments-mode-banner" off>
        {PAYMENT.unavailable}. Members cannot create crypto payments until PAYMENT_PROVIDER=nowpayments and
        its keys are set.
      </PaymentsNotice>
    );
  return null;
}
