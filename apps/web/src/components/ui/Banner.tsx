import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Inline success/error message (spec 2.2 banners); the owner decides when it clears. */
export function Banner({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'success'
          ? 'border-green-600/30 bg-green-50 text-green-900 dark:bg-green-500/10 dark:text-green-200'
          : 'border-red-600/30 bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
