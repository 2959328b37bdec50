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
  return (
    <span className="flex min-w-0 flex-col">
      <span className="flex items-center gap-1.5 font-medium text-fg">
        {admin.fullname || '—'}
        {you && <Badge tone="blue">You</Badge>}
      </span>
      <span className="text-xs break-all text-muted">{admin.email}</span>
      {admin.pending_email && (
        <span className="text-xs break-all text-muted" data-testid="pending-email">
          Changing to {admin.pending_email}: waiting for the link to be opened
        </span>
      )}
    </span>
  );
}

function Status({ admin }: { admin: TeamMember }) {
  return admin.status === 'block' ? <Badge tone="red">Blocked</Badge> : <Badge tone="green">Active</Badge>;
}

function TwoFactor({ admin }: { admin: TeamMember }) {
  return admin.totp_enabled ? <Badge tone="green">2FA on</Badge> : <Badge>2FA off</Badge>;
}

function LastSignin({ admin }: { admin: TeamMember }) {
  return admin.last_signin_at ? (
    <When iso={admin.last_signin_at} />
  ) : (
    <span className="text-muted">Never</span>
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
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction(admin, 'roles')}
        aria-label={`Change roles of ${name}`}
      >
        Change roles
      </Button>
      {/* one's own address is changed under Account, with the password and a code */}
      {!you && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'email')}
          aria-label={`Change e-mail of ${name}`}
        >
          Change e-mail
        </Button>
      )}
      {!you && (
        <Button
          size="sm"
          variant="secondary"
          className={blocked ? '' : 'text-red-700 dark:text-red-400'}
          onClick={() => onAction(admin, blocked ? 'unblock' : 'block')}
          aria-label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
        >
          {blocked ? 'Unblock' : 'Block'}
        </Button>
      )}
      {!you && !blocked && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'signout')}
          aria-label={`End sessions of ${name}`}
        >
          End sessions
        </Button>
      )}
      {admin.totp_enabled && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onAction(admin, 'reset-2fa')}
          aria-label={`Reset 2FA of ${name}`}
        >
          Reset 2FA
        </Button>
      )}
    </div>
  );
}

export function AdminsList({ admins, loading, meId, onAction }: AdminsProps) {
  const columns: Array<Column<TeamMember>> = [
    { key: 'who', header: 'Admin', cell: (a) => <Who admin={a} you={a.id === meId} /> },
    { key: 'roles', header: 'Roles', cell: (a) => <RoleBadges roles={a.roles} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => (
        <span className="flex flex-col items-start gap-1">
          <Status admin={a} />
          <TwoFactor admin={a} />
        </span>
      ),
    },
    { key: 'signin', header: 'Last sign-in', cell: (a) => <LastSignin admin={a} /> },
  ];
  if (onAction)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (a) => <AdminButtons admin={a} you={a.id === meId} onAction={onAction} />,
    });
  return (
    <Table
      caption="Admins"
      columns={columns}
      rows={admins}
      rowKey={(a) => a.id}
      loading={loading}
      skeletonRows={3}
      minWidth="min-w-[720px]"
      empty="No admins yet. Invite one to share the work."
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
            Last sign-in: <LastSignin admin={a} />
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
  if (!(left > 0)) return <Badge tone="red">Expired</Badge>;
  const hours = Math.floor(left / 3_600_000);
  return (
    <time
      dateTime={invitation.expires_at}
      className="text-sm whitespace-nowrap tabular-nums"
      title={formatDateTime(invitation.expires_at)}
    >
      Expires in {hours >= 1 ? `${hours} h` : `${Math.max(1, Math.ceil(left / 60_000))} min`}
    </time>
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
  const withdraw = (i: Invitation) =>
    onWithdraw && (
      <Button
        size="sm"
        variant="secondary"
        className="text-red-700 dark:text-red-400"
        onClick={() => onWithdraw(i)}
        aria-label={`Withdraw the invitation of ${i.email}`}
      >
        Withdraw
      </Button>
    );
  const columns: Array<Column<Invitation>> = [
    { key: 'email', header: 'Email', cell: (i) => <span className="break-all">{i.email}</span> },
    { key: 'roles', header: 'Roles', cell: (i) => <RoleBadges roles={i.roles} /> },
    { key: 'by', header: 'Invited by', cell: (i) => <span className="break-all">{i.invited_by}</span> },
    { key: 'sent', header: 'Sent', cell: (i) => <When iso={i.created_at} stacked /> },
    { key: 'expires', header: 'Expires', cell: (i) => <Expiry invitation={i} /> },
  ];
  if (onWithdraw)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: withdraw,
    });
  return (
    <Table
      caption="Open invitations"
      columns={columns}
      rows={invitations}
      rowKey={(i) => i.id}
      loading={loading}
      skeletonRows={3}
      minWidth="min-w-[720px]"
      empty={
        onWithdraw
          ? 'No open invitations. Invite an admin and their invitation waits here until they accept it.'
          : 'No open invitations.'
      }
      card={(i) => (
        <div className="flex flex-col gap-2">
          <span className="font-medium [overflow-wrap:anywhere] text-fg">{i.email}</span>
          <div className="flex items-start justify-between gap-3">
            <RoleBadges roles={i.roles} />
            <Expiry invitation={i} />
          </div>
          <p className="text-xs text-muted">
            Invited by {i.invited_by}, <When iso={i.created_at} />
          </p>
          {onWithdraw && <div>{withdraw(i)}</div>}
        </div>
      )}
    />
  );
}
