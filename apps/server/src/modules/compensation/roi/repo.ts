import { prepared, type Queryable } from '../../../db/pool.js';
import { DEFAULT_CAP_MULTIPLE } from '../incomes/repo.js';

/** A watch session counts for this long after it started; older ones are stale. */
export const WATCH_SESSION_TTL_SECONDS = 3600;

export interface LockedMember {
  id: bigint;
  role: string;
  status: 'unblock' | 'block';
  roi_status: 'open' | 'close';
  path: string | null;
  plan_id: number | null;
  compound_percent: string;
  /** The stored settings (key -> value), read by the same statement: one round trip less per claim. */
  settings: Record<string, unknown>;
}

const lockMemberQuery = prepared(
  'roi_lock_member',
  `SELECT id, role, status, roi_status, path::text AS path, plan_id, compound_percent::text AS compound_percent,
          (SELECT coalesce(json_object_agg(key, value), '{}') FROM settings) AS settings
     FROM users WHERE id = $1 FOR NO KEY UPDATE`,
);

/**
 * Locks the member's row: every claim of one member (ROI and bonuses) runs one at a time. Only the
 * row's own columns (and the settings, which no claim writes) are read here; the facts that other
 * rows hold are read by the next statement, which sees what a claim that held the lock before has
 * committed.
 *
 * NO KEY UPDATE, not UPDATE: an income paid to this member by another transaction checks its
 * foreign key to users with a KEY SHARE lock, which UPDATE would block. A claim holding its member
 * row FOR UPDATE while waiting for `platform:incentives`, held by a claim paying this member level
 * income, deadlocked under load (bench/tree-claims.ts found it).
 */
export async function lockMember(q: Queryable, userId: number): Promise<LockedMember | null> {
  return (await q.query<LockedMember>(lockMemberQuery([userId]))).rows[0] ?? null;
}

export interface ClaimFacts {
  roi_percent: string | null;
  cap_multiple: number;
  active_plan: bigint;
  earned: bigint;
  last_claim_at: Date | null;
  /** The newest open session old enough to claim with, and the newest open session at all. */
  session_id: bigint | null;
  newest_started_at: Date | null;
  /** The uplines of the claim with what decides their level income (see UplineFacts). */
  uplines: UplineFacts[];
}

const claimFactsQuery = prepared(
  'roi_claim_facts',
  `WITH last AS (SELECT max(created_at) AS at FROM roi_claims WHERE user_id = $1),
        open AS (
          SELECT s.id, s.started_at FROM watch_sessions s, last
           WHERE s.user_id = $1 AND s.purpose = 'video' AND s.used_at IS NULL
             AND s.started_at > $2::timestamptz - make_interval(secs => ${WATCH_SESSION_TTL_SECONDS})
             AND s.started_at >= coalesce(last.at, '-infinity'::timestamptz)
        )
   SELECT p.roi_percent::text AS roi_percent,
          coalesce(p.cap_multiple, ${DEFAULT_CAP_MULTIPLE}) AS cap_multiple,
          coalesce((SELECT sum(balance - pending) FROM accounts
                     WHERE coalesce(owner_user_id, 0) = u.id AND kind IN ('principal', 'compound')), 0)::bigint AS active_plan,
          coalesce((SELECT total FROM member_earnings WHERE user_id = u.id), 0)::bigint AS earned,
          (SELECT at FROM last) AS last_claim_at,
          (SELECT id FROM open WHERE started_at <= $2::timestamptz - make_interval(secs => $3::int)
            ORDER BY started_at DESC LIMIT 1) AS session_id,
          (SELECT max(started_at) FROM open) AS newest_started_at,
          (SELECT coalesce(json_agg(up ORDER BY up.level), '[]') FROM (${uplinesSql('$4')}) up) AS uplines
     FROM users u LEFT JOIN plans p ON p.id = u.plan_id
    WHERE u.id = $1`,
);

/**
 * Everything a claim decides on, read after the member's row is locked, with its uplines
 * (`ancestors` nearest first, from the locked row's path) in the same statement.
 */
