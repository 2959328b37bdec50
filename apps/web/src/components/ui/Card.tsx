import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface CardProps {
  title?: ReactNode;
  /** Right side of the title row: a badge or an action. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({ title, action, className, children }: CardProps) {
  return (
    <section
      className={cn('min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6', className)}
    >
      {(title || action) && (
        <div className="mb-4 flex items-start justify-between gap-3">
          {title && <h2 className="text-base font-semibold text-fg">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

interface StatCardProps {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
  /** Block content under the caption (a breakdown of the figure). */
  children?: ReactNode;
}

/** A title, a figure and a small caption (UI.md). */
export function StatCard({ title, value, caption, icon, children }: StatCardProps) {
  return (
    <section className="min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted">{title}</h2>
        {icon && <span className="text-muted">{icon}</span>}
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums text-fg">{value}</p>
      {caption && <p className="mt-1 text-xs text-muted">{caption}</p>}
      {children}
    </section>
  );
}
