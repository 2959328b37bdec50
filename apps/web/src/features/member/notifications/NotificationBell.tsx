import { useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { useHomeNotifications } from '../../../api/notifications';
import { cn } from '../../../lib/cn';

/**
 * The header bell: a link to /user/notifications with the count of notifications not seen yet.
 * In the `member` catalog (lingui.config.ts): it is in the header of every member page.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const home = useHomeNotifications();
  const unread = home.data?.unread ?? 0;
  const label = unread === 0 ? t`Notifications` : t`Notifications, ${unread} unread`;
  return (
    <NavLink
      to="/user/notifications"
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        cn('relative rounded-lg p-2 text-fg hover:bg-subtle', isActive && 'bg-accent-soft text-accent-text')
      }
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums ring-2 ring-surface"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
