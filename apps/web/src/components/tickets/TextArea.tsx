import { type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';

type TextAreaProps = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Visually hidden label (the surrounding heading says what it is for). */
  hideLabel?: boolean;
  className?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line input in the look of components/ui/Input. */
export function TextArea({ label, error, hint, hideLabel, className, id, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={cn(
          // what is typed reads in its own direction, on the page's side
          'block min-h-28 [unicode-bidi:plaintext] w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg shadow-sm',
          'placeholder:text-muted/80 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0',
          'disabled:cursor-not-allowed disabled:bg-subtle disabled:text-muted aria-invalid:border-red-500',
        )}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
