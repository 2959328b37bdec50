import { type PaymentStatus, paymentStatusTone } from '@app/contracts/payments';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '../ui/Badge';
import { PAYMENT_STATUS_WORDS } from './payment-words';

/** A provider payment's status in words, in the spec's badge colour (finished green; failed or expired red; refunded yellow; others blue). */
export function PaymentStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { i18n } = useLingui();
  const words = PAYMENT_STATUS_WORDS[status as PaymentStatus];
  return (
    <Badge tone={paymentStatusTone(status)}>
      <span data-testid={testId}>{words ? i18n._(words) : statusLabel(status)}</span>
    </Badge>
  );
}

/** The status as the back-office's filters write it, in English ("Partially paid"). */
export function statusLabel(status: string): string {
  const text = status.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
