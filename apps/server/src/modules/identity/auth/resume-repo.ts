import type { Queryable } from '../../../db/pool.js';

/** The resume secret's digest of an admin session just opened, and its first use. */
export async function setResume(q: Queryable, sessionId: string, resumeHash: string, now: Date) {
  await q.query(`UPDATE sessions SET resume_hash = $2, seen_at = $3 WHERE id = $1`, [
    sessionId,
    resumeHash,
    now,
  ]);
}

export interface ResumableRow {
  id: string;
  user_id: bigint;
  expires_at: Date;
  email: string;
  username: string;
}

/**
 * The live admin session a resume secret belongs to, if it was used after `seenAfter`: not revoked
 * (sign-out, sign out everywhere, a password change, a block all revoke the row), not expired, of an
 * unblocked admin.
 */
export async function findResumable(
  q: Queryable,
  resumeHash: string,
  now: Date,
  seenAfter: Date,
): Promise<ResumableRow | null> {
  const { rows } = await q.query<ResumableRow>(
    `SELECT s.id, s.user_id, s.expires_at, u.email, u.username
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.resume_hash = $1 AND s.audience = 'admin' AND s.revoked_at IS NULL
        AND s.expires_at > $2 AND s.seen_at > $3
        AND u.role = 'admin' AND u.status = 'unblock'`,
    [resumeHash, now, seenAfter],
  );
  return rows[0] ?? null;
}

/**
 * Notes that an admin session was used now, at most once a minute (a write per admin request would
 * be waste): what the resume's idle window counts from. Only sessions that can be resumed.
 */
export async function touchSeen(q: Queryable, sessionId: string, now: Date) {
  await q.query(
    `UPDATE sessions SET seen_at = $2
      WHERE id = $1 AND resume_hash IS NOT NULL AND seen_at < $2::timestamptz - interval '1 minute'`,
    [sessionId, now],
  );
}
