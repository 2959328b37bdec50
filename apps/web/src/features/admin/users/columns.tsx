import type { User } from '@app/contracts/users';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import type { Column } from '../../../components/ui/Table';
import { formatDate, formatRelative } from '../../../lib/format';
import { ACTIVE_LABEL, STATUS_LABEL } from '../../../lib/user-labels';

interface Options {
  /** Null when this admin may not block members (support's work): no Block button. */
  onToggleBlock: ((user: User) => void) | null;
  /** The row whose block/unblock is being saved. */
  busyId?: number;
}

export function userColumns({ onToggleBlock, busyId }: Options): Array<Column<User>> {
  return [
    {
      key: 'username',
      header: 'Username',
      cell: (u) => (
        <Link to={`/admin/check/profile/${u.id}`} className="font-medium text-accent-text hover:underline">
          {u.username}
        </Link>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      cell: (u) => <span className="whitespace-nowrap">{u.fullname || '—'}</span>,
    },
    { key: 'email', header: 'Email', cell: (u) => <span className="whitespace-nowrap">{u.email}</span> },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => <Badge tone={STATUS_LABEL[u.status].tone}>{STATUS_LABEL[u.status].text}</Badge>,
    },
    {
      key: 'active',
      header: 'Active',
      cell: (u) => <Badge tone={ACTIVE_LABEL[u.is_active].tone}>{ACTIVE_LABEL[u.is_active].text}</Badge>,
    },
    {
      key: 'created',
      header: 'Created',
      cell: (u) => (
        <time
          dateTime={u.created_at}
          title={formatRelative(u.created_at)}
          className="whitespace-nowrap tabular-nums"
        >
          {formatDate(u.created_at)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (u) => (
        <div className="flex justify-end gap-2">
          <Link
            to={`/admin/check/profile/${u.id}`}
            className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-fg hover:bg-subtle"
            aria-label={`Open profile of ${u.username}`}
          >
            Open
          </Link>
          {u.role !== 'admin' && onToggleBlock && (
            <Button
              size="sm"
              variant={u.status === 'block' ? 'secondary' : 'ghost'}
              className={u.status === 'block' ? '' : 'text-red-700 dark:text-red-400'}
              busy={busyId === u.id}
              onClick={() => onToggleBlock(u)}
              aria-label={`${u.status === 'block' ? 'Unblock' : 'Block'} ${u.username}`}
            >
              {u.status === 'block' ? 'Unblock' : 'Block'}
            </Button>
          )}
        </div>
      ),
    },
  ];
}
