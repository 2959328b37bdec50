import { pageClause } from '../../../db/paging.js';
import { prepared, type Queryable } from '../../../db/pool.js';

/** A member with what the tree shows: own figures live, team figures from the roll-up. */
export interface NodeRow {
  id: bigint;
  sponsor_id: bigint | null;
  username: string;
  fullname: string;
  refferal_code: string;
  is_active: 'active' | 'inactive';
  status: 'unblock' | 'block';
  created_at: Date;
  active_plan: bigint;
  investment_plan: bigint;
  direct_count: number;
  active_directs: number;
  team_count: number;
  active_team: number;
  team_business: bigint;
  team_investment: bigint;
  /** Levels of the member's path (the root of the whole tree has 1). */
  nlevel: number;
}

const NODE = `
  SELECT u.id, u.sponsor_id, u.username, u.fullname, u.refferal_code, u.is_active, u.status, u.created_at,
         nlevel(u.path) AS nlevel,
         coalesce(a.plan, 0)::bigint AS active_plan,
         coalesce(i.invested, 0)::bigint AS investment_plan,
         d.direct_count, d.active_directs,
         coalesce(s.team_count, 0) AS team_count, coalesce(s.active_team, 0) AS active_team,
         coalesce(s.team_business, 0) AS team_business, coalesce(s.team_invested, 0) AS team_investment
    FROM users u
    LEFT JOIN team_stats s ON s.user_id = u.id
    LEFT JOIN LATERAL (
      SELECT sum(balance - pending)::bigint AS plan FROM accounts
       WHERE coalesce(owner_user_id, 0) = u.id AND kind IN ('principal', 'compound')
    ) a ON true
    LEFT JOIN LATERAL (
      SELECT sum(amount)::bigint AS invested FROM topups
       WHERE user_id = u.id AND kind IN ('purchase', 'retopup') AND status = 'done'
    ) i ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS direct_count, (count(*) FILTER (WHERE c.is_active = 'active'))::int AS active_directs
        FROM users c WHERE c.sponsor_id = u.id
    ) d ON true`;

export interface MemberRef {
  id: bigint;
  path: string;
  refferal_code: string;
}

/** A member of the tree by referral code (any case). */
export async function findByCode(q: Queryable, code: string): Promise<MemberRef | null> {
  const { rows } = await q.query<MemberRef>(
    `SELECT id, path::text AS path, refferal_code FROM users
      WHERE refferal_code = upper($1) AND role = 'user' AND path IS NOT NULL`,
    [code],
  );
  return rows[0] ?? null;
}

/** Whether `path` is the viewer's own or lies in the viewer's downline (ltree, no recursion). */
export async function isInDownline(q: Queryable, viewerId: number, path: string): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(
    'SELECT $2::ltree <@ path AS ok FROM users WHERE id = $1 AND path IS NOT NULL',
    [viewerId, path],
  );
  return rows[0]?.ok === true;
}

