import type { Mail } from './templates.js';

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
