import { paymentStatusTone } from '@app/contracts/payments';
import { Badge } from '../ui/Badge';

/** A provider payment's status in words, in the spec's badge colour (finished green; failed or expired red; refunded yellow; others blue). */
export function PaymentStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Badge tone={paymentStatusTone(status)}>
      <span data-testid={testId}>{statusLabel(status)}</span>
    </Badge>
  );
}

export function statusLabel(status: string): string {
  const text = status.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
