import type { Queryable } from '../../db/pool.js';

/**
 * Locks every admin row, in id order, and answers the ids of those not blocked. Taken before any
 * other user row by a change that could leave the back-office without an admin, so two admins
 * blocking each other at once are serialised (the second sees the first's result) and cannot deadlock.
 */
export async function lockAdmins(q: Queryable): Promise<{ activeIds: number[] }> {
  const { rows } = await q.query<{ id: bigint; status: string }>(
    `SELECT id, status FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`,
  );
  return { activeIds: rows.filter((r) => r.status === 'unblock').map((r) => Number(r.id)) };
}
