import type { Queryable } from '../../../db/pool.js';

/** Usernames of the members owning these accounts' rows, by user id. */
export async function usernames(q: Queryable, userIds: bigint[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const { rows } = await q.query<{ id: bigint; username: string }>(
    'SELECT id, username FROM users WHERE id = ANY($1::bigint[])',
    [userIds.map(String)],
  );
  return new Map(rows.map((r) => [String(r.id), r.username]));
}

export interface HeldTransferRow {
  id: string;
  kind: string;
  amount: bigint;
  created_at: Date;
  user_id: bigint | null;
  username: string | null;
}

/** What an orphaned hold is: its kind, amount, date and the member wallet it sits on. */
export async function heldTransfers(q: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, HeldTransferRow>();
  const { rows } = await q.query<HeldTransferRow>(
    `SELECT t.id, t.kind, t.amount, t.created_at, a.owner_user_id AS user_id, u.username
       FROM transfers t
       JOIN accounts a ON a.id = t.debit_account
       LEFT JOIN users u ON u.id = a.owner_user_id
      WHERE t.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
