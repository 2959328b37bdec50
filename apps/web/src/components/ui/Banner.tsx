import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  success: 'border-green-600/30 bg-green-50 text-green-900 dark:bg-green-500/10 dark:text-green-200',
  error: 'border-red-600/30 bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200',
  /** Something stopped or needs a look, without having failed (a cancelled run). */
  notice: 'border-amber-600/30 bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200',
} as const;
const ICONS = { success: CircleCheck, error: CircleAlert, notice: Info } as const;

/** Inline success/error/notice message (spec 2.2 banners); the owner decides when it clears. */
export function Banner({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', TONES[tone])}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
