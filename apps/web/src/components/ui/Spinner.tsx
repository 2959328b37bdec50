import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the surrounding control already says it is busy. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <svg
        className={cn('size-4 animate-spin', className)}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** Centered spinner for a page or panel that is loading. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-48 items-center justify-center text-muted">
      <Spinner className="size-6" label={label ?? t`Loading`} />
    </div>
  );
}
