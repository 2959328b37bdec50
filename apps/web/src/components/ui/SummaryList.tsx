import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  /** The figure that matters most (what arrives, what is left). */
  strong?: boolean;
  testId?: string;
}

/** What a money action will do, line by line: amount, fee, net, balance after (UI.md). */
export function SummaryList({ rows, className }: { rows: SummaryRow[]; className?: string }) {
  return (
    <dl className={cn('divide-y divide-line rounded-lg border border-line bg-subtle/60 px-3', className)}>
      {rows.map((row, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a summary never reorder
          key={i}
          className="flex items-baseline justify-between gap-4 py-2 text-sm"
        >
          <dt className="text-muted">{row.label}</dt>
          <dd
            className={cn(
              'min-w-0 text-right tabular-nums break-words',
              row.strong ? 'font-semibold text-fg' : 'text-fg',
            )}
            data-testid={row.testId}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
