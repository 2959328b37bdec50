import { cn } from '../../lib/cn';
import { money } from '../../lib/format';

/** A USDT amount: two decimals on screen, the exact value in the tooltip (UI.md). */
export function Money({
  value,
  className,
  signed,
  testId,
}: {
  value: number;
  className?: string;
  /** Shows a leading + for money in (a leading - always shows for money out). */
  signed?: boolean;
  testId?: string;
}) {
  const { text, exact } = money(Math.abs(value));
  const sign = value < 0 ? '−' : signed && value > 0 ? '+' : '';
  return (
    // dir="ltr" isolates the amount: in Arabic "USDT" stays after the number (languages.md)
    <span
      dir="ltr"
      title={`${sign}${exact}`}
      className={cn('tabular-nums whitespace-nowrap', className)}
      data-testid={testId}
    >
      {sign}
      {text}
    </span>
  );
}
