import type { AdminRole } from '@app/contracts/admins';
import type { Queryable } from '../../../db/pool.js';
import { newUsername } from '../auth/identifiers.js';

export interface LockedAdmin {
  id: number;
  active: boolean;
  roles: AdminRole[];
}

/**
 * Locks every admin row, in id order. Taken before any other user row by a change that could leave
 * the back-office without an admin or an owner, so two owners demoting or blocking each other at
 * once are serialised (the second sees the first's result) and cannot deadlock.
 */
export async function lockAdmins(q: Queryable): Promise<LockedAdmin[]> {
  const { rows } = await q.query<{ id: bigint; status: string; admin_roles: AdminRole[] }>(
    `SELECT id, status, admin_roles FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => ({ id: Number(r.id), active: r.status === 'unblock', roles: r.admin_roles }));
}

export interface TeamRow {
  id: bigint;
  email: string;
  fullname: string;
  admin_roles: AdminRole[];
  status: 'unblock' | 'block';
  totp_enabled: boolean;
  created_at: Date;
  last_login: Date | null;
  /** The new address of an e-mail change an owner started and its link has not confirmed yet. */
  pending_email: string | null;
}

export async function listTeam(q: Queryable, now: Date): Promise<TeamRow[]> {
  const { rows } = await q.query<TeamRow>(
    `SELECT u.id, u.email, u.fullname, u.admin_roles, u.status, u.created_at, u.last_login,
            EXISTS (SELECT 1 FROM admin_totp t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS totp_enabled,
            (SELECT l.new_email FROM admin_email_links l
              WHERE l.admin_id = u.id AND l.used_at IS NULL AND l.withdrawn_at IS NULL AND l.expires_at > $1)
              AS pending_email
       FROM users u WHERE u.role = 'admin' ORDER BY u.id`,
    [now],
  );
  return rows;
}

export async function findAdmin(q: Queryable, id: number) {
  const { rows } = await q.query<{
    id: bigint;
    email: string;
    fullname: string;
    admin_roles: AdminRole[];
    status: 'unblock' | 'block';
  }>(`SELECT id, email, fullname, admin_roles, status FROM users WHERE id = $1 AND role = 'admin'`, [id]);
  return rows[0] ?? null;
}

export interface InvitationRow {
  id: bigint;
  email: string;
  fullname: string;
  roles: AdminRole[];
  invited_by: string;
  created_at: Date;
  expires_at: Date;
}

const invitationColumns = `i.id, i.email, i.fullname, i.roles, i.created_at, i.expires_at,
  (SELECT email FROM users WHERE id = i.invited_by) AS invited_by`;

/** Invitations neither accepted nor withdrawn, expired ones included (the list shows them as such). */
export async function openInvitations(q: Queryable): Promise<InvitationRow[]> {
  const { rows } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM admin_invitations i
      WHERE accepted_at IS NULL AND withdrawn_at IS NULL ORDER BY id DESC`,
  );
  return rows;
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM users WHERE email = $1', [email]);
  return (rowCount ?? 0) > 0;
}

/** Withdraws the open invitation of an address (a new one replaces it). */
export async function withdrawOpenFor(q: Queryable, email: string, now: Date) {
  await q.query(
    `UPDATE admin_invitations SET withdrawn_at = $2
      WHERE email = $1 AND accepted_at IS NULL AND withdrawn_at IS NULL`,
    [email, now],
  );
}

export async function insertInvitation(
  q: Queryable,
  i: {
    email: string;
    fullname: string;
    roles: AdminRole[];
    tokenHash: string;
    invitedBy: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO admin_invitations (email, fullname, roles, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [i.email, i.fullname, i.roles, i.tokenHash, i.invitedBy, i.now, i.expiresAt],
  );
  const { rows: found } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM admin_invitations i WHERE id = $1`,
    [rows[0]!.id],
  );
  return found[0]!;
}

/** An invitation the link still opens: not used, not withdrawn, not expired; locked when `forUpdate`. */
export async function usableInvitation(q: Queryable, tokenHash: string, now: Date, forUpdate = false) {
  const { rows } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM admin_invitations i
      WHERE token_hash = $1 AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > $2
      ${forUpdate ? 'FOR UPDATE' : ''}`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function markAccepted(q: Queryable, id: bigint, adminId: bigint, now: Date) {
  await q.query('UPDATE admin_invitations SET accepted_at = $2, admin_id = $3 WHERE id = $1', [
    id,
    now,
    adminId,
  ]);
}

/** Withdraws one open invitation; false when it was not open. */
export async function withdrawInvitation(q: Queryable, id: number, now: Date): Promise<InvitationRow | null> {
  const { rows } = await q.query<{ id: bigint }>(
    `UPDATE admin_invitations SET withdrawn_at = $2
      WHERE id = $1 AND accepted_at IS NULL AND withdrawn_at IS NULL RETURNING id`,
    [id, now],
  );
  if (!rows[0]) return null;
  const { rows: found } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM admin_invitations i WHERE id = $1`,
    [id],
  );
  return found[0]!;
}

export async function setRolesAndStatus(
  q: Queryable,
  id: number,
  change: { roles?: AdminRole[]; status?: 'unblock' | 'block' },
  now: Date,
) {
  await q.query(
    `UPDATE users SET admin_roles = COALESCE($2, admin_roles), status = COALESCE($3, status), updated_at = $4
      WHERE id = $1 AND role = 'admin'`,
    [id, change.roles ?? null, change.status ?? null, now],
  );
}

/** A readable username from the name (as members get: "farah4821"), not taken yet. */
export async function freeUsername(q: Queryable, fullname: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const username = newUsername(fullname, attempt);
    const { rowCount } = await q.query('SELECT 1 FROM users WHERE username = $1', [username]);
    if (!rowCount) return username;
  }
}

/** An e-mail change an owner started for another admin (migration 041). */
export interface EmailLinkRow {
  id: bigint;
  admin_id: bigint;
  old_email: string;
  new_email: string;
  requested_by: string;
  fullname: string;
  expires_at: Date;
}

/**
 * Starts an e-mail change for `adminId`: the open one (if any) is withdrawn, so the last request is
 * the one its link confirms.
 */
export async function insertEmailLink(
  q: Queryable,
  l: {
    adminId: number;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    requestedBy: number;
    now: Date;
    expiresAt: Date;
  },
) {
  await q.query(
    `UPDATE admin_email_links SET withdrawn_at = $2
      WHERE admin_id = $1 AND used_at IS NULL AND withdrawn_at IS NULL`,
    [l.adminId, l.now],
  );
  await q.query(
    `INSERT INTO admin_email_links (admin_id, old_email, new_email, token_hash, requested_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [l.adminId, l.oldEmail, l.newEmail, l.tokenHash, l.requestedBy, l.now, l.expiresAt],
  );
}

/** The change a link still confirms: not used, not replaced, not expired; locked when `forUpdate`. */
export async function usableEmailLink(
  q: Queryable,
  tokenHash: string,
  now: Date,
  forUpdate = false,
): Promise<EmailLinkRow | null> {
  const { rows } = await q.query<EmailLinkRow>(
    `SELECT l.id, l.admin_id, l.old_email, l.new_email, l.expires_at, u.fullname,
            (SELECT email FROM users WHERE id = l.requested_by) AS requested_by
       FROM admin_email_links l JOIN users u ON u.id = l.admin_id AND u.role = 'admin'
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.withdrawn_at IS NULL AND l.expires_at > $2
      ${forUpdate ? 'FOR UPDATE OF l' : ''}`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function markEmailLinkUsed(q: Queryable, id: bigint, now: Date) {
  await q.query('UPDATE admin_email_links SET used_at = $2 WHERE id = $1', [id, now]);
}
