/**
 * The projection's SQL: its job rows (`what_if_runs`: one running per platform, progress, result)
 * and the snapshot it computes from, read in one read-only repeatable-read transaction that takes no
 * lock live traffic takes.
 */

import { toMicro } from '@app/contracts/money';
import type { WhatIf } from '@app/contracts/what-if';
import type pg from 'pg';
import type { Queryable } from '../../../db/pool.js';
import { reservesOf } from '../../operations/reports/position.js';
import * as reportsRepo from '../../operations/reports/repo.js';
import { readSettings } from '../../operations/settings/service.js';
import { parseLegs } from '../rewards/business.js';
import * as salaryRepo from '../salary/repo.js';
import type { WhatIfInput } from './project.js';
import type { Snapshot } from './snapshot.js';

export interface RunRow {
  id: number;
  admin_id: bigint;
  started_by: string;
  body: WhatIfInput;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  days_done: number;
  days_total: number;
  member_days: bigint;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  result: WhatIf | null;
}

const RUN = `SELECT r.id, r.admin_id, u.email AS started_by, r.body, r.status, r.days_done, r.days_total, r.member_days,
                    r.started_at, r.finished_at, r.error, r.result
               FROM what_if_runs r JOIN users u ON u.id = r.admin_id`;

/** Starts a run; null when another one is running (the partial unique index decides, across instances). */
export async function insertRun(
  q: Queryable,
  r: { adminId: number; body: WhatIfInput; days: number; memberDays: number; now: Date },
): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO what_if_runs (admin_id, body, status, days_total, member_days, started_at, heartbeat_at, seen_at)
     VALUES ($1, $2, 'running', $3, $4, $5, now(), now())
     ON CONFLICT ((true)) WHERE status = 'running' DO NOTHING RETURNING id`,
    [r.adminId, JSON.stringify(r.body), r.days, r.memberDays, r.now],
  );
  return rows[0]?.id ?? null;
}

export async function findRun(q: Queryable, id: number): Promise<RunRow | null> {
  return (await q.query<RunRow>(`${RUN} WHERE r.id = $1`, [id])).rows[0] ?? null;
}

export async function runningRun(q: Queryable): Promise<RunRow | null> {
  return (await q.query<RunRow>(`${RUN} WHERE r.status = 'running'`)).rows[0] ?? null;
}

/** The admin's page asked about the run: they are still there. */
export async function markSeen(q: Queryable, id: number) {
  await q.query(`UPDATE what_if_runs SET seen_at = now() WHERE id = $1 AND status = 'running'`, [id]);
}

/**
 * The worker's heartbeat: progress, and whether to go on (null: it was cancelled or ended meanwhile,
 * or nobody has asked about it for `idleSeconds`, and is now cancelled).
 */
export async function heartbeat(q: Queryable, id: number, daysDone: number, idleSeconds: number) {
  const { rows } = await q.query<{ status: string }>(
    `UPDATE what_if_runs
        SET days_done = $2, heartbeat_at = now(),
            status = CASE WHEN seen_at < now() - make_interval(secs => $3) THEN 'cancelled' ELSE status END,
            error = CASE WHEN seen_at < now() - make_interval(secs => $3)
                         THEN 'Cancelled: nobody followed it for ' || $3 || ' s' ELSE error END,
            finished_at = CASE WHEN seen_at < now() - make_interval(secs => $3) THEN now() ELSE finished_at END
      WHERE id = $1 AND status = 'running' RETURNING status`,
    [id, daysDone, idleSeconds],
  );
  return rows[0]?.status === 'running';
}

/** Ends a running run (done with its result, failed or cancelled with why); false when it had ended already. */
export async function finishRun(
  q: Queryable,
  id: number,
  end: { status: 'done' | 'failed' | 'cancelled'; result?: WhatIf; error?: string; daysDone?: number },
) {
  const { rowCount } = await q.query(
    `UPDATE what_if_runs SET status = $2, result = $3, error = $4, finished_at = now(),
            days_done = coalesce($5, days_done)
      WHERE id = $1 AND status = 'running'`,
    [id, end.status, end.result ? JSON.stringify(end.result) : null, end.error ?? null, end.daysDone ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** A run whose instance stopped beating (crashed, killed) frees the platform for the next one. */
export async function failStale(q: Queryable, staleSeconds: number) {
  await q.query(
    `UPDATE what_if_runs SET status = 'failed', error = 'The server running it stopped', finished_at = now()
      WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)`,
    [staleSeconds],
  );
}

export async function emailOf(q: Queryable, userId: number): Promise<string | null> {
  return (
    (await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email ??
    null
  );
}

/** Stops the snapshot's query on its connection (the thread reading it is being ended). */
export async function cancelQuery(q: Queryable, backendPid: number) {
  await q.query('SELECT pg_cancel_backend($1)', [backendPid]);
}

/** Members who may claim at all now (unblocked, active): what the member-days limit counts. */
export async function claimantCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE role = 'user' AND status = 'unblock' AND is_active = 'active'`,
  );
  return rows[0]!.n;
}

