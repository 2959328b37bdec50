import type { AdminNotification } from '@app/contracts/notifications';
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
import { formatCount } from '../../../lib/format';
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
    { key: 'title', header: 'Title', cell: (n) => <span className="font-medium text-fg">{n.title}</span> },
    {
      key: 'message',
      header: 'Message',
      cell: (n) => (
        <p className="line-clamp-2 max-w-md text-muted" title={n.message}>
          {n.message}
        </p>
      ),
    },
    {
      key: 'users',
      header: 'All User',
      cell: (n) => (
        <span className="flex flex-col items-start gap-0.5">
          <span>{n.users ? 'True' : 'False'}</span>
          {!n.users && (
            <span className="text-xs whitespace-nowrap text-muted">
              {n.recipients.length === 1 ? '1 recipient' : `${formatCount(n.recipients.length)} recipients`}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (n) => <Badge tone={n.type === 'site_popup' ? 'blue' : 'neutral'}>{TYPE_LABEL[n.type]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'text-right',
      cell: (n) => (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 dark:text-red-400"
          aria-label={`Delete "${n.title}"`}
          onClick={() => {
            remove.reset();
            setTarget(n);
          }}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>Notification list · EarnHub admin</title>
      <PageHeader
        title="Notification list"
        description="Every notification sent to members, newest first."
        actions={
          <Link to="/admin/notifications" className={buttonClass('primary')}>
            <BellPlus className="size-4" aria-hidden="true" />
            Create notification
          </Link>
        }
      />
      <div className="flex justify-end">
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption="Notifications"
        columns={columns}
        rows={data?.notifications}
        rowKey={(n) => n.id}
        loading={list.isPending}
        empty={
          <>
            No notifications yet.{' '}
            <Link to="/admin/notifications" className="font-medium text-accent-text hover:underline">
              Create the first one
            </Link>
            .
          </>
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          noun={['notification', 'notifications']}
        />
      )}
      <ConfirmDialog
        open={target !== null}
        title="Are you sure you want to delete this item?"
        description={target ? `"${target.title}" will no longer be shown to members.` : ''}
        cancelLabel="Go back"
        confirmLabel="Delete"
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
