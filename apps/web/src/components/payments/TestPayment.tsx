import { useLingui } from '@lingui/react/macro';
import { Ban, FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';
import { PAYMENT_WORDS } from './payment-words';

/**
 * The mark of a simulated (sandbox) payment, beside its status on every payment screen: the sandbox
 * finishes payments nobody paid, so nobody should take one for real money.
 */
export function TestPaymentMark({ sandbox }: { sandbox: boolean }) {
  const { i18n } = useLingui();
  if (!sandbox) return null;
  return (
    <Badge tone="amber">
      <FlaskConical className="size-3" aria-hidden="true" />
      <span data-testid="test-payment-mark">{i18n._(PAYMENT_WORDS.testMark)}</span>
    </Badge>
  );
}

/** An amber notice that stays on screen (the shared Banner has only success and error tones). */
export function PaymentsNotice({
  children,
  testId,
  off = false,
}: {
  children: ReactNode;
  testId?: string;
  /** Payments are off (not simulated): another icon. */
  off?: boolean;
}) {
  const Icon = off ? Ban : FlaskConical;
  return (
    <p
      data-testid={testId}
      className="flex items-start gap-2 rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
