import type { Queryable } from '../../../db/pool.js';
import { WATCH_SESSION_TTL_SECONDS } from '../roi/repo.js';

export interface BonusRow {
  id: number;
  title: string;
  bonus_type: string;
  amount: bigint;
  period_hours: number;
  description: string;
  media_url: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'b.id, b.title, b.bonus_type, b.amount, b.period_hours, b.description, b.media_url, b.is_active, b.created_at, b.updated_at';

export interface BonusFields {
  title: string;
  bonus_type: string;
  amount: bigint;
  period_hours: number;
  description: string;
  media_url: string;
  is_active: boolean;
}

export async function insert(q: Queryable, b: BonusFields, by: number, now: Date) {
  const { rows } = await q.query<BonusRow>(
    `INSERT INTO bonuses AS b (title, bonus_type, amount, period_hours, description, media_url, is_active,
                              created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (bonus_type) WHERE deleted_at IS NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [b.title, b.bonus_type, b.amount, b.period_hours, b.description, b.media_url, b.is_active, by, now],
  );
  return rows[0] ?? null;
}

/** Every live bonus with its claim figures (admin view). */
export async function listAll(q: Queryable) {
  const { rows } = await q.query<BonusRow & { claims: number; paid_total: bigint }>(
    `SELECT ${COLUMNS}, coalesce(c.n, 0)::int AS claims, coalesce(c.total, 0)::bigint AS paid_total
       FROM bonuses b
       LEFT JOIN (SELECT bonus_id, count(*) AS n, sum(amount) AS total FROM bonus_claims GROUP BY bonus_id) c
         ON c.bonus_id = b.id
      WHERE b.deleted_at IS NULL ORDER BY b.id`,
  );
  return rows;
}

/** The active bonuses with the member's last claim of each type. */
export async function listForMember(q: Queryable, userId: number) {
  const { rows } = await q.query<BonusRow & { last_claimed_at: Date | null }>(
    `SELECT ${COLUMNS},
            (SELECT max(c.created_at) FROM bonus_claims c WHERE c.user_id = $1 AND c.bonus_type = b.bonus_type)
              AS last_claimed_at
       FROM bonuses b WHERE b.deleted_at IS NULL AND b.is_active ORDER BY b.id`,
    [userId],
  );
  return rows;
}

export async function find(q: Queryable, id: number, lock = false): Promise<BonusRow | null> {
  const { rows } = await q.query<BonusRow>(
    `SELECT ${COLUMNS} FROM bonuses b WHERE b.id = $1 AND b.deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findActiveByType(q: Queryable, type: string): Promise<BonusRow | null> {
  const { rows } = await q.query<BonusRow>(
    `SELECT ${COLUMNS} FROM bonuses b WHERE b.bonus_type = $1 AND b.deleted_at IS NULL AND b.is_active`,
    [type],
  );
  return rows[0] ?? null;
}

export async function typeTaken(q: Queryable, type: string, exceptId: number) {
  const { rowCount } = await q.query(
    'SELECT 1 FROM bonuses WHERE bonus_type = $1 AND deleted_at IS NULL AND id <> $2',
    [type, exceptId],
  );
  return (rowCount ?? 0) > 0;
}

export async function update(q: Queryable, id: number, b: BonusFields, now: Date) {
  const { rows } = await q.query<BonusRow>(
    `UPDATE bonuses AS b SET title = $2, bonus_type = $3, amount = $4, period_hours = $5, description = $6,
            media_url = $7, is_active = $8, updated_at = $9
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, b.title, b.bonus_type, b.amount, b.period_hours, b.description, b.media_url, b.is_active, now],
  );
  return rows[0]!;
}

/** Soft delete: the claims keep pointing at it; a new bonus of the same type may be created. */
export async function softDelete(q: Queryable, id: number, now: Date) {
  await q.query('UPDATE bonuses SET deleted_at = $2, is_active = false, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
}

export interface ClaimFacts {
  active_plan: bigint;
  last_claim_at: Date | null;
  session_id: bigint | null;
  newest_started_at: Date | null;
}

/** Read after the member's row is locked: the plan, the last claim of this type, an open watch session. */
export async function claimFacts(
  q: Queryable,
  f: { userId: number; type: string; purpose: 'video' | 'ad' | null; now: Date; watchSeconds: number },
) {
  const { rows } = await q.query<ClaimFacts>(
    `WITH last AS (SELECT max(created_at) AS at FROM bonus_claims WHERE user_id = $1 AND bonus_type = $2),
          open AS (
            SELECT s.id, s.started_at FROM watch_sessions s, last
             WHERE $3::text IS NOT NULL AND s.user_id = $1 AND s.purpose = $3 AND s.used_at IS NULL
               AND s.started_at > $4::timestamptz - make_interval(secs => ${WATCH_SESSION_TTL_SECONDS})
               AND s.started_at >= coalesce(last.at, '-infinity'::timestamptz)
          )
     SELECT coalesce((SELECT sum(balance - pending) FROM accounts
                       WHERE coalesce(owner_user_id, 0) = $1 AND kind IN ('principal', 'compound')), 0)::bigint AS active_plan,
            (SELECT at FROM last) AS last_claim_at,
            (SELECT id FROM open WHERE started_at <= $4::timestamptz - make_interval(secs => $5::int)
              ORDER BY started_at DESC LIMIT 1) AS session_id,
            (SELECT max(started_at) FROM open) AS newest_started_at`,
    [f.userId, f.type, f.purpose, f.now, f.watchSeconds],
  );
  return rows[0]!;
}

/** Records the claim and uses up its watch session (if it needs one); null when the session was used meanwhile. */
export async function insertClaim(
  q: Queryable,
  c: {
    bonus: BonusRow;
    userId: number;
    planId: number | null;
    sessionId: bigint | null;
    now: Date;
  },
): Promise<bigint | null> {
  const { rows } = await q.query<{ id: bigint }>(
    `WITH used AS (
       UPDATE watch_sessions SET used_at = $7 WHERE id = $6 AND used_at IS NULL RETURNING id
     )
     INSERT INTO bonus_claims (bonus_id, user_id, bonus_type, amount, period_hours, plan_id, watch_session_id,
                               created_at)
     SELECT $1, $2, $3, $4, $5, $8, (SELECT id FROM used), $7
      WHERE $6::bigint IS NULL OR EXISTS (SELECT 1 FROM used)
     RETURNING id`,
    [
      c.bonus.id,
      c.userId,
      c.bonus.bonus_type,
      c.bonus.amount,
      c.bonus.period_hours,
      c.sessionId,
      c.now,
      c.planId,
    ],
  );
  return rows[0]?.id ?? null;
}
