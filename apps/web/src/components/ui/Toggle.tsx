import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

interface ToggleProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The words for the two states, shown beside the switch. */
  onText?: string;
  offText?: string;
  disabled?: boolean;
}

/** An on/off switch (role="switch") with its label and a line on what it does. */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  onText = 'On',
  offText = 'Off',
  disabled,
}: ToggleProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
            {description}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span
          aria-hidden="true"
          className={cn(
            'w-12 text-right text-xs font-medium',
            checked ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
          )}
        >
          {checked ? onText : offText}
        </span>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={description ? `${id}-hint` : undefined}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            'disabled:cursor-not-allowed disabled:opacity-60',
            checked ? 'bg-green-600' : 'bg-slate-300 dark:bg-slate-600',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
    </div>
  );
}
