/**
 * An owner moves another admin to a new e-mail address (issue 37.5: an admin left at
 * fiona@example.com, an address nobody reads, could not be fixed from Team). The owner gives the
 * address; a one-time link goes to it; the admin's address changes only when the link is opened and
 * confirmed, so a typo or a stranger's address moves nothing. The same rules as an admin's own change
 * (admin-account/service.ts): the address must be free, the change is audited, and the old address is
 * told. The owner's own address is changed under Account, with their password and a code.
 */
import { type AdminEmailLinkBody, EMAIL_LINK_HOURS } from '@app/contracts/admins';
import { MSG } from '@app/contracts/messages';
import { TEAM_MSG } from '@app/contracts/team-messages';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { adminEmailChangedMail } from '../../../mail/account-templates.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { adminEmailLinkMail } from '../../../mail/team-templates.js';
import { newLinkToken, tokenDigest } from '../../../secrets.js';
import { emailTaken, setEmail } from '../admin-account/repo.js';
import * as repo from './repo.js';

export function createAdminEmailLinks(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** A mail server is configured (SMTP_URL): the link then goes by mail only. */
  mailDelivered: boolean;
}) {
  const { db, clock } = deps;

  /** POST /admins/{id}/email: mails the link to the new address; nothing changes yet. */
  async function start(actor: Actor, adminId: number, body: AdminEmailLinkBody) {
    if (adminId === actor.userId) throw badRequest(TEAM_MSG.emailLinkOwnAddress);
    const token = newLinkToken();
    const link = `${deps.publicUrl.replace(/\/$/, '')}/admin-email/${token}`;
    const expiresAt = await withTx(db, async (tx) => {
      const admin = await repo.findAdmin(tx, adminId);
      if (!admin) throw notFound('No administrator has this id');
      if (admin.email === body.email) throw badRequest(TEAM_MSG.emailLinkSame);
      if (await emailTaken(tx, body.email, adminId)) throw conflict(MSG.emailTaken);
      const by = await repo.findAdmin(tx, actor.userId);
      const now = clock.now();
      const expires = new Date(now.getTime() + EMAIL_LINK_HOURS * 3600_000);
      await repo.insertEmailLink(tx, {
        adminId,
        oldEmail: admin.email,
        newEmail: body.email,
        tokenHash: tokenDigest(token),
        requestedBy: actor.userId,
        now,
        expiresAt: expires,
      });
      await enqueueMail(
        tx,
        adminEmailLinkMail(body.email, {
          name: admin.fullname,
          by: by?.email ?? 'An owner',
          oldEmail: admin.email,
          link,
          hours: EMAIL_LINK_HOURS,
        }),
      );
      await recordAudit(tx, actor, {
        action: 'admin.email.change_start',
        targetType: 'admin',
        targetId: adminId,
        before: { email: admin.email },
        after: { pending_email: body.email, expires_at: expires },
      });
      return expires;
    });
    return {
      message: `A confirmation link went to ${body.email}: the address changes when it is opened there.`,
      pending_email: body.email,
      expires_at: expiresAt.toISOString(),
      // as with invitations: an owner holds the link only while mail is not delivered
      link: deps.mailDelivered ? null : link,
    };
  }

  /** GET /admin-email-links/{token}: opening the link shows the change; only the button makes it. */
  async function preview(token: string) {
    const row = await repo.usableEmailLink(db, tokenDigest(token), clock.now());
    if (!row) throw notFound(TEAM_MSG.emailLinkUnusable);
    return {
      fullname: row.fullname,
      email: row.old_email,
      new_email: row.new_email,
      requested_by: row.requested_by,
    };
  }

  /** POST /admin-email-links/{token}: the address changes, the link is spent, the old address told. */
  async function confirm(token: string, ip: string) {
    await withTx(db, async (tx) => {
      const now = clock.now();
      const row = await repo.usableEmailLink(tx, tokenDigest(token), now, true);
      if (!row) throw notFound(TEAM_MSG.emailLinkUnusable);
      const adminId = Number(row.admin_id);
      // someone may have taken the address since the link was sent
      if (await emailTaken(tx, row.new_email, adminId)) throw conflict(MSG.emailTaken);
      const admin = await repo.findAdmin(tx, adminId);
      if (!admin) throw notFound(TEAM_MSG.emailLinkUnusable);
      await setEmail(tx, adminId, row.new_email, now);
      await repo.markEmailLinkUsed(tx, row.id, now);
      // the holder of the new address acts: the audit names the admin, and who asked for it
      const self: Actor = { userId: adminId, audience: 'admin', sessionId: 'email-link', ip, roles: [] };
      await recordAudit(tx, self, {
        action: 'admin.email.change',
        targetType: 'admin',
        targetId: adminId,
        before: { email: admin.email },
        after: { email: row.new_email, requested_by: row.requested_by, by: 'link' },
      });
      await enqueueMail(tx, adminEmailChangedMail(admin.email, admin.fullname, row.new_email, now));
    });
    return { message: TEAM_MSG.emailLinkConfirmed };
  }

  return { start, preview, confirm };
}

export type AdminEmailLinks = ReturnType<typeof createAdminEmailLinks>;
