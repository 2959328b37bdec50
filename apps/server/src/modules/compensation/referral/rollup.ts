/**
 * The team roll-up (ARCHITECTURE.md, Referral tree). Signup, purchase, withdrawal and admin edits only
 * append a fact to `tree_events`; this job reads the facts after its cursor, re-reads each touched
 * member's own figures from the source of truth (users, ledger accounts, topups), and adds the
 * difference to every upline found on the member's ltree path — aggregated per upline, one statement
 * per batch. So an event says WHO changed; the amounts always come from the truth, and replaying or
 * re-ordering events cannot skew a figure.
 *
 * Exactly once: a batch and its cursor move commit together, under the cursor row's lock (two
 * roll-ups never interleave). Only events of transactions that are over are read (xid below the
 * oldest running transaction), in (xid, id) order, so an event whose transaction took an early id
 * but committed late is never skipped.
 *
 * Invariant: each member's team figures are the sum of the stored own figures over their current
 * downline. An admin move or delete changes the downline of whole chains at once; those events
 * ('moved', 'left') make the batch recompute the figures of every member on the old and new chains.
 */
import { type Clock, systemClock } from '../../../clock.js';
import { type Db, membersChanged, withTx } from '../../../db/pool.js';

export const TREE_ROLLUP_JOB = 'tree-rollup';
export const TREE_ROLLUP_EVERY_MS = 2_000;
const DEFAULT_BATCH = 5_000;

