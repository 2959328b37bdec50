import { membersChanged, type Queryable } from '../../../db/pool.js';

/**
 * E-mail codes (`email_otps`): a member verifying their address (`verify`), an admin moving to a new
 * address (`email_change`, with that address). Each purpose has at most one open code per user.
 */
export type CodePurpose = 'verify' | 'email_change';

export interface OtpRow {
  id: bigint;
  code_hash: string;
  tries: number;
  expires_at: Date;
  created_at: Date;
  new_email: string | null;
}

export async function latestOpen(
  q: Queryable,
  userId: number,
  lock = false,
  purpose: CodePurpose = 'verify',
): Promise<OtpRow | null> {
  const { rows } = await q.query<OtpRow>(
    `SELECT id, code_hash, tries, expires_at, created_at, new_email FROM email_otps
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId, purpose],
  );
  return rows[0] ?? null;
}

/** A new code replaces every open one of its purpose. */
export async function replaceOpen(
  q: Queryable,
  userId: number,
  codeHash: string,
  now: Date,
  expiresAt: Date,
  purpose: CodePurpose = 'verify',
  newEmail: string | null = null,
) {
  await q.query(
    'UPDATE email_otps SET used_at = $2 WHERE user_id = $1 AND purpose = $3 AND used_at IS NULL',
    [userId, now, purpose],
  );
  await q.query(
    `INSERT INTO email_otps (user_id, code_hash, expires_at, created_at, purpose, new_email)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [userId, codeHash, expiresAt, now, purpose, newEmail],
  );
}

export async function countTry(q: Queryable, id: bigint) {
  await q.query('UPDATE email_otps SET tries = tries + 1 WHERE id = $1', [id]);
}

export async function markUsed(q: Queryable, id: bigint, now: Date) {
  await q.query('UPDATE email_otps SET used_at = $2 WHERE id = $1', [id, now]);
}

/** A member's verification code used: their address is verified. */
export async function consume(q: Queryable, id: bigint, userId: number, now: Date) {
  await markUsed(q, id, now);
  await q.query('UPDATE users SET verify_at = $2, updated_at = $2 WHERE id = $1', [userId, now]);
  membersChanged(q, [userId]);
}
