import { prepared, type Queryable } from '../../../db/pool.js';

export type FlagKind = 'shared_claims' | 'self_referral' | 'shared_address' | 'registration_burst';

export interface FlagRow {
  id: bigint;
  kind: FlagKind;
  key: string;
  user_ids: bigint[];
  evidence: Record<string, unknown>;
  status: 'open' | 'held' | 'dismissed';
  decided_by: bigint | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A signal found by a scan: its evidence key (one flag each), the members and the facts. */
export interface Finding {
  kind: FlagKind;
  key: string;
  userIds: number[];
  evidence: Record<string, unknown>;
}

const insertFactSql = prepared(
  'fraud_insert_fact',
  'INSERT INTO member_facts (user_id, kind, ip_hash, device_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
);

export async function insertFact(
  q: Queryable,
  f: { userId: number; kind: 'register' | 'signin' | 'claim'; ipHash: string; deviceHash: string; now: Date },
) {
  await q.query(insertFactSql([f.userId, f.kind, f.ipHash, f.deviceHash, f.now]));
}

/** Several members claiming from one address or one device since `since`. */
export async function sharedClaims(q: Queryable, since: Date, minMembers: number): Promise<Finding[]> {
  const { rows } = await q.query<{ by: 'ip' | 'device'; hash: string; users: string[]; claims: number }>(
    `SELECT 'ip' AS by, ip_hash AS hash, array_agg(DISTINCT user_id)::text[] AS users, count(*)::int AS claims
       FROM member_facts WHERE kind = 'claim' AND created_at >= $1
      GROUP BY ip_hash HAVING count(DISTINCT user_id) >= $2
     UNION ALL
     SELECT 'device', device_hash, array_agg(DISTINCT user_id)::text[], count(*)::int
       FROM member_facts WHERE kind = 'claim' AND created_at >= $1
      GROUP BY device_hash HAVING count(DISTINCT user_id) >= $2`,
    [since, minMembers],
  );
  return rows.map((r) => ({
    kind: 'shared_claims',
    key: `shared_claims:${r.by}:${r.hash}`,
    userIds: r.users.map(Number),
    evidence: {
      shared: r.by === 'ip' ? 'network address' : 'device',
      fingerprint: r.hash.slice(0, 12),
      members: r.users.length,
      claims: r.claims,
      since: since.toISOString(),
    },
  }));
}

/**
 * A sponsor and their recruit who share an address, a device or a payout address: recruits active
 * since `since` (the scan reads recent facts only, so its cost follows activity, not membership).
 */
export async function selfReferrals(q: Queryable, since: Date): Promise<Finding[]> {
  const { rows } = await q.query<{ sponsor: string; recruit: string; shared: string[] }>(
    `WITH recent AS (SELECT DISTINCT user_id FROM member_facts WHERE created_at >= $1)
     SELECT r.sponsor_id::text AS sponsor, r.id::text AS recruit, array_remove(ARRAY[
              CASE WHEN EXISTS (SELECT 1 FROM member_facts a JOIN member_facts b ON b.ip_hash = a.ip_hash
                                 WHERE a.user_id = r.sponsor_id AND b.user_id = r.id
                                   AND a.created_at >= $1 AND b.created_at >= $1) THEN 'network address' END,
              CASE WHEN EXISTS (SELECT 1 FROM member_facts a JOIN member_facts b ON b.device_hash = a.device_hash
                                 WHERE a.user_id = r.sponsor_id AND b.user_id = r.id
                                   AND a.created_at >= $1 AND b.created_at >= $1) THEN 'device' END,
              CASE WHEN (r.bep20 <> '' AND lower(r.bep20) IN (lower(s.bep20), lower(s.trc20)))
                     OR (r.trc20 <> '' AND lower(r.trc20) IN (lower(s.bep20), lower(s.trc20)))
                   THEN 'payout address' END], NULL) AS shared
       FROM recent JOIN users r ON r.id = recent.user_id JOIN users s ON s.id = r.sponsor_id
      WHERE r.role = 'user' AND s.role = 'user'`,
    [since],
  );
  return rows
    .filter((r) => r.shared.length > 0)
    .map((r) => ({
      kind: 'self_referral',
      key: `self_referral:${r.sponsor}:${r.recruit}`,
      userIds: [Number(r.sponsor), Number(r.recruit)],
      evidence: { sponsor: Number(r.sponsor), recruit: Number(r.recruit), shared: r.shared },
    }));
}

/** Facts older than `before` are no longer compared: they go. */
export async function purgeFacts(q: Queryable, before: Date) {
  await q.query('DELETE FROM member_facts WHERE created_at < $1', [before]);
}

/** One payout address used by several members (in their profiles or their withdrawal requests). */
export async function sharedAddresses(q: Queryable): Promise<Finding[]> {
  const { rows } = await q.query<{ address: string; users: string[] }>(
    `SELECT address, array_agg(DISTINCT user_id)::text[] AS users FROM (
       SELECT user_id, lower(address) AS address FROM withdrawals
       UNION ALL SELECT id, lower(bep20) FROM users WHERE role = 'user' AND bep20 <> ''
       UNION ALL SELECT id, lower(trc20) FROM users WHERE role = 'user' AND trc20 <> ''
     ) a GROUP BY address HAVING count(DISTINCT user_id) > 1`,
  );
  return rows.map((r) => ({
    kind: 'shared_address',
    key: `shared_address:${r.address}`,
    userIds: r.users.map(Number),
    evidence: { address: r.address, members: r.users.length },
  }));
}

/** At least `count` registrations under one sponsor within `minutes`, since `since`. */
export async function registrationBursts(
  q: Queryable,
  since: Date,
  count: number,
  minutes: number,
): Promise<Finding[]> {
  const { rows } = await q.query<{ sponsor: string; day: string; users: string[]; first: Date; last: Date }>(
    `WITH windowed AS (
       SELECT id, sponsor_id, created_at,
              count(*) OVER (PARTITION BY sponsor_id ORDER BY created_at
                             RANGE BETWEEN make_interval(mins => $3) PRECEDING AND CURRENT ROW) AS n
         FROM users WHERE role = 'user' AND sponsor_id IS NOT NULL AND created_at >= $1
     ), ends AS (
       SELECT DISTINCT ON (sponsor_id, (created_at AT TIME ZONE 'UTC')::date) sponsor_id, created_at AS burst_end
         FROM windowed WHERE n >= $2 ORDER BY sponsor_id, (created_at AT TIME ZONE 'UTC')::date, created_at
     )
     SELECT e.sponsor_id::text AS sponsor, to_char(e.burst_end AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            array_agg(u.id ORDER BY u.id)::text[] AS users, min(u.created_at) AS first, max(u.created_at) AS last
       FROM ends e JOIN users u ON u.sponsor_id = e.sponsor_id
        AND u.created_at > e.burst_end - make_interval(mins => $3) AND u.created_at <= e.burst_end
      GROUP BY e.sponsor_id, e.burst_end`,
    [since, count, minutes],
  );
  return rows.map((r) => ({
    kind: 'registration_burst',
    key: `registration_burst:${r.sponsor}:${r.day}`,
    userIds: [Number(r.sponsor), ...r.users.map(Number)],
    evidence: {
      sponsor: Number(r.sponsor),
      registrations: r.users.length,
      minutes,
      first: r.first.toISOString(),
      last: r.last.toISOString(),
    },
  }));
}

/** New evidence raises a flag; more of the same evidence updates an open one (never a decided one). */
export async function upsertFlag(q: Queryable, f: Finding, now: Date) {
  await q.query(
    `INSERT INTO fraud_flags (kind, key, user_ids, evidence, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (key) DO UPDATE SET user_ids = EXCLUDED.user_ids, evidence = EXCLUDED.evidence,
                                     updated_at = EXCLUDED.updated_at
      WHERE fraud_flags.status = 'open' AND fraud_flags.user_ids IS DISTINCT FROM EXCLUDED.user_ids`,
    [f.kind, f.key, f.userIds, JSON.stringify(f.evidence), now],
  );
}

export async function listFlags(q: Queryable, status: string | undefined, limit: number, offset: number) {
  const { rows } = await q.query<FlagRow & { total: number }>(
    `SELECT f.*, count(*) OVER ()::int AS total FROM fraud_flags f
      WHERE ($1::text IS NULL OR status = $1) ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, limit, offset],
  );
  return rows;
}

export async function usernames(q: Queryable, ids: number[]) {
  const { rows } = await q.query<{ id: bigint; username: string; held: boolean }>(
    `SELECT u.id, u.username, EXISTS (SELECT 1 FROM member_holds h WHERE h.user_id = u.id) AS held
       FROM users u WHERE u.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { username: r.username, held: r.held }]));
}

export async function findFlag(q: Queryable, id: number, lock = false): Promise<FlagRow | null> {
  const { rows } = await q.query<FlagRow>(
    `SELECT * FROM fraud_flags WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function decideFlag(
  q: Queryable,
  id: bigint,
  status: 'held' | 'dismissed',
  by: number,
  now: Date,
) {
  await q.query('UPDATE fraud_flags SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1', [
    id,
    status,
    by,
    now,
  ]);
}

export async function hold(q: Queryable, userIds: number[], flagId: bigint, by: number, now: Date) {
  await q.query(
    `INSERT INTO member_holds (user_id, flag_id, created_by, created_at)
     SELECT u, $2, $3, $4 FROM unnest($1::bigint[]) AS u ON CONFLICT DO NOTHING`,
    [userIds, flagId, by, now],
  );
}

export async function release(q: Queryable, userId: number) {
  const { rowCount } = await q.query('DELETE FROM member_holds WHERE user_id = $1', [userId]);
  return rowCount === 1;
}

export async function isHeld(q: Queryable, userId: number) {
  const { rowCount } = await q.query('SELECT 1 FROM member_holds WHERE user_id = $1', [userId]);
  return rowCount === 1;
}
