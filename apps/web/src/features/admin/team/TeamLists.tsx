import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invitation, TeamMember } from '../../../api/admins';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { formatDateTime } from '../../../lib/format';
import { RoleBadges } from './roles';
import type { AdminAction } from './TeamDialogs';

const nameOf = (a: TeamMember) => a.fullname || a.email;

function Who({ admin, you }: { admin: TeamMember; you: boolean }) {
  const pending = admin.pending_email;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="flex items-center gap-1.5 font-medium text-fg">
        {admin.fullname || '—'}
        {you && (
          <Badge tone="blue">
            <Trans>You</Trans>
          </Badge>
        )}
      </span>
      <span className="text-xs break-all text-muted">{admin.email}</span>
      {pending && (
        <span className="text-xs break-all text-muted" data-testid="pending-email">
          <Trans>Changing to {pending}: waiting for the link to be opened</Trans>
        </span>
      )}
    </span>
  );
}

function Status({ admin }: { admin: TeamMember }) {
  return admin.status === 'block' ? (
    <Badge tone="red">
      <Trans>Blocked</Trans>
    </Badge>
  ) : (
    <Badge tone="green">
      <Trans>Active</Trans>
    </Badge>
  );
}

function TwoFactor({ admin }: { admin: TeamMember }) {
  return admin.totp_enabled ? (
    <Badge tone="green">
      <Trans>2FA on</Trans>
    </Badge>
  ) : (
    <Badge>
      <Trans>2FA off</Trans>
    </Badge>
  );
}

function LastSignin({ admin }: { admin: TeamMember }) {
  return admin.last_signin_at ? (
    <When iso={admin.last_signin_at} />
  ) : (
    <span className="text-muted">
      <Trans>Never</Trans>
    </span>
  );
}

interface AdminsProps {
  admins: TeamMember[] | undefined;
  loading: boolean;
  /** The signed-in admin's id: marked "You", and not offered Block or End sessions on themself. */
  meId: number | undefined;
  /** Owners only: the actions; undefined for a read-only view (an auditor). */
  onAction?: ((admin: TeamMember, action: AdminAction | 'roles' | 'email') => void) | undefined;
}

function AdminButtons({
  admin,
  you,
  onAction,
}: {
  admin: TeamMember;
  you: boolean;
  onAction: NonNullable<AdminsProps['onAction']>;
}) {
  const name = nameOf(admin);
  const blocked = admin.status === 'block';
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction(admin, 'roles')}
        aria-label={t`Change roles of ${name}`}
      >
        <Trans>Change roles</Trans>
      </Button>
      {/* one's own address is changed under Account, with the password and a code */}
      {!you && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'email')}
          aria-label={t`Change e-mail of ${name}`}
        >
          <Trans>Change e-mail</Trans>
        </Button>
      )}
      {!you && (
        <Button
          size="sm"
          variant="secondary"
          className={blocked ? '' : 'text-red-700 dark:text-red-400'}
          onClick={() => onAction(admin, blocked ? 'unblock' : 'block')}
          aria-label={blocked ? t`Unblock ${name}` : t`Block ${name}`}
        >
          {blocked ? t`Unblock` : t`Block`}
        </Button>
      )}
      {!you && !blocked && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'signout')}
          aria-label={t`End sessions of ${name}`}
        >
          <Trans>End sessions</Trans>
        </Button>
      )}
      {admin.totp_enabled && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'reset-2fa')}
          aria-label={t`Reset 2FA of ${name}`}
        >
          <Trans>Reset 2FA</Trans>
        </Button>
      )}
    </div>
  );
}

