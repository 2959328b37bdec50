import { type Mail, tokenOf } from './templates.js';

/**
 * The mails about the back-office team (modules/identity/admins). Their templates start with
 * `admin_`, so the outbox keeps them for owners' eyes (mail/outbox.ts).
 */

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * To every other active owner when an admin gets the finance or owner role (an accepted invitation
 * or a role change): one owner alone must not quietly give themself a second pair of eyes.
 */
export function adminRoleGrantedMail(
  to: string,
  grant: {
    admin: string;
    email: string;
    roles: string;
    by: string;
    how: 'invitation' | 'role change';
    at: Date;
  },
): Mail {
  const how =
    grant.how === 'invitation'
      ? `accepted an invitation from ${grant.by}`
      : `was given new roles by ${grant.by}`;
  return {
    to,
    template: 'admin_role_granted',
    subject: `${grant.admin} can now move money in the back-office`,
    text: `Hello,\n\nOn ${when(grant.at)} ${grant.admin} (${grant.email}) ${how} and now holds: ${grant.roles}.\nFor their first 24 hours on the team they cannot be the second pair of eyes of a withdrawal or of any other money action.\n\nIf no owner expected this, block the account under Admin → Team and find out who did it (Admin → Audit log).\n`,
  };
}

/**
 * To the new address an owner gave another admin (issue 37.5): the address changes only when this
 * link is opened and confirmed, so a typo or a stranger's address moves nothing.
 */
export function adminEmailLinkMail(
  to: string,
  change: { name: string; by: string; oldEmail: string; link: string; hours: number },
): Mail {
  return {
    to,
    template: 'admin_email_link',
    subject: 'Confirm the new address of your back-office account',
    text: `Hello ${change.name},\n\n${change.by} asked to make this the e-mail address of your back-office account (now ${change.oldEmail}).\nTo confirm it, open:\n${change.link}\n\nThe link works once and expires in ${change.hours} hours. Until it is confirmed nothing changes; if you did not expect it, ignore this message.\n`,
    // `link` is `<PUBLIC_URL>/admin-email/<token>`
    secret: {
      values: [tokenOf(change.link, /\/admin-email\/([A-Za-z0-9_-]+)$/)],
      minutes: change.hours * 60,
    },
  };
}
