import type { AdminRole } from '@app/contracts/admins';
import type { Queryable } from '../../../db/pool.js';

/** What the setup list reads from the database, in one round trip. */
export interface SetupFacts {
  /** Admin addresses at example.com (the ADMIN_EMAIL default is admin@example.com): nobody reads them. */
  example_emails: string[];
  /** The signed-in admin's address and whether they are the first admin (whose password is checked). */
  own_email: string;
  first_admin: boolean;
  /** The first admin's password changed since the account was made (migration 028). */
  first_password_changed: boolean;
  /** The signed-in admin has an authenticator turned on. */
  totp_on: boolean;
  /**
   * The roles whose admins may sign in with a password alone (settings `admin_totp_required` off and
   * the role not in `admin_totp_required_roles`); filled by the service from the settings.
   */
  totp_relaxed_roles: AdminRole[];
  /** Who got finance or owner in the last 7 days (audit `admin.role_granted`), newest first. */
  role_grants: { name: string; email: string; by: string; at: string }[];
  /** Admins not blocked who hold finance or owner: the four eyes need two of them. */
  finance_admins: number;
  /** Plans members can buy. */
  active_plans: number;
  /** The newest backup (any trigger), and when one last succeeded. */
  last_backup: {
    status: string;
    started_at: string;
    finished_at: string | null;
    error: string | null;
  } | null;
  last_backup_ok_at: Date | null;
}

export async function facts(
  q: Queryable,
  adminId: number,
  now: Date,
): Promise<Omit<SetupFacts, 'totp_relaxed_roles'>> {
  const { rows } = await q.query<Omit<SetupFacts, 'totp_relaxed_roles'>>(
    `SELECT
       ARRAY(SELECT email FROM users
              WHERE role = 'admin' AND status = 'unblock' AND email LIKE '%@example.com'
              ORDER BY id) AS example_emails,
       COALESCE((SELECT email FROM users WHERE id = $1), '') AS own_email,
       COALESCE((SELECT id = $1 FROM users WHERE role = 'admin' ORDER BY id LIMIT 1), false) AS first_admin,
       COALESCE((SELECT password_changed_at IS NOT NULL FROM users
                  WHERE role = 'admin' ORDER BY id LIMIT 1), false) AS first_password_changed,
       EXISTS (SELECT 1 FROM admin_totp WHERE user_id = $1 AND enabled_at IS NOT NULL) AS totp_on,
       (SELECT count(*)::int FROM users
         WHERE role = 'admin' AND status = 'unblock' AND admin_roles && ARRAY['owner', 'finance']::text[])
         AS finance_admins,
       (SELECT count(*)::int FROM plans WHERE is_active AND deleted_at IS NULL) AS active_plans,
       (SELECT json_build_object('status', status, 'started_at', started_at, 'finished_at', finished_at,
                                 'error', error)
          FROM backups ORDER BY started_at DESC, id DESC LIMIT 1) AS last_backup,
       (SELECT max(finished_at) FROM backups WHERE status = 'ok') AS last_backup_ok_at,
       ARRAY(SELECT json_build_object('name', u.fullname, 'email', u.email, 'by', a.after->>'by',
                                      'at', a.after->>'at')
               FROM audit_log a JOIN users u ON u.id = a.target_id::bigint
              WHERE a.action = 'admin.role_granted'
                AND (a.after->>'at')::timestamptz > $2::timestamptz - interval '7 days'
              ORDER BY a.id DESC LIMIT 5) AS role_grants`,
    [adminId, now],
  );
  return rows[0]!;
}

export async function dismissedIds(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ item_id: string }>('SELECT item_id FROM setup_dismissals');
  return new Set(rows.map((r) => r.item_id));
}

/** Answers whether the item was open (false: it was dismissed already). */
export async function dismiss(q: Queryable, itemId: string, adminId: number, now: Date) {
  const { rowCount } = await q.query(
    `INSERT INTO setup_dismissals (item_id, dismissed_by, dismissed_at) VALUES ($1, $2, $3)
     ON CONFLICT (item_id) DO NOTHING`,
    [itemId, adminId, now],
  );
  return rowCount === 1;
}

/** Answers whether the item was dismissed. */
export async function undismiss(q: Queryable, itemId: string) {
  const { rowCount } = await q.query('DELETE FROM setup_dismissals WHERE item_id = $1', [itemId]);
  return rowCount === 1;
}
