import type { Queryable } from '../../../db/pool.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';

export interface TotpRow {
  user_id: bigint;
  secret_enc: string;
  enabled_at: Date | null;
  last_step: bigint;
}

export async function find(q: Queryable, userId: number, lock = false): Promise<TotpRow | null> {
  const { rows } = await q.query<TotpRow>(
    `SELECT user_id, secret_enc, enabled_at, last_step FROM admin_totp WHERE user_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function isEnabled(q: Queryable, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'SELECT 1 FROM admin_totp WHERE user_id = $1 AND enabled_at IS NOT NULL',
    [userId],
  );
  return Boolean(rowCount);
}

/** A new set-up replaces one still waiting for its first code; an enabled one is never overwritten. */
export async function startPending(q: Queryable, userId: number, secretEnc: string, now: Date) {
  const { rowCount } = await q.query(
    `INSERT INTO admin_totp (user_id, secret_enc, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, created_at = EXCLUDED.created_at,
       last_step = 0
     WHERE admin_totp.enabled_at IS NULL`,
    [userId, secretEnc, now],
  );
  return rowCount === 1;
}

/**
 * Records `step` as used if it is later than every step used before: one statement, so the same
 * code sent twice at once is accepted once. False: that step (or a later one) was used already.
 */
export async function useStep(q: Queryable, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE admin_totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2',
    [userId, step],
  );
  return rowCount === 1;
}

export async function markEnabled(q: Queryable, userId: number, now: Date) {
  await q.query('UPDATE admin_totp SET enabled_at = $2 WHERE user_id = $1', [userId, now]);
}

export async function remove(q: Queryable, userId: number) {
  await q.query('DELETE FROM admin_recovery_codes WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM admin_totp WHERE user_id = $1', [userId]);
}

export async function replaceRecoveryCodes(q: Queryable, userId: number, hashes: string[]) {
  await q.query('DELETE FROM admin_recovery_codes WHERE user_id = $1', [userId]);
  await q.query('INSERT INTO admin_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    hashes,
  ]);
}

/** Marks an unused recovery code used; false when there is none such (wrong, or used already). */
export async function useRecoveryCode(q: Queryable, userId: number, hash: string, now: Date) {
  const { rowCount } = await q.query(
    `UPDATE admin_recovery_codes SET used_at = $3
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [userId, hash, now],
  );
  return rowCount === 1;
}

export async function recoveryCodesLeft(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]!.n;
}

/**
 * The operator's way back in (cli/admin-reset-2fa.ts): the admin with this email loses TOTP, every
 * session and every trusted browser. Null when no admin has that email.
 */
export async function resetByEmail(q: Queryable, email: string, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ id: bigint }>(
    `SELECT id FROM users WHERE email = lower($1) AND role = 'admin' FOR UPDATE`,
    [email],
  );
  if (!rows[0]) return null;
  const id = Number(rows[0].id);
  await remove(q, id);
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [id, now]);
  await revokeTrustedBrowsers(q, id, now);
  return id;
}
