import type { AdminNotification } from '@app/contracts/notifications';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useAdminNotifications, useDeleteNotification } from '../../../api/notifications';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { TYPE_LABEL } from './labels';

/** Spec 2.4: #, Title, Message, All User (True/False), Type and Actions; delete asks first. */
export default function NotificationListPage() {
  const { params, page, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const list = useAdminNotifications({ page, limit });
  const remove = useDeleteNotification();
  const [target, setTarget] = useState<AdminNotification | null>(null);
  const data = list.data;
  const first = ((data?.currentPage ?? page) - 1) * limit;
  const position = new Map(data?.notifications.map((n, i) => [n.id, first + i + 1]));
  const { t, i18n } = useLingui();

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (res) => {
        toast.success(res.message);
        setTarget(null);
      },
    });
  };

  const columns: Array<Column<AdminNotification>> = [
    {
      key: 'n',
      header: '#',
      className: 'w-12 tabular-nums text-muted',
      cell: (n) => position.get(n.id),
    },
    { key: 'title', header: t`Title`, cell: (n) => <span className="font-medium text-fg">{n.title}</span> },
    {
      key: 'message',
      header: t`Message`,
      cell: (n) => (
        <p className="line-clamp-2 max-w-md text-muted" title={n.message}>
          {n.message}
        </p>
      ),
    },
    {
      key: 'users',
      header: t`All User`,
      cell: (n) => (
        <span className="flex flex-col items-start gap-0.5">
          <span>{n.users ? t`True` : t`False`}</span>
          {!n.users && (
            <span className="text-xs whitespace-nowrap text-muted">
              {plural(n.recipients.length, { one: '# recipient', other: '# recipients' })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'type',
      header: t`Type`,
      cell: (n) => (
        <Badge tone={n.type === 'site_popup' ? 'blue' : 'neutral'}>{i18n._(TYPE_LABEL[n.type])}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t`Actions`,
      className: 'text-right',
      cell: (n) => (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 dark:text-red-400"
          aria-label={t`Delete "${n.title}"`}
          onClick={() => {
            remove.reset();
            setTarget(n);
          }}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Notification list · EarnHub admin`}</title>
      <PageHeader
        title={t`Notification list`}
        description={t`Every notification sent to members, newest first.`}
        actions={
          <Link to="/admin/notifications" className={buttonClass('primary')}>
            <BellPlus className="size-4" aria-hidden="true" />
            <Trans>Create notification</Trans>
          </Link>
        }
      />
      <div className="flex justify-end">
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Notifications`}
        columns={columns}
        rows={data?.notifications}
        rowKey={(n) => n.id}
        loading={list.isPending}
        empty={
          <Trans>
            No notifications yet.{' '}
            <Link to="/admin/notifications" className="font-medium text-accent-text hover:underline">
              Create the first one
            </Link>
            .
          </Trans>
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# notification', other: '# notifications' })}
        />
      )}
      <ConfirmDialog
        open={target !== null}
        title={t`Are you sure you want to delete this item?`}
        description={target ? t`"${target.title}" will no longer be shown to members.` : ''}
        cancelLabel={t`Go back`}
        confirmLabel={t`Delete`}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      >
        {remove.isError && <Banner tone="error">{errorMessage(remove.error)}</Banner>}
      </ConfirmDialog>
    </div>
  );
}
