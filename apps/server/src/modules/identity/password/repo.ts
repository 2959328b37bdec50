import { membersChanged, type Queryable } from '../../../db/pool.js';

export async function insertReset(
  q: Queryable,
  tokenHash: string,
  userId: bigint,
  now: Date,
  expiresAt: Date,
) {
  await q.query(
    'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [tokenHash, userId, now, expiresAt],
  );
}

/** Locks the reset row so two uses of one token cannot both succeed. */
export async function takeOpenReset(q: Queryable, tokenHash: string, now: Date) {
  const { rows } = await q.query<{ user_id: bigint }>(
    `SELECT user_id FROM password_resets
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function useReset(
  q: Queryable,
  tokenHash: string,
  userId: bigint,
  passwordHash: string,
  now: Date,
) {
  await q.query('UPDATE password_resets SET used_at = $2 WHERE token_hash = $1', [tokenHash, now]);
  // one reset closes every other link that was sent before it
  await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
    userId,
    now,
  ]);
  await q.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
    userId,
    passwordHash,
    now,
  ]);
  membersChanged(q, [userId]);
}