export async function node(q: Queryable, id: bigint): Promise<NodeRow | null> {
  const { rows } = await q.query<NodeRow>(`${NODE} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Direct members of `sponsorId`, oldest first, optionally filtered by username, name or code. */
export async function directs(
  q: Queryable,
  sponsorId: bigint,
  f: { page: number; limit: number; search?: string | undefined },
) {
  const params: unknown[] = [sponsorId];
  let filter = 'u.sponsor_id = $1';
  if (f.search) {
    const like = `%${escapeLike(f.search.toLowerCase())}%`;
    filter += ` AND (lower(u.username) LIKE $${params.push(like)} OR lower(u.fullname) LIKE $${params.length}
                     OR u.refferal_code = upper($${params.push(f.search)}))`;
  }
  const total = (
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${filter}`, params)
  ).rows[0]!.n;
  const { rows } = await q.query<NodeRow>(
    `${NODE} WHERE ${filter} ORDER BY u.id ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

/** The first `limit` direct members (after `offset`) of each of `parentIds`, oldest first. */
export async function childrenOf(
  q: Queryable,
  parentIds: bigint[],
  limit: number,
  offset: number,
): Promise<NodeRow[]> {
  if (parentIds.length === 0) return [];
  const { rows } = await q.query<NodeRow>(
    `SELECT n.* FROM unnest($1::bigint[]) AS p(id)
       CROSS JOIN LATERAL (${NODE} WHERE u.sponsor_id = p.id ORDER BY u.id LIMIT $2 OFFSET $3) n`,
    [parentIds, limit, offset],
  );
  return rows;
}

/**
 * The next `limit` members below `root` in the order they joined (id), after the member `after`:
 * one page of the whole downline. Keyset paging, so a late page costs what the first one does;
 * the ids are picked first so the per-member figures are read for the page alone.
 */
export async function downlinePage(
  q: Queryable,
  root: MemberRef,
  after: number,
  limit: number,
): Promise<NodeRow[]> {
  const { rows } = await q.query<NodeRow>(
    `${NODE} WHERE u.id = ANY(ARRAY(
        SELECT id FROM users WHERE path <@ $1::ltree AND id > $2 AND id <> $3 ORDER BY id LIMIT $4))
      ORDER BY u.id`,
    [root.path, after, root.id, limit],
  );
  return rows;
}

/** Members of the downline below `root` whose username starts with `text` or whose code is `text`. */
export async function search(q: Queryable, root: MemberRef, text: string, limit: number) {
  const { rows } = await q.query<{
    id: bigint;
    username: string;
    fullname: string;
    refferal_code: string;
    is_active: 'active' | 'inactive';
    path: string;
  }>(
    `SELECT id, username, fullname, refferal_code, is_active, path::text AS path
       FROM users
      WHERE path <@ $1::ltree AND id <> $2
        AND (lower(username) LIKE $3 OR refferal_code = upper($4))
      ORDER BY nlevel(path), id LIMIT $5`,
    [root.path, root.id, `${escapeLike(text.toLowerCase())}%`, text, limit],
  );
  return rows;
}

/** Usernames and codes of members by id (the steps of a search result's path). */
export async function names(q: Queryable, ids: bigint[]) {
  const { rows } = await q.query<{ id: bigint; username: string; refferal_code: string }>(
    'SELECT id, username, refferal_code FROM users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [String(r.id), r]));
}

export interface TeamRow {
  user_id: bigint;
  path: string;
  direct_count: number;
  active_directs: number;
  team_count: number;
  active_team: number;
  team_business: bigint;
  /** The biggest legs, biggest first: each direct member with their own team (money as text). */
  legs: Array<{ user_id: number; username: string; business: string; team_count: number }>;
  as_of: Date | null;
}

const teamSql = prepared(
  'referral_team',
  `SELECT u.id AS user_id, u.path::text AS path, coalesce(s.direct_count, 0) AS direct_count,
          coalesce(s.active_directs, 0) AS active_directs, coalesce(s.team_count, 0) AS team_count,
          coalesce(s.active_team, 0) AS active_team, coalesce(s.team_business, 0) AS team_business,
          (SELECT coalesce(json_agg(json_build_object('user_id', l.user_id, 'username', l.username,
                    'business', l.business, 'team_count', l.team_count) ORDER BY l.rank), '[]')
             FROM (SELECT c.id AS user_id, c.username, (cs.own_active * cs.own_plan + cs.team_business)::text AS business,
                          cs.own_counted + cs.team_count AS team_count,
                          row_number() OVER (ORDER BY cs.own_active * cs.own_plan + cs.team_business DESC, c.id) AS rank
                     FROM users c JOIN team_stats cs ON cs.user_id = c.id
                    WHERE c.sponsor_id = u.id AND cs.own_counted = 1
                    ORDER BY rank LIMIT $2) l) AS legs,
          (SELECT as_of FROM rollup_cursor WHERE name = 'tree') AS as_of
     FROM users u LEFT JOIN team_stats s ON s.user_id = u.id
    WHERE u.id = $1 AND u.role = 'user' AND u.path IS NOT NULL`,
);

/** A member's rolled-up team figures and biggest legs, in one statement (zeros before the first roll-up). */
export async function team(q: Queryable, userId: number, legLimit: number): Promise<TeamRow | null> {
  const { rows } = await q.query<TeamRow>(teamSql([userId, legLimit]));
  return rows[0] ?? null;
}

const asOfSql = prepared('referral_as_of', `SELECT as_of FROM rollup_cursor WHERE name = 'tree'`);

/** When the roll-up last caught up with the event log. */
export async function asOf(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ as_of: Date | null }>(asOfSql([]));
  return rows[0]?.as_of ?? null;
}

/**
 * Appends a tree event: the roll-up re-reads the member's own figures. Write one in the same
 * transaction as anything that changes a member's is_active, principal or compound.
 */
export async function treeEvent(
  q: Queryable,
  e: {
    userId: number;
    kind: 'held' | 'released' | 'activated' | 'deactivated' | 'compounded' | 'moved' | 'left';
    amount?: bigint;
    refType: string;
    refId: string;
    now: Date;
  },
) {
  await q.query(
    'INSERT INTO tree_events (user_id, kind, amount, ref_type, ref_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.userId, e.kind, e.amount ?? 0n, e.refType, e.refId, e.now],
  );
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
