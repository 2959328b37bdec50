/**
 * The back-office team: owners invite admins by e-mail (a one-time link, 48 h), change their roles,
 * block them, end their sessions and reset their 2FA. Every change is audited in its transaction.
 * The last active owner cannot be blocked or demoted (lockout.ts).
 */
import {
  ADMIN_ROLE_LABELS,
  type AdminRole,
  INVITATION_HOURS,
  type Invitation,
  type TeamMember,
} from '@app/contracts/admins';
import { MSG } from '@app/contracts/messages';
import { TEAM_MSG } from '@app/contracts/team-messages';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { adminInvitationMail } from '../../../mail/templates.js';
import { newLinkToken, tokenDigest } from '../../../secrets.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';
import { newReferralCode } from '../auth/identifiers.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser } from '../auth/repo.js';
import type { SessionAuth } from '../auth/tokens.js';
import { remove as removeTotp } from '../totp/repo.js';
import { createAdminEmailLinks } from './email-links.js';
import { assertAdminMayBeRemoved, assertOwnersRemain } from './lockout.js';
import { tellOwners, watchedGains } from './notify.js';
import * as repo from './repo.js';

const iso = (d: Date) => d.toISOString();

const toInvitation = (r: repo.InvitationRow): Invitation => ({
  id: Number(r.id),
  email: r.email,
  roles: r.roles,
  invited_by: r.invited_by,
  created_at: iso(r.created_at),
  expires_at: iso(r.expires_at),
});

const toMember = (r: repo.TeamRow): TeamMember => ({
  id: Number(r.id),
  email: r.email,
  fullname: r.fullname,
  roles: r.admin_roles,
  status: r.status,
  totp_enabled: r.totp_enabled,
  created_at: iso(r.created_at),
  last_signin_at: r.last_login ? iso(r.last_login) : null,
  pending_email: r.pending_email,
});

const roleWords = (roles: AdminRole[]) => roles.map((r) => ADMIN_ROLE_LABELS[r].label).join(', ');

