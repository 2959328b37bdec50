import type { User } from '@app/contracts/users';
import type { I18n } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import type { Column } from '../../../components/ui/Table';
import { formatDate, formatRelative } from '../../../lib/format';
import { ACTIVE_LABEL, STATUS_LABEL } from '../../../lib/user-labels';
import { ACTIVE_WORD, STATUS_WORD } from './labels';

interface Options {
  /** Null when this admin may not block members (support's work): no Block button. */
  onToggleBlock: ((user: User) => void) | null;
  /** The row whose block/unblock is being saved. */
  busyId?: number;
  i18n: I18n;
}

export function userColumns({ onToggleBlock, busyId, i18n }: Options): Array<Column<User>> {
  return [
    {
      key: 'username',
      header: i18n._(msg`Username`),
      cell: (u) => (
        <Link to={`/admin/check/profile/${u.id}`} className="font-medium text-accent-text hover:underline">
          {u.username}
        </Link>
      ),
    },
    {
      key: 'name',
      header: i18n._(msg`Name`),
      cell: (u) => <span className="whitespace-nowrap">{u.fullname || '—'}</span>,
    },
    {
      key: 'email',
      header: i18n._(msg`Email`),
      cell: (u) => <span className="whitespace-nowrap">{u.email}</span>,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (u) => <Badge tone={STATUS_LABEL[u.status].tone}>{i18n._(STATUS_WORD[u.status])}</Badge>,
    },
    {
      key: 'active',
      header: i18n._(msg`Active`),
      cell: (u) => <Badge tone={ACTIVE_LABEL[u.is_active].tone}>{i18n._(ACTIVE_WORD[u.is_active])}</Badge>,
    },
    {
      key: 'created',
      header: i18n._(msg`Created`),
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
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (u) => (
        <div className="flex justify-end gap-2">
          <Link
            to={`/admin/check/profile/${u.id}`}
            className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-fg hover:bg-subtle"
            aria-label={i18n._(msg`Open profile of ${ph({ username: u.username })}`)}
          >
            <Trans>Open</Trans>
          </Link>
          {u.role !== 'admin' && onToggleBlock && (
            <Button
              size="sm"
              variant={u.status === 'block' ? 'secondary' : 'ghost'}
              className={u.status === 'block' ? '' : 'text-red-700 dark:text-red-400'}
              busy={busyId === u.id}
              onClick={() => onToggleBlock(u)}
              aria-label={
                u.status === 'block'
                  ? i18n._(msg`Unblock ${ph({ username: u.username })}`)
                  : i18n._(msg`Block ${ph({ username: u.username })}`)
              }
            >
              {u.status === 'block' ? i18n._(msg`Unblock`) : i18n._(msg`Block`)}
            </Button>
          )}
        </div>
      ),
    },
  ];
}
