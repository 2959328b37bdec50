import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md font-semibold text-fg">
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-accent text-sm font-bold text-white"
      >
        E
      </span>
      <span className="text-base tracking-tight">EarnHub</span>
    </Link>
  );
}
