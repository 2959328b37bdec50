import type { MemberNotification } from '@app/contracts/notifications';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, Check, Megaphone } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useMarkSeen, useMemberNotifications } from '../../../api/notifications';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { Segmented } from '../../../components/ui/Segmented';
import { formatDateTime } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';

const LIMIT = 10;
const SHOW = ['all', 'unread'] as const;

function Item({
  n,
  onSeen,
  busy,
}: {
  n: MemberNotification;
  onSeen: (n: MemberNotification) => void;
  busy: boolean;
}) {
  const Icon = n.type === 'site_popup' ? Megaphone : Bell;
  const seenAgo = formatRelative(n.seen_at);
  return (
    <li
      className={cn(
        'flex gap-3 rounded-xl border bg-surface p-4 shadow-sm sm:gap-4',
        n.seen ? 'border-line' : 'border-accent/40',
      )}
      aria-label={n.title}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          n.seen ? 'bg-subtle text-muted' : 'bg-accent-soft text-accent-text',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="font-semibold break-words text-fg">{n.title}</h2>
          {!n.seen && (
            <Badge tone="accent">
              <Trans>New</Trans>
            </Badge>
          )}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-fg/90">{n.message}</p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted">
            <time dateTime={n.created_at} title={formatDateTime(n.created_at)}>
              {formatRelative(n.created_at)}
            </time>
            {n.seen && n.seen_at && (
              <>
                {' · '}
                <span title={formatDateTime(n.seen_at)}>
                  <Trans>Seen {seenAgo}</Trans>
                </span>
              </>
            )}
          </p>
          {!n.seen && (
            <Button variant="secondary" size="sm" busy={busy} onClick={() => onSeen(n)}>
              {!busy && <Check className="size-4" aria-hidden="true" />}
              <Trans>Mark as seen</Trans>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** /user/notifications: the member's notifications, newest first, each marked as seen on its own. */
export default function NotificationsPage() {
  const { t } = useLingui();
  const member = useMember();
  const userId = member?.id ?? 0;
  const { page, update, oneOf } = useUrlFilters();
  const show = oneOf('show', SHOW) ?? 'all';
  const list = useMemberNotifications(userId, { page, limit: LIMIT, unseen: show === 'unread' });
  const markSeen = useMarkSeen();
  const data = list.data;
  const unread = data?.unread ?? 0;

  const seen = (n: MemberNotification) =>
    markSeen.mutate({ id: n.id, userId }, { onError: (error) => toast.error(errorMessage(error)) });

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Notifications · EarnHub`}</title>
      <PageHeader
        title={t`Notifications`}
        description={
          data
            ? unread === 0
              ? t`You are all caught up.`
              : plural(unread, { one: '# not seen yet.', other: '# not seen yet.' })
            : t`Messages from the EarnHub team.`
        }
        actions={
          // which incomes are told is the member's choice, kept with their other settings
          <Link
            to={`/user/profile/${userId}#notification-settings`}
            className="text-sm font-medium text-accent-text underline-offset-2 hover:underline"
          >
            <Trans>Notification settings</Trans>
          </Link>
        }
      />
      <Segmented
        legend={t`Show`}
        className="sm:max-w-xs"
        columns="grid-cols-2"
        options={[
          { value: 'all', label: t`All` },
          { value: 'unread', label: t`Not seen` },
        ]}
        value={show}
        onValue={(value) => update({ show: value === 'all' ? undefined : value, page: 1 })}
      />
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      {list.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading notifications`}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-28 animate-pulse rounded-xl border border-line bg-surface" />
          ))}
        </ul>
      ) : data && data.notifications.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
          <Bell className="mx-auto size-8 text-muted" aria-hidden="true" />
          <p className="mt-3 font-medium text-fg">
            {show === 'unread' ? t`Nothing new` : t`No notifications yet`}
          </p>
          <p className="mt-1 text-sm text-muted">
            {show === 'unread'
              ? t`You have seen every notification. Choose "All" to read them again.`
              : t`Announcements from the EarnHub team will appear here.`}
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Notifications`}>
          {data?.notifications.map((n) => (
            <Item
              key={n.id}
              n={n}
              onSeen={seen}
              busy={markSeen.isPending && markSeen.variables?.id === n.id}
            />
          ))}
        </ul>
      )}
      {data && data.total > LIMIT && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# notification', other: '# notifications' })}
        />
      )}
    </div>
  );
}