export function AdminsList({ admins, loading, meId, onAction }: AdminsProps) {
  const { t } = useLingui();
  const columns: Array<Column<TeamMember>> = [
    { key: 'who', header: t`Admin`, cell: (a) => <Who admin={a} you={a.id === meId} /> },
    { key: 'roles', header: t`Roles`, cell: (a) => <RoleBadges roles={a.roles} /> },
    {
      key: 'status',
      header: t`Status`,
      cell: (a) => (
        <span className="flex flex-col items-start gap-1">
          <Status admin={a} />
          <TwoFactor admin={a} />
        </span>
      ),
    },
    { key: 'signin', header: t`Last sign-in`, cell: (a) => <LastSignin admin={a} /> },
  ];
  if (onAction)
    columns.push({
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (a) => <AdminButtons admin={a} you={a.id === meId} onAction={onAction} />,
    });
  return (
    <Table
      caption={t`Admins`}
      columns={columns}
      rows={admins}
      rowKey={(a) => a.id}
      loading={loading}
      skeletonRows={3}
      minWidth="min-w-[720px]"
      empty={t`No admins yet. Invite one to share the work.`}
      card={(a) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Who admin={a} you={a.id === meId} />
            <span className="flex shrink-0 flex-col items-end gap-1">
              <Status admin={a} />
              <TwoFactor admin={a} />
            </span>
          </div>
          <RoleBadges roles={a.roles} />
          <p className="text-xs text-muted">
            <Trans>
              Last sign-in: <LastSignin admin={a} />
            </Trans>
          </p>
          {onAction && <AdminButtons admin={a} you={a.id === meId} onAction={onAction} />}
        </div>
      )}
    />
  );
}

/** "Expires in 47 h" (a link lives 48 hours), or "Expired" once the server would refuse it. */
function Expiry({ invitation }: { invitation: Invitation }) {
  const left = Date.parse(invitation.expires_at) - Date.now();
  const { t } = useLingui();
  if (!(left > 0))
    return (
      <Badge tone="red">
        <Trans>Expired</Trans>
      </Badge>
    );
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  return (
    <time
      dateTime={invitation.expires_at}
      className="text-sm whitespace-nowrap tabular-nums"
      title={formatDateTime(invitation.expires_at)}
    >
      {hours >= 1 ? t`Expires in ${hours} h` : t`Expires in ${minutes} min`}
    </time>
  );
}

/** "Invited by alice@x, 3 May 2026, 10:00" (a phone's card). */
function InvitedBy({ i }: { i: Invitation }) {
  const by = i.invited_by;
  return (
    <p className="text-xs text-muted">
      <Trans>
        Invited by {by}, <When iso={i.created_at} />
      </Trans>
    </p>
  );
}

export function InvitationsList({
  invitations,
  loading,
  onWithdraw,
}: {
  invitations: Invitation[] | undefined;
  loading: boolean;
  onWithdraw?: ((invitation: Invitation) => void) | undefined;
}) {
  const { t } = useLingui();
  const withdraw = (i: Invitation) =>
    onWithdraw && (
      <Button
        size="sm"
        variant="secondary"
        className="text-red-700 dark:text-red-400"
        onClick={() => onWithdraw(i)}
        aria-label={t`Withdraw the invitation of ${ph({ email: i.email })}`}
      >
        <Trans>Withdraw</Trans>
      </Button>
    );
  const columns: Array<Column<Invitation>> = [
    { key: 'email', header: t`Email`, cell: (i) => <span className="break-all">{i.email}</span> },
    { key: 'roles', header: t`Roles`, cell: (i) => <RoleBadges roles={i.roles} /> },
    { key: 'by', header: t`Invited by`, cell: (i) => <span className="break-all">{i.invited_by}</span> },
    { key: 'sent', header: t`Sent`, cell: (i) => <When iso={i.created_at} stacked /> },
    { key: 'expires', header: t`Expires`, cell: (i) => <Expiry invitation={i} /> },
  ];
  if (onWithdraw)
    columns.push({
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: withdraw,
    });
  return (
    <Table
      caption={t`Open invitations`}
      columns={columns}
      rows={invitations}
      rowKey={(i) => i.id}
      loading={loading}
      skeletonRows={3}
      minWidth="min-w-[720px]"
      empty={
        onWithdraw
          ? t`No open invitations. Invite an admin and their invitation waits here until they accept it.`
          : t`No open invitations.`
      }
      card={(i) => (
        <div className="flex flex-col gap-2">
          <span className="font-medium [overflow-wrap:anywhere] text-fg">{i.email}</span>
          <div className="flex items-start justify-between gap-3">
            <RoleBadges roles={i.roles} />
            <Expiry invitation={i} />
          </div>
          <InvitedBy i={i} />
          {onWithdraw && <div>{withdraw(i)}</div>}
        </div>
      )}
    />
  );
}