export function createTeamService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionAuth;
  publicUrl: string;
  /** A mail server is configured (SMTP_URL): invitation links then go by mail only. */
  mailDelivered: boolean;
}) {
  const { db, clock, sessions } = deps;

  async function list() {
    const [admins, invitations] = await Promise.all([
      repo.listTeam(db, clock.now()),
      repo.openInvitations(db),
    ]);
    return { admins: admins.map(toMember), invitations: invitations.map(toInvitation) };
  }

  async function me(actor: Actor) {
    const row = await repo.findAdmin(db, actor.userId);
    if (!row) throw notFound(MSG.userNotFound);
    return { id: Number(row.id), email: row.email, fullname: row.fullname, roles: row.admin_roles };
  }

  /**
   * Invites `body.email`; a new invitation to the same address replaces the open one. The link is
   * in the answer only while mail is not delivered (the owner passes it on): with a mail server an
   * owner never holds it, so they cannot accept an invitation of their own making (issue 36.7).
   */
  async function invite(actor: Actor, body: { email: string; fullname: string; roles: AdminRole[] }) {
    const token = newLinkToken();
    const link = `${deps.publicUrl.replace(/\/$/, '')}/admin-invitation/${token}`;
    const invitation = await withTx(db, async (tx) => {
      if (await repo.emailTaken(tx, body.email)) throw conflict(TEAM_MSG.invitationEmailTaken);
      const now = clock.now();
      await repo.withdrawOpenFor(tx, body.email, now);
      const row = await repo.insertInvitation(tx, {
        ...body,
        tokenHash: tokenDigest(token),
        invitedBy: actor.userId,
        now,
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3600_000),
      });
      await enqueueMail(
        tx,
        adminInvitationMail(body.email, {
          name: body.fullname,
          invitedBy: row.invited_by,
          roles: roleWords(body.roles),
          link,
          hours: INVITATION_HOURS,
        }),
      );
      await recordAudit(tx, actor, {
        action: 'admin.invite',
        targetType: 'admin_invitation',
        targetId: Number(row.id),
        after: { email: body.email, roles: body.roles, expires_at: row.expires_at },
      });
      return toInvitation(row);
    });
    return { invitation, link: deps.mailDelivered ? null : link };
  }

  async function withdraw(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const row = await repo.withdrawInvitation(tx, id, clock.now());
      if (!row) throw notFound('No open invitation has this id');
      await recordAudit(tx, actor, {
        action: 'admin.invitation_withdraw',
        targetType: 'admin_invitation',
        targetId: id,
        before: { email: row.email, roles: row.roles },
      });
      return { message: 'Invitation withdrawn' };
    });
  }

  async function preview(token: string) {
    const row = await repo.usableInvitation(db, tokenDigest(token), clock.now());
    if (!row) throw notFound(TEAM_MSG.invitationUnusable);
    return { email: row.email, roles: row.roles };
  }

  /** The invited admin chooses a password: the account is created and the link is spent. */
  async function accept(token: string, password: string, ip: string) {
    const passwordHash = await hashPassword(password);
    return withTx(db, async (tx) => {
      const now = clock.now();
      const row = await repo.usableInvitation(tx, tokenDigest(token), now, true);
      if (!row) throw notFound(TEAM_MSG.invitationUnusable);
      if (await repo.emailTaken(tx, row.email)) throw conflict(TEAM_MSG.invitationEmailTaken);
      const id = await insertUser(tx, {
        username: await repo.freeUsername(tx, row.fullname),
        email: row.email,
        passwordHash,
        fullname: row.fullname,
        phone: '',
        role: 'admin',
        refferalCode: `ADM${newReferralCode()}`,
        sponsor: null,
        now,
        adminRoles: row.roles,
      });
      await repo.markAccepted(tx, row.id, id, now);
      const self: Actor = {
        userId: Number(id),
        audience: 'admin',
        sessionId: 'invitation',
        ip,
        roles: row.roles,
      };
      await recordAudit(tx, self, {
        action: 'admin.invitation_accept',
        targetType: 'admin',
        targetId: Number(id),
        after: { email: row.email, roles: row.roles, invitation: Number(row.id) },
      });
      await tellOwners(tx, self, {
        adminId: Number(id),
        gained: watchedGains([], row.roles),
        roles: row.roles,
        by: row.invited_by,
        how: 'invitation',
        now,
      });
      return { message: 'Your administrator account is ready. Sign in with your e-mail and new password.' };
    });
  }

  /** Roles and status of another admin; the last active owner stays an active owner. */
  async function update(
    actor: Actor,
    id: number,
    body: { roles?: AdminRole[]; status?: 'unblock' | 'block' },
  ) {
    return withTx(db, async (tx) => {
      if (body.status === 'block') await assertAdminMayBeRemoved(tx, actor, id);
      await assertOwnersRemain(tx, id, {
        ...(body.roles ? { roles: body.roles } : {}),
        ...(body.status ? { active: body.status === 'unblock' } : {}),
      });
      const beforeRow = await repo.findAdmin(tx, id);
      if (!beforeRow) throw notFound('No administrator has this id');
      const now = clock.now();
      await repo.setRolesAndStatus(tx, id, body, now);
      if (body.status === 'block' && beforeRow.status !== 'block') await sessions.revokeAll(tx, id);
      // a block or an unblock ends the trust of every browser: none skips the code step afterwards
      if (body.status && body.status !== beforeRow.status) await revokeTrustedBrowsers(tx, id, now);
      await recordAudit(tx, actor, {
        action: 'admin.update',
        targetType: 'admin',
        targetId: id,
        before: { roles: beforeRow.admin_roles, status: beforeRow.status },
        after: { roles: body.roles ?? beforeRow.admin_roles, status: body.status ?? beforeRow.status },
      });
      if (body.roles) {
        const by = await repo.findAdmin(tx, actor.userId);
        await tellOwners(tx, actor, {
          adminId: id,
          gained: watchedGains(beforeRow.admin_roles, body.roles),
          roles: body.roles,
          by: by?.email ?? 'an owner',
          how: 'role change',
          now,
        });
      }
      return { message: 'Administrator updated' };
    });
  }

  async function endSessions(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      if (!(await repo.findAdmin(tx, id))) throw notFound('No administrator has this id');
      await sessions.revokeAll(tx, id, id === actor.userId ? actor.sessionId : undefined);
      // as their own "sign out everywhere" does: no browser skips the code step afterwards
      await revokeTrustedBrowsers(tx, id, clock.now());
      await recordAudit(tx, actor, { action: 'admin.sessions_end', targetType: 'admin', targetId: id });
      return { message: 'Their sessions have ended' };
    });
  }

  /** Turns another admin's 2FA off (lost phone): they sign in with their password and set it up again. */
  async function resetTotp(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      if (!(await repo.findAdmin(tx, id))) throw notFound('No administrator has this id');
      await removeTotp(tx, id);
      await sessions.revokeAll(tx, id);
      await revokeTrustedBrowsers(tx, id, clock.now());
      await recordAudit(tx, actor, { action: 'admin.totp_reset', targetType: 'admin', targetId: id });
      return {
        message: 'Two-factor authentication is off for this administrator; their sessions have ended',
      };
    });
  }

  /** Another admin's e-mail address, changed through a link to the new one (email-links.ts). */
  const emailLinks = createAdminEmailLinks(deps);

  return { list, me, invite, withdraw, preview, accept, update, endSessions, resetTotp, emailLinks };
}

export type TeamService = ReturnType<typeof createTeamService>;
