import { cn } from '../../lib/cn';

/** A labelled bar: `value` of `max`, green once reached. */
export function Bar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.floor((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
      className={cn(
        'h-2.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset',
        className,
      )}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          percent >= 100 ? 'bg-green-600' : 'bg-accent',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * A bar for work whose end is not known in advance (a compressed file growing): it moves, and says
 * no percentage it could not keep.
 */
export function BusyBar({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      className={cn(
        'h-2.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset',
        className,
      )}
    >
      <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-accent" />
    </div>
  );
}
