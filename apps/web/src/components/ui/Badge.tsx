import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Status colours only (UI.md): green ok, red refused/blocked, amber waiting, blue in progress, grey neutral. */
export type Tone = 'green' | 'red' | 'amber' | 'blue' | 'neutral' | 'accent';

const TONES: Record<Tone, string> = {
  green:
    'bg-green-50 text-green-800 ring-green-600/20 dark:bg-green-500/10 dark:text-green-300 dark:ring-green-400/30',
  red: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30',
  amber:
    'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20 dark:bg-blue-500/10 dark:text-blue-300 dark:ring-blue-400/30',
  neutral: 'bg-subtle text-muted ring-line',
  accent: 'bg-accent-soft text-accent-text ring-accent/20',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
