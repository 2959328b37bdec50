import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface EntryRow {
  transaction_id: string;
  user_id: bigint;
  username: string;
  transaction_type: 'credit' | 'debit';
  source: string;
  wallet: string;
  amount: bigint;
  status: 'posted' | 'pending' | 'voided';
  meta: Record<string, unknown>;
  ref_type: string | null;
  ref_id: string | null;
  created_at: Date;
  /** Both sides of the transfer are this member's wallets. */
  internal: boolean;
  /** The owner of the other side when it is another member (null: the platform or oneself). */
  other_user_id: bigint | null;
}

export interface EntryFilter {
  page: number;
  limit: number;
  userId?: number | undefined;
  sources?: readonly string[] | undefined;
  transactionType?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
}

export async function list(q: Queryable, f: EntryFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId) where.push(`e.user_id = $${params.push(f.userId)}`);
  if (f.sources) where.push(`e.source = ANY($${params.push(f.sources)})`);
  if (f.transactionType) where.push(`e.transaction_type = $${params.push(f.transactionType)}`);
  if (f.status) where.push(`e.status = $${params.push(f.status)}`);
  if (f.search) {
    const p = `$${params.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    where.push(
      `(u.username ILIKE ${p} OR u.email ILIKE ${p} OR e.transaction_id::text ILIKE ${p} OR e.ref_id ILIKE ${p})`,
    );
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const from = 'FROM member_entries e JOIN users u ON u.id = e.user_id';
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${filter}`, params)).rows[0]!
    .n;
  // the other side of each entry on the page: one primary-key look-up per row, after paging
  const { rows } = await q.query<EntryRow>(
    `SELECT p.*, o.owner_user_id IS NOT DISTINCT FROM p.user_id AS internal,
            CASE WHEN o.owner_user_id <> p.user_id THEN o.owner_user_id END AS other_user_id
       FROM (SELECT e.*, u.username ${from} ${filter}
              ORDER BY e.created_at DESC, e.transaction_id ${pageClause(params, f)}) p
       JOIN transfers t ON t.id = p.transaction_id
       JOIN accounts o ON o.id = CASE WHEN p.transaction_type = 'credit' THEN t.debit_account ELSE t.credit_account END
      ORDER BY p.created_at DESC, p.transaction_id`,
    params,
  );
  return { rows, total };
}

/** Usernames of the given members, by id. */
export async function usernames(q: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const { rows } = await q.query<{ id: bigint; username: string }>(
    'SELECT id, username FROM users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

export async function totalsBySource(q: Queryable, f: { userId?: number; from?: Date; to?: Date }) {
  const where = ["e.status = 'posted'"];
  const params: unknown[] = [];
  if (f.userId) where.push(`e.user_id = $${params.push(f.userId)}`);
  if (f.from) where.push(`e.created_at >= $${params.push(f.from)}`);
  if (f.to) where.push(`e.created_at < $${params.push(f.to)}`);
  // `moved`: credits whose debit side is the same member's wallet (a move between their wallets);
  // asked of one member's totals only (the monthly matrix across members does not show it)
  const moved = f.userId
    ? `coalesce(sum(e.amount) FILTER (WHERE e.transaction_type = 'credit' AND EXISTS (
              SELECT 1 FROM transfers t JOIN accounts d ON d.id = t.debit_account
               WHERE t.id = e.transaction_id AND d.owner_user_id = e.user_id)), 0)::bigint`
    : '0::bigint';
  const { rows } = await q.query<{
    source: string;
    credits: bigint;
    debits: bigint;
    count: number;
    moved: bigint;
  }>(
    `SELECT e.source,
            coalesce(sum(e.amount) FILTER (WHERE e.transaction_type = 'credit'), 0)::bigint AS credits,
            coalesce(sum(e.amount) FILTER (WHERE e.transaction_type = 'debit'), 0)::bigint AS debits,
            count(*)::int AS count,
            ${moved} AS moved
       FROM member_entries e WHERE ${where.join(' AND ')} GROUP BY e.source ORDER BY e.source`,
    params,
  );
  return rows;
}

export async function transferRef(q: Queryable, id: string) {
  const { rows } = await q.query<{ status: string; ref_type: string | null; ref_id: string | null }>(
    'SELECT status, ref_type, ref_id FROM transfers WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