const APPLY = `
WITH batch AS (
  SELECT e.id, e.xid, e.user_id, e.kind, e.ref_id
    FROM tree_events e
   WHERE (e.xid, e.id) > ($1::xid8, $2::bigint)
     AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY e.xid, e.id
   LIMIT $3
),
touched AS (SELECT DISTINCT user_id FROM batch),
fresh AS (
  SELECT t.user_id, u.path,
         (u.id IS NOT NULL)::int AS counted,
         (u.is_active IS NOT DISTINCT FROM 'active')::int AS active,
         coalesce(a.plan, 0)::bigint AS plan,
         coalesce(i.invested, 0)::bigint AS invested
    FROM touched t
    LEFT JOIN users u ON u.id = t.user_id AND u.role = 'user' AND u.path IS NOT NULL
    LEFT JOIN LATERAL (
      SELECT sum(balance - pending)::bigint AS plan FROM accounts
       WHERE coalesce(owner_user_id, 0) = t.user_id AND kind IN ('principal', 'compound')
    ) a ON true
    LEFT JOIN LATERAL (
      SELECT sum(amount)::bigint AS invested FROM topups
       WHERE user_id = t.user_id AND kind IN ('purchase', 'retopup') AND status = 'done'
    ) i ON true
),
delta AS (
  SELECT f.user_id, f.path, f.counted, f.active, f.plan, f.invested,
         f.counted - coalesce(s.own_counted, 0) AS d_count,
         f.active - coalesce(s.own_active, 0) AS d_active,
         f.active * f.plan - coalesce(s.own_active * s.own_plan, 0) AS d_business,
         f.active * f.invested - coalesce(s.own_active * s.own_invested, 0) AS d_invested,
         s.user_id IS NULL OR (f.counted, f.active, f.plan, f.invested)
           IS DISTINCT FROM (s.own_counted::int, s.own_active::int, s.own_plan, s.own_invested) AS changed
    FROM fresh f LEFT JOIN team_stats s ON s.user_id = f.user_id
),
upline_rows AS (
  SELECT a.id::bigint AS user_id, a.ord = nlevel(d.path) - 1 AS direct,
         d.d_count, d.d_active, d.d_business, d.d_invested
    FROM delta d
    CROSS JOIN LATERAL unnest(string_to_array(subpath(d.path, 0, nlevel(d.path) - 1)::text, '.'))
         WITH ORDINALITY AS a(id, ord)
   WHERE nlevel(d.path) > 1
     AND (d.d_count <> 0 OR d.d_active <> 0 OR d.d_business <> 0 OR d.d_invested <> 0)
),
uplines AS (
  SELECT user_id,
         coalesce(sum(d_count) FILTER (WHERE direct), 0) AS d_direct,
         coalesce(sum(d_active) FILTER (WHERE direct), 0) AS d_active_direct,
         sum(d_count) AS d_team, sum(d_active) AS d_active_team,
         sum(d_business) AS d_business, sum(d_invested) AS d_invested
    FROM upline_rows GROUP BY user_id
),
merged AS (
  SELECT coalesce(d.user_id, g.user_id) AS user_id,
         CASE WHEN d.user_id IS NULL THEN coalesce(o.own_counted, 0) ELSE d.counted END AS own_counted,
         CASE WHEN d.user_id IS NULL THEN coalesce(o.own_active, 0) ELSE d.active END AS own_active,
         CASE WHEN d.user_id IS NULL THEN coalesce(o.own_plan, 0) ELSE d.plan END AS own_plan,
         CASE WHEN d.user_id IS NULL THEN coalesce(o.own_invested, 0) ELSE d.invested END AS own_invested,
         coalesce(g.d_direct, 0) AS d_direct, coalesce(g.d_active_direct, 0) AS d_active_direct,
         coalesce(g.d_team, 0) AS d_team, coalesce(g.d_active_team, 0) AS d_active_team,
         coalesce(g.d_business, 0) AS d_business, coalesce(g.d_invested, 0) AS d_invested
    FROM (SELECT * FROM delta WHERE changed) d
    FULL JOIN uplines g ON g.user_id = d.user_id
    LEFT JOIN team_stats o ON o.user_id = coalesce(d.user_id, g.user_id)
),
applied AS (
  INSERT INTO team_stats AS s (user_id, own_counted, own_active, own_plan, own_invested, direct_count,
                               active_directs, team_count, active_team, team_business, team_invested,
                               updated_at)
  SELECT user_id, own_counted, own_active, own_plan, own_invested, d_direct, d_active_direct, d_team,
         d_active_team, d_business, d_invested, $4
    FROM merged
  ON CONFLICT (user_id) DO UPDATE SET
    own_counted = EXCLUDED.own_counted,
    own_active = EXCLUDED.own_active,
    own_plan = EXCLUDED.own_plan,
    own_invested = EXCLUDED.own_invested,
    direct_count = s.direct_count + EXCLUDED.direct_count,
    active_directs = s.active_directs + EXCLUDED.active_directs,
    team_count = s.team_count + EXCLUDED.team_count,
    active_team = s.active_team + EXCLUDED.active_team,
    team_business = s.team_business + EXCLUDED.team_business,
    team_invested = s.team_invested + EXCLUDED.team_invested,
    updated_at = EXCLUDED.updated_at
  RETURNING 1
),
last AS (SELECT xid, id FROM batch ORDER BY xid DESC, id DESC LIMIT 1),
moved AS (
  UPDATE rollup_cursor c
     SET xid = coalesce((SELECT xid FROM last), c.xid),
         event_id = coalesce((SELECT id FROM last), c.event_id),
         as_of = CASE WHEN (SELECT count(*) FROM batch) < $3 THEN $4 ELSE c.as_of END
   WHERE c.name = 'tree'
)
SELECT (SELECT count(*)::int FROM batch) AS events,
       (SELECT count(*)::int FROM applied) AS rows,
       pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
       (SELECT coalesce(array_agg(user_id), '{}') FROM batch WHERE kind IN ('moved', 'left')) AS structural,
       (SELECT coalesce(array_agg(ref_id), '{}') FROM batch WHERE kind IN ('moved', 'left') AND ref_id <> '')
         AS old_paths`;

/**
 * After a move or delete: the figures of every member on the affected chains (the old paths from the
 * events, the current paths of the moved members) recomputed from the stored own figures of their
 * current downline. Absolute, so it does not matter what happened in between.
 */
