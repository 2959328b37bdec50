import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAdminMay, useAdminMe } from '../../../api/admin-me';
import type { Invitation, TeamMember } from '../../../api/admins';
import { useTeam } from '../../../api/admins';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmailDialog } from './EmailDialog';
import { InviteDialog } from './InviteDialog';
import { AdminActionDialog, type PendingAction, RolesDialog, WithdrawDialog } from './TeamDialogs';
import { AdminsList, InvitationsList } from './TeamLists';

/**
 * The back-office team (GET /admins): every admin with their roles, status, 2FA and last sign-in,
 * and the open invitations. Owners invite, withdraw, change roles, change another admin's e-mail
 * (confirmed by a link to the new address), block, end sessions and reset 2FA; an auditor reads the same page without the buttons.
 */
export default function TeamPage() {
  const team = useTeam();
  const me = useAdminMe();
  const isOwner = useAdminMay('owner', true);
  const [inviting, setInviting] = useState(false);
  const [roles, setRoles] = useState<TeamMember | null>(null);
  const [emailing, setEmailing] = useState<TeamMember | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const invitations = team.data?.invitations;
  const { t } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Team · EarnHub admin`}</title>
      <PageHeader
        title={t`Team`}
        description={t`Who works in the back-office, with which roles, and the invitations not yet accepted.`}
        actions={
          isOwner && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" /> <Trans>Invite admin</Trans>
            </Button>
          )
        }
      />
      {me.data && !isOwner && (
        <Banner tone="notice">
          <Trans>You can read the team; only an owner can invite admins or change them.</Trans>
        </Banner>
      )}
      {team.isError && <Banner tone="error">{errorMessage(team.error)}</Banner>}

      <section aria-labelledby="admins-heading" className="flex flex-col gap-3">
        <h2 id="admins-heading" className="text-lg font-semibold text-fg">
          <Trans>Admins</Trans>
          {team.data && (
            <span className="ml-2 text-sm font-normal text-muted">{team.data.admins.length}</span>
          )}
        </h2>
        <AdminsList
          admins={team.data?.admins}
          loading={team.isPending}
          meId={me.data?.id}
          onAction={
            isOwner
              ? (admin, action) =>
                  action === 'roles'
                    ? setRoles(admin)
                    : action === 'email'
                      ? setEmailing(admin)
                      : setPending({ admin, action })
              : undefined
          }
        />
      </section>

      <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold text-fg">
          <Trans>Open invitations</Trans>
          {invitations && <span className="ml-2 text-sm font-normal text-muted">{invitations.length}</span>}
        </h2>
        <InvitationsList
          invitations={invitations}
          loading={team.isPending}
          onWithdraw={isOwner ? setWithdrawing : undefined}
        />
      </section>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <RolesDialog admin={roles} onClose={() => setRoles(null)} />
      <EmailDialog admin={emailing} onClose={() => setEmailing(null)} />
      <AdminActionDialog target={pending} onClose={() => setPending(null)} />
      <WithdrawDialog target={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
