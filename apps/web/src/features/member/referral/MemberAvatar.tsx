import { cn } from '../../../lib/cn';

/** A member's initial in a circle: accent when active, muted otherwise. */
export function MemberAvatar({
  name,
  active,
  size = 'md',
}: {
  name: string;
  active: boolean;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold uppercase',
        size === 'md' ? 'size-10 text-base' : 'size-8 text-sm',
        active ? 'bg-accent text-white' : 'bg-subtle text-muted ring-1 ring-line ring-inset',
      )}
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