const RECOMPUTE = `
WITH chain AS (
  SELECT DISTINCT x.id::bigint AS user_id
    FROM (SELECT unnest($1::text[]) AS path
          UNION ALL SELECT path::text FROM users WHERE id = ANY($2::bigint[]) AND path IS NOT NULL) p
    CROSS JOIN LATERAL unnest(string_to_array(p.path, '.')) AS x(id)
   WHERE p.path ~ '^[0-9]+(\\.[0-9]+)*$'
),
figures AS (
  SELECT c.user_id, coalesce(r.direct_count, 0) AS direct_count,
         coalesce(r.active_directs, 0) AS active_directs, coalesce(t.team_count, 0) AS team_count,
         coalesce(t.active_team, 0) AS active_team, coalesce(t.team_business, 0) AS team_business,
         coalesce(t.team_invested, 0) AS team_invested
    FROM chain c
    JOIN users u ON u.id = c.user_id AND u.path IS NOT NULL
    LEFT JOIN LATERAL (
      SELECT sum(ds.own_counted)::int AS team_count, sum(ds.own_active)::int AS active_team,
             sum(ds.own_active * ds.own_plan)::bigint AS team_business,
             sum(ds.own_active * ds.own_invested)::bigint AS team_invested
        FROM users d JOIN team_stats ds ON ds.user_id = d.id
       WHERE d.path <@ u.path AND d.id <> u.id
    ) t ON true
    LEFT JOIN LATERAL (
      SELECT sum(ds.own_counted)::int AS direct_count, sum(ds.own_active)::int AS active_directs
        FROM users d JOIN team_stats ds ON ds.user_id = d.id
       WHERE d.sponsor_id = u.id
    ) r ON true
),
fixed AS (
  UPDATE team_stats s
     SET direct_count = f.direct_count, active_directs = f.active_directs, team_count = f.team_count,
         active_team = f.active_team, team_business = f.team_business, team_invested = f.team_invested,
         updated_at = $3
    FROM figures f
   WHERE s.user_id = f.user_id
)
DELETE FROM team_stats s
 WHERE s.user_id = ANY($2::bigint[]) AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)`;

export interface BatchResult {
  events: number;
  /** Oldest transaction still running when the batch read the log: everything below it is read. */
  horizon: bigint;
}

/** One batch: up to `limit` events applied and the cursor moved, in one transaction. */
export async function rollUpBatch(db: Db, now: Date, limit = DEFAULT_BATCH): Promise<BatchResult> {
  return withTx(db, async (tx) => {
    // the cursor row's lock makes roll-ups take turns; the next statement's snapshot starts after it
    const cursor = await tx.query<{ xid: string; event_id: bigint }>(
      `SELECT xid::text AS xid, event_id FROM rollup_cursor WHERE name = 'tree' FOR UPDATE`,
    );
    const { xid, event_id } = cursor.rows[0]!;
    const { rows } = await tx.query<{
      events: number;
      horizon: string;
      structural: string[];
      old_paths: string[];
    }>(APPLY, [xid, event_id, limit, now]);
    const r = rows[0]!;
    if (r.structural.length > 0) await tx.query(RECOMPUTE, [r.old_paths, r.structural, now]);
    // team figures (total_team) of any number of uplines changed
    if (r.events > 0) membersChanged(tx, 'all');
    return { events: r.events, horizon: BigInt(r.horizon) };
  });
}

export interface RollUpResult {
  events: number;
  batches: number;
  /** False when a transaction older than the call was still running at the deadline. */
  caughtUp: boolean;
}

/**
 * Brings the team figures up to date now: when it answers `caughtUp`, every event committed before
 * the call is rolled up. An event can only be read once every older transaction is over, so it waits
 * (up to `timeoutMs`) while an older transaction is still open. Call it before deciding money on team
 * figures, on the pool, never inside a transaction that has written (that open transaction would
 * hold the horizon back until the deadline).
 */
export async function rollUpTeams(
  db: Db,
  opts: { clock?: Clock; timeoutMs?: number; batch?: number } = {},
): Promise<RollUpResult> {
  const clock = opts.clock ?? systemClock;
  const limit = opts.batch ?? DEFAULT_BATCH;
  const deadline = Date.now() + (opts.timeoutMs ?? 2_000);
  // every transaction that committed before this call has an xid below this
  const target = BigInt(
    (await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0]!.x,
  );
  let events = 0;
  let batches = 0;
  for (;;) {
    const batch = await rollUpBatch(db, clock.now(), limit);
    events += batch.events;
    batches += 1;
    if (batch.events >= limit) continue;
    if (batch.horizon >= target) return { events, batches, caughtUp: true };
    if (Date.now() >= deadline) return { events, batches, caughtUp: false };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
