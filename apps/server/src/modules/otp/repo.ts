import { membersChanged, type Queryable } from '../../db/pool.js';

export interface OtpRow {
  id: bigint;
  code_hash: string;
  tries: number;
  expires_at: Date;
  created_at: Date;
}

export async function latestOpen(q: Queryable, userId: number, lock = false): Promise<OtpRow | null> {
  const { rows } = await q.query<OtpRow>(
    `SELECT id, code_hash, tries, expires_at, created_at FROM email_otps
      WHERE user_id = $1 AND used_at IS NULL ORDER BY id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** A new code replaces every open one. */
export async function replaceOpen(
  q: Queryable,
  userId: number,
  codeHash: string,
  now: Date,
  expiresAt: Date,
) {
  await q.query('UPDATE email_otps SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
  await q.query(
    'INSERT INTO email_otps (user_id, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [userId, codeHash, expiresAt, now],
  );
}

export async function countTry(q: Queryable, id: bigint) {
  await q.query('UPDATE email_otps SET tries = tries + 1 WHERE id = $1', [id]);
}

export async function consume(q: Queryable, id: bigint, userId: number, now: Date) {
  await q.query('UPDATE email_otps SET used_at = $2 WHERE id = $1', [id, now]);
  await q.query('UPDATE users SET verify_at = $2, updated_at = $2 WHERE id = $1', [userId, now]);
  membersChanged(q, [userId]);
}
