import { MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An amber notice with an optional link: what stops a money action, and where to fix it. */
export function Notice({ children, to, action }: { children: ReactNode; to?: string; action?: string }) {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-600/30 bg-amber-50 p-4 text-amber-950 dark:bg-amber-500/10 dark:text-amber-100">
      <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm">{children}</p>
        {to && action && (
          <Link
            to={to}
            className="self-start rounded-lg bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-950 sm:self-auto dark:bg-amber-200 dark:text-amber-950"
          >
            {action}
          </Link>
        )}
      </div>
    </div>
  );
}
