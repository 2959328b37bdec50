import type { PaymentMode } from '@app/contracts/payments';
import { Trans } from '@lingui/react/macro';
import { PaymentsNotice } from '../../../components/payments/TestPayment';

/**
 * What the back-office says about crypto payments while they are not live: simulated (sandbox), or
 * off (no provider configured). Nothing while the live provider is on. Back-office words, in the
 * `admin` catalog (it lived in components/payments/TestPayment.tsx, whose member words are in the
 * catalogs); the English is the contracts' PAYMENT.sandboxBanner and PAYMENT.unavailable, word for word.
 */
export function PaymentsModeBanner({ mode }: { mode: PaymentMode | undefined }) {
  if (mode === 'sandbox')
    return (
      <PaymentsNotice testId="payments-mode-banner">
        <Trans>
          Crypto payments are simulated (PAYMENT_PROVIDER=sandbox): test payments finish by themselves and
          credit fund wallets with money nobody paid. Never run it with real members.
        </Trans>
      </PaymentsNotice>
    );
  if (mode === 'off')
    return (
      <PaymentsNotice testId="payments-mode-banner" off>
        <Trans>
          Crypto payments are unavailable: no payment provider is configured on this platform. Members cannot
          create crypto payments until PAYMENT_PROVIDER=nowpayments and its keys are set.
        </Trans>
      </PaymentsNotice>
    );
  return null;
}
