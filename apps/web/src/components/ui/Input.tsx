import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { fieldText } from '../../i18n/field-text';
import { cn } from '../../lib/cn';

const CONTROL =
  'block w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-muted/80 ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-subtle disabled:text-muted aria-invalid:border-red-500';

interface FieldProps {
  label: string;
  /** Validation or server error under the control. */
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function FieldShell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {fieldText(error)}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {typeof hint === 'string' ? fieldText(hint) : hint}
          </p>
        )
      )}
    </div>
  );
}

type InputProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input; pass react-hook-form's register() spread as the rest props. */
export function Input({ label, error, hint, className, id, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        id={inputId}
        className={cn(CONTROL, 'h-10')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectProps = FieldProps & SelectHTMLAttributes<HTMLSelectElement>;

export function Select({ label, error, hint, className, id, children, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint} className={className}>
      <select
        id={selectId}
        className={cn(CONTROL, 'h-10 pr-8')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

type CheckboxProps = { label: string; hint?: ReactNode; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>;

/** A labelled checkbox; the label sits to the right and is the click target. */
export function Checkbox({ label, hint, className, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-line accent-accent"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {label}
        </label>
        {hint && (
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {typeof hint === 'string' ? fieldText(hint) : hint}
          </p>
        )}
      </div>
    </div>
  );
}