/** The plans not deleted (new members buy one on sale), in the order the plan list shows them. */
export async function currentPlans(q: Queryable) {
  const { rows } = await q.query<{
    id: number;
    name: string;
    min_amount: bigint;
    max_amount: bigint;
    is_active: boolean;
  }>(
    'SELECT id, name, min_amount, max_amount, is_active FROM plans WHERE deleted_at IS NULL ORDER BY min_amount, id',
  );
  return rows;
}

// ---- the snapshot

/**
 * Everything a projection computes from, as one consistent picture: a read-only repeatable-read
 * transaction on the caller's own connection (never a pool slot of live traffic), no locks.
 */
export async function readSnapshot(client: pg.ClientBase, from: Date): Promise<Snapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const settings = await readSettings(client);
    const plans = await client.query<Snapshot['plans'][number]>(
      `SELECT id, name, roi_percent::text AS roi_percent, cap_multiple, direct_percent::text AS direct_percent,
              min_amount, max_amount, is_active AND deleted_at IS NULL AS is_active
         FROM plans ORDER BY min_amount, id`,
    );
    const levels = await client.query<{ percents: string[]; unlock: boolean }>(
      `SELECT levels::text[] AS percents, unlock_by_directs AS unlock FROM level_percents WHERE kind = 'invest'`,
    );
    const members = await readMembers(client);
    const position = await reportsRepo.memberAccounts(client);
    const { reserves } = reservesOf(await reportsRepo.platformBalances(client));
    const rewardPlans = await client.query<Snapshot['rewardPlans'][number]>(
      `SELECT id, business, reward, days, sort_order FROM reward_plans
        WHERE deleted_at IS NULL AND is_active ORDER BY sort_order`,
    );
    const held = await salaryRepo.bestHeld(client);
    const current = await client.query<{
      user_id: bigint;
      tier_id: number;
      amount: bigint;
      months: number;
      paid_months: number;
      assigned_at: Date;
    }>(
      `SELECT user_id, tier_id, amount, months, paid_months, assigned_at FROM salary_assignments WHERE status = 'active'`,
    );
    const pools = await client.query<{ id: number; period: string; amount: bigint }>(
      `SELECT id, period, amount FROM cto_pools WHERE status = 'open'`,
    );
    return {
      from: from.getTime(),
      settings,
      plans: plans.rows,
      levels: { percents: levels.rows[0]?.percents ?? [], unlockByDirects: levels.rows[0]?.unlock ?? true },
      members,
      liabilities: position.reduce((sum, a) => sum + a.balance, 0n),
      reserves,
      rewardPlans: rewardPlans.rows,
      stages: await readStages(client),
      salaryTiers: await salaryRepo.listTiers(client, true),
      salaryCurrent: current.rows.map((a) => ({
        userId: Number(a.user_id),
        tierId: a.tier_id,
        amount: a.amount,
        months: a.months,
        paidMonths: a.paid_months,
        assignedAt: a.assigned_at.getTime(),
      })),
      salaryHeld: held,
      ctoPools: pools.rows,
      ctoRules: {
        minActivePlan: toMicro(settings.cto_min_active_plan)!,
        minDirectsBusiness: toMicro(settings.cto_min_directs_business)!,
      },
    };
  } finally {
    await client.query('ROLLBACK');
  }
}

