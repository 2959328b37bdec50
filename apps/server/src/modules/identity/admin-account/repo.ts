import type { Queryable } from '../../../db/pool.js';

/** SQL of the admin's own account: password, e-mail address, trusted browsers. */

export async function setPassword(q: Queryable, adminId: number, passwordHash: string, now: Date) {
  await q.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
    adminId,
    passwordHash,
    now,
  ]);
}

/** Whether another account holds `email` (stored lower-case). */
export async function emailTaken(q: Queryable, email: string, exceptId: number): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [email, exceptId]);
  return (rowCount ?? 0) > 0;
}

export async function setEmail(q: Queryable, adminId: number, email: string, now: Date) {
  await q.query('UPDATE users SET email = $2, updated_at = $3 WHERE id = $1', [adminId, email, now]);
}

export interface TrustedBrowserRow {
  id: bigint;
  user_agent: string | null;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

export async function insertTrustedBrowser(
  q: Queryable,
  b: {
    adminId: number;
    tokenHash: string;
    deviceHash: string;
    userAgent: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<bigint> {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO admin_trusted_browsers (admin_id, token_hash, device_hash, user_agent, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [b.adminId, b.tokenHash, b.deviceHash, b.userAgent, b.now, b.expiresAt],
  );
  return rows[0]!.id;
}

/**
 * Marks the trusted browser of `tokenHash` used, if it belongs to `adminId`, was granted to the
 * browser holding the device secret of `deviceHash`, and is neither revoked nor expired; false
 * otherwise (another admin's token, another browser, a revoked or an expired one, or none).
 */
export async function useTrustedBrowser(
  q: Queryable,
  adminId: number,
  tokenHash: string,
  deviceHash: string,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE admin_trusted_browsers SET last_used_at = $3
      WHERE token_hash = $1 AND admin_id = $2 AND device_hash = $4 AND revoked_at IS NULL AND expires_at > $3`,
    [tokenHash, adminId, now, deviceHash],
  );
  return rowCount === 1;
}

/** The admin's trusted browsers still valid at `now`, newest first. */
export async function listTrustedBrowsers(q: Queryable, adminId: number, now: Date) {
  const { rows } = await q.query<TrustedBrowserRow>(
    `SELECT id, user_agent, created_at, expires_at, last_used_at FROM admin_trusted_browsers
      WHERE admin_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY id DESC LIMIT 50`,
    [adminId, now],
  );
  return rows;
}

export async function revokeTrustedBrowser(q: Queryable, adminId: number, id: number, now: Date) {
  const { rowCount } = await q.query(
    `UPDATE admin_trusted_browsers SET revoked_at = $3
      WHERE id = $1 AND admin_id = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [id, adminId, now],
  );
  return rowCount === 1;
}

/**
 * Ends the trust of every browser of an admin: with every end of all their sessions
 * (SessionAuth.revokeAll: sign out everywhere, a block, a password set by anyone, a reset link),
 * an unblock, 2FA turned off or reset (the operator's CLI, an owner's reset in the team screens),
 * `admin:create`. Answers how many it ended.
 */
export async function revokeTrustedBrowsers(q: Queryable, adminId: number, now?: Date): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE admin_trusted_browsers SET revoked_at = COALESCE($2::timestamptz, now())
      WHERE admin_id = $1 AND revoked_at IS NULL`,
    [adminId, now ?? null],
  );
  return rowCount ?? 0;
}
