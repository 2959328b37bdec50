import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface MemberTransferRow {
  id: string;
  from_user_id: bigint;
  from_username: string;
  to_user_id: bigint;
  to_username: string;
  from_wallet: string;
  to_wallet: string;
  amount: bigint;
  created_at: Date;
}

/** Member-to-member movements are ledger transfers of kind `transfer`; this reads them with names. */
const SELECT = `
  SELECT t.id, da.owner_user_id AS from_user_id, du.username AS from_username,
         ca.owner_user_id AS to_user_id, cu.username AS to_username,
         da.kind AS from_wallet, ca.kind AS to_wallet, t.amount, t.created_at
    FROM transfers t
    JOIN accounts da ON da.id = t.debit_account JOIN users du ON du.id = da.owner_user_id
    JOIN accounts ca ON ca.id = t.credit_account JOIN users cu ON cu.id = ca.owner_user_id
   WHERE t.kind = 'transfer' AND t.status = 'posted'`;

export async function find(q: Queryable, id: string): Promise<MemberTransferRow | null> {
  const { rows } = await q.query<MemberTransferRow>(`${SELECT} AND t.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function list(q: Queryable, f: { page: number; limit: number; userId?: number | undefined }) {
  const params: unknown[] = [];
  const mine = f.userId ? `AND (da.owner_user_id = $${params.push(f.userId)} OR ca.owner_user_id = $1)` : '';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SELECT} ${mine}) x`, params))
    .rows[0]!.n;
  const { rows } = await q.query<MemberTransferRow>(
    `${SELECT} ${mine} ORDER BY t.created_at DESC, t.id ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export interface RecipientRow {
  id: bigint;
  username: string;
  fullname: string;
  status: 'unblock' | 'block';
}

/**
 * The member a typed handle names, matched exactly: username (any case), e-mail or referral code.
 * Each branch is one unique index (users_username_prefix, users.email, users.refferal_code).
 */
export async function findRecipient(q: Queryable, handle: string): Promise<RecipientRow | null> {
  const { rows } = await q.query<RecipientRow>(
    `SELECT id, username, fullname, status FROM users
      WHERE role = 'user' AND (lower(username) = lower($1) OR email = lower($1) OR refferal_code = upper($1))
      ORDER BY id LIMIT 1`,
    [handle],
  );
  return rows[0] ?? null;
}