async function readMembers(client: pg.ClientBase): Promise<Snapshot['members']> {
  const { rows } = await client.query<{
    id: bigint;
    sponsor_id: bigint | null;
    depth: number | null;
    status: string;
    is_active: string;
    roi_status: string;
    level_status: string;
    plan_id: number | null;
    compound_percent: string;
    active_plan: bigint;
    earned: bigint;
    last_claim_at: Date | null;
    invested: bigint;
  }>(
    `WITH plan AS (
       SELECT owner_user_id AS user_id, sum(balance - pending)::bigint AS active_plan FROM accounts
        WHERE owner_user_id IS NOT NULL AND kind IN ('principal', 'compound') GROUP BY owner_user_id
     ), claims AS (
       SELECT user_id, max(created_at) AS at FROM roi_claims GROUP BY user_id
     ), invested AS (
       SELECT user_id, sum(CASE kind WHEN 'invested' THEN amount ELSE -amount END)::bigint AS amount
         FROM tree_events WHERE kind IN ('invested', 'divested') GROUP BY user_id
     )
     SELECT u.id, u.sponsor_id, nlevel(u.path) AS depth, u.status, u.is_active, u.roi_status, u.level_status,
            u.plan_id, u.compound_percent::text AS compound_percent,
            coalesce(plan.active_plan, 0)::bigint AS active_plan, coalesce(e.total, 0)::bigint AS earned,
            claims.at AS last_claim_at, coalesce(invested.amount, 0)::bigint AS invested
       FROM users u
       LEFT JOIN plan ON plan.user_id = u.id
       LEFT JOIN member_earnings e ON e.user_id = u.id
       LEFT JOIN claims ON claims.user_id = u.id
       LEFT JOIN invested ON invested.user_id = u.id
      WHERE u.role = 'user'
      ORDER BY u.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    sponsorId: r.sponsor_id === null ? null : Number(r.sponsor_id),
    depth: r.depth ?? 1,
    blocked: r.status === 'block',
    active: r.is_active === 'active',
    roiOpen: r.roi_status === 'open',
    levelOpen: r.level_status === 'open',
    planId: r.plan_id,
    compoundPercent: r.compound_percent,
    activePlan: r.active_plan,
    earned: r.earned,
    lastClaimAt: r.last_claim_at?.getTime() ?? null,
    invested: r.invested,
  }));
}

/** Open reward stages with their business so far per leg (as rewards/business.ts `windowBusiness` counts it). */
async function readStages(client: pg.ClientBase): Promise<Snapshot['stages']> {
  const { rows } = await client.query<{
    id: bigint;
    user_id: bigint;
    plan_id: number;
    plan_order: number;
    threshold: bigint;
    reward: bigint;
    count_after: Date;
    ends_at: Date;
    carried: unknown;
    done: number[];
  }>(
    `SELECT s.id, s.user_id, s.plan_id, s.plan_order, s.threshold, s.reward, s.count_after, s.ends_at, s.carried,
            array(SELECT plan_id FROM reward_stages x WHERE x.user_id = s.user_id
                  UNION SELECT plan_id FROM reward_payouts p WHERE p.user_id = s.user_id) AS done
       FROM reward_stages s WHERE s.status = 'open'`,
  );
  const { rows: legs } = await client.query<{ id: bigint; leg: string; business: bigint }>(
    `SELECT s.id, subpath(u.path, nlevel(m.path), 1)::text AS leg,
            sum(CASE e.kind WHEN 'invested' THEN e.amount ELSE -e.amount END)::bigint AS business
       FROM reward_stages s
       JOIN users m ON m.id = s.user_id
       JOIN users u ON u.path <@ m.path AND nlevel(u.path) > nlevel(m.path)
       JOIN tree_events e ON e.user_id = u.id AND e.kind IN ('invested', 'divested')
      WHERE s.status = 'open' AND e.created_at > s.count_after AND e.created_at < s.ends_at
      GROUP BY 1, 2`,
  );
  const windows = new Map<bigint, Map<number, bigint>>();
  for (const l of legs) {
    const w = windows.get(l.id) ?? new Map<number, bigint>();
    w.set(Number(l.leg), l.business);
    windows.set(l.id, w);
  }
  return rows.map((s) => ({
    userId: Number(s.user_id),
    planId: s.plan_id,
    planOrder: s.plan_order,
    threshold: s.threshold,
    reward: s.reward,
    countAfter: s.count_after.getTime(),
    endsAt: s.ends_at.getTime(),
    carried: parseLegs(s.carried),
    window: windows.get(s.id) ?? new Map(),
    done: new Set(s.done),
  }));
}
