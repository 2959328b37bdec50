import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface LeaderRow {
  id: bigint;
  user_id: bigint;
  username: string;
  tier_id: number;
  rank: string;
  directs: number;
  business: bigint;
  reached_at: Date;
}

const SELECT = `SELECT l.id, l.user_id, u.username, l.tier_id, l.rank, l.directs, l.business, l.reached_at
  FROM leadership_ranks l JOIN users u ON u.id = l.user_id`;

export async function list(
  q: Queryable,
  f: PageRequest & { search?: string | undefined; tierId?: number | undefined },
) {
  const params: unknown[] = [];
  const where = ['l.removed_at IS NULL'];
  if (f.search) {
    const i = params.push(`%${f.search.toLowerCase()}%`);
    where.push(`(lower(u.username) LIKE $${i} OR lower(l.rank) LIKE $${i})`);
  }
  if (f.tierId) where.push(`l.tier_id = $${params.push(f.tierId)}`);
  const filter = `WHERE ${where.join(' AND ')}`;
  const total = (
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leadership_ranks l JOIN users u ON u.id = l.user_id ${filter}`,
      params,
    )
  ).rows[0]!.n;
  const { rows } = await q.query<LeaderRow>(
    `${SELECT} ${filter} ORDER BY l.reached_at DESC, l.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function ofMember(q: Queryable, userId: number) {
  const { rows } = await q.query<LeaderRow>(
    `${SELECT} WHERE l.user_id = $1 AND l.removed_at IS NULL ORDER BY l.reached_at DESC, l.id DESC`,
    [userId],
  );
  return rows;
}

export async function find(q: Queryable, id: number) {
  const { rows } = await q.query<LeaderRow>(
    `${SELECT} WHERE l.id = $1 AND l.removed_at IS NULL FOR UPDATE OF l`,
    [id],
  );
  return rows[0] ?? null;
}

export async function remove(q: Queryable, id: number, by: number, now: Date) {
  await q.query('UPDATE leadership_ranks SET removed_at = $3, removed_by = $2 WHERE id = $1', [id, by, now]);
}
