/**
 * Other owners hear when anyone gets the finance or owner role (issue 36, separation of duties):
 * a mail to each active owner but the new holder and whoever gave it, and an entry the back-office
 * shows them on the setup list for a week (operations/setup, `team-grants`), read from the audit
 * row `admin.role_granted` written here.
 */
import { ADMIN_ROLE_LABELS, type AdminRole } from '@app/contracts/admins';
import { recordAudit } from '../../../audit/audit.js';
import type { Queryable } from '../../../db/pool.js';
import type { Actor } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { adminRoleGrantedMail } from '../../../mail/team-templates.js';

/** The roles that move money or make admins: gaining one is told to the other owners. */
const WATCHED: readonly AdminRole[] = ['owner', 'finance'];

/** The watched roles in `after` that `before` did not hold (an owner already counts as finance). */
export function watchedGains(before: AdminRole[], after: AdminRole[]): AdminRole[] {
  if (before.includes('owner')) return [];
  return WATCHED.filter((r) => after.includes(r) && !before.includes(r));
}

/**
 * Mails every other active owner and records the grant; nothing when `gained` is empty. `actor` is
 * who gave the roles (the invited admin themself for an accepted invitation: then `by` names the
 * inviter).
 */
export async function tellOwners(
  q: Queryable,
  actor: Actor,
  grant: {
    adminId: number;
    gained: AdminRole[];
    roles: AdminRole[];
    by: string;
    how: 'invitation' | 'role change';
    now: Date;
  },
) {
  if (grant.gained.length === 0) return;
  const {
    rows: [admin],
  } = await q.query<{ email: string; fullname: string }>('SELECT email, fullname FROM users WHERE id = $1', [
    grant.adminId,
  ]);
  const { rows: owners } = await q.query<{ email: string }>(
    `SELECT email FROM users
      WHERE role = 'admin' AND status = 'unblock' AND 'owner' = ANY(admin_roles) AND id <> ALL($1::bigint[])
      ORDER BY id`,
    [[grant.adminId, actor.userId]],
  );
  const roles = grant.roles.map((r) => ADMIN_ROLE_LABELS[r].label).join(', ');
  for (const owner of owners) {
    await enqueueMail(
      q,
      adminRoleGrantedMail(owner.email, {
        admin: admin!.fullname,
        email: admin!.email,
        roles,
        by: grant.by,
        how: grant.how,
        at: grant.now,
      }),
    );
  }
  await recordAudit(q, actor, {
    action: 'admin.role_granted',
    targetType: 'admin',
    targetId: grant.adminId,
    after: {
      gained: grant.gained,
      roles: grant.roles,
      by: grant.by,
      how: grant.how,
      // the app's time (the setup list reads a week back from it), not the row's database time
      at: grant.now.toISOString(),
      owners_told: owners.length,
    },
  });
}