export async function claimFacts(
  q: Queryable,
  userId: number,
  now: Date,
  watchSeconds: number,
  ancestors: number[],
): Promise<ClaimFacts> {
  const row = (
    await q.query<Omit<ClaimFacts, 'uplines'> & { uplines: (Omit<UplineFacts, 'id'> & { id: number })[] }>(
      claimFactsQuery([userId, now, watchSeconds, ancestors]),
    )
  ).rows[0]!;
  return { ...row, uplines: row.uplines.map((u) => ({ ...u, id: BigInt(u.id) })) };
}

export interface UplineFacts {
  id: bigint;
  level: number;
  role: string;
  status: 'unblock' | 'block';
  is_active: 'active' | 'inactive';
  level_status: 'open' | 'close';
  percent: string;
  unlock_by_directs: boolean;
  /** Active directs, counted up to the level (all that the unlock rule needs); null when the rule is off. */
  directs: number | null;
}

/**
 * The uplines of a claim (the ancestors in parameter `ids`, nearest first: level 1 = sponsor) up to
 * the number of level percents, with what decides whether they earn.
 */
function uplinesSql(ids: string) {
  return `SELECT up.id, up.lvl AS level, u.role, u.status, u.is_active, u.level_status,
                 lp.levels[up.lvl]::text AS percent, lp.unlock_by_directs,
                 CASE WHEN lp.unlock_by_directs THEN
                   (SELECT count(*)::int FROM (SELECT 1 FROM users d
                                                 WHERE d.sponsor_id = up.id AND d.is_active = 'active'
                                                 LIMIT up.lvl) x)
                 END AS directs
            FROM (SELECT a.id, a.lvl::int AS lvl FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS a(id, lvl)) up
           CROSS JOIN (SELECT levels, unlock_by_directs FROM level_percents WHERE kind = 'invest') lp
            JOIN users u ON u.id = up.id
           WHERE up.lvl <= coalesce(array_length(lp.levels, 1), 0)`;
}

const insertClaimQuery = prepared(
  'roi_insert_claim',
  `WITH used AS (
     UPDATE watch_sessions SET used_at = $8 WHERE id = $2 AND used_at IS NULL RETURNING id
   )
   INSERT INTO roi_claims (user_id, watch_session_id, plan_id, active_plan, roi_percent, amount,
                           compound_percent, created_at)
   SELECT $1, used.id, $3, $4, $5, $6, $7, $8 FROM used
   RETURNING id`,
);

/** Records the claim and uses up its watch session; null when the session was used meanwhile. */
export async function insertClaim(
  q: Queryable,
  c: {
    userId: number;
    sessionId: bigint;
    planId: number | null;
    activePlan: bigint;
    roiPercent: string;
    amount: bigint;
    compoundPercent: string;
    now: Date;
  },
): Promise<bigint | null> {
  const { rows } = await q.query<{ id: bigint }>(
    insertClaimQuery([
      c.userId,
      c.sessionId,
      c.planId,
      c.activePlan,
      c.roiPercent,
      c.amount,
      c.compoundPercent,
      c.now,
    ]),
  );
  return rows[0]?.id ?? null;
}

/** Starts (or restarts: one open session per member and purpose) a watch session. */
export async function insertSession(q: Queryable, s: { userId: number; purpose: 'video' | 'ad'; now: Date }) {
  const { rows } = await q.query<{ id: bigint; video_id: number | null; started_at: Date }>(
    `INSERT INTO watch_sessions (user_id, purpose, video_id, started_at)
     SELECT $1, $2, CASE WHEN $2 = 'video'
                         THEN (SELECT id FROM videos ORDER BY created_at DESC, id DESC LIMIT 1) END, $3
     ON CONFLICT (user_id, purpose) WHERE used_at IS NULL
       DO UPDATE SET started_at = EXCLUDED.started_at, video_id = EXCLUDED.video_id
     RETURNING id, video_id, started_at`,
    [s.userId, s.purpose, s.now],
  );
  return rows[0]!;
}

/** The member's last claim (null: never claimed). */
export async function lastClaim(q: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    'SELECT max(created_at) AS at FROM roi_claims WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.at ?? null;
}

export async function memberExists(q: Queryable, userId: number) {
  const { rowCount } = await q.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
  return (rowCount ?? 0) > 0;
}
