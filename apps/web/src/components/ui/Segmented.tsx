import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

interface Option<V extends string> {
  value: V;
  label: ReactNode;
  /** A second line under the label (a balance, a hint). */
  detail?: ReactNode;
}

interface SegmentedProps<V extends string>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  legend: string;
  options: Array<Option<V>>;
  /** Controlled use; with react-hook-form pass register() instead. */
  value?: V;
  onValue?: (value: V) => void;
  className?: string;
  columns?: string;
}

/**
 * A choice among a few options as a row of pills: native radio buttons, so arrow keys, labels and
 * forms work without script. Controlled (value/onValue) or registered (react-hook-form spread).
 */
export function Segmented<V extends string>({
  legend,
  options,
  value,
  onValue,
  className,
  columns = 'grid-cols-2 sm:grid-cols-4',
  name,
  ...rest
}: SegmentedProps<V>) {
  const autoName = useId();
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend}</legend>
      <div className={cn('grid gap-2', columns)}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-lg border border-line bg-surface px-3 py-2 text-sm shadow-sm',
              'has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:text-accent-text',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
              'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name ?? autoName}
              value={option.value}
              {...(value !== undefined ? { checked: value === option.value } : {})}
              onChange={onValue ? () => onValue(option.value) : undefined}
              {...rest}
            />
            <span className="font-medium">{option.label}</span>
            {option.detail && <span className="mt-0.5 text-xs text-muted">{option.detail}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
