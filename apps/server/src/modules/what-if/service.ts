/**
 * "What if": the next days of the economy under the current and under proposed compensation
 * settings, computed by the live engine itself. Each scenario runs in one database transaction that
 * is always rolled back: the proposed plan and level percents are written there with the plans'
 * own repository, then day after day every member able to claim claims their ROI through
 * `RoiService.claimIn` (ROI, level income to the uplines, the earning limit, compounding) at that
 * day's time, and the day's liabilities and reserves are read as the dashboard reads them. Nothing
 * it wrote survives; the figures are what the engine would pay, not what a second model thinks it
 * would.
 *
 * While a scenario runs it holds the claim lock of each member it simulated (live claims of those
 * members wait for it), so its size is bounded (MAX_MEMBER_DAYS) and one runs at a time.
 */
import { randomBytes } from 'node:crypto';
import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import { ROI_MSG } from '@app/contracts/roi';
import type { ProjectedDay, WhatIf, whatIfBody } from '@app/contracts/what-if';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/pool.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { member, platform } from '../../ledger/accounts.js';
import { post } from '../../ledger/ledger.js';
import { insertUser } from '../auth/repo.js';
import * as plansRepo from '../plans/repo.js';
import * as reportsRepo from '../reports/repo.js';
import { coverage, reservesOf } from '../reports/service.js';
import * as roiRepo from '../roi/repo.js';
import { createRoiService } from '../roi/service.js';
import { readSettings } from '../settings/service.js';
import { createTopupsService } from '../topups/service.js';

const DAY_MS = 86_400_000;
/** Members x days one scenario may simulate: keeps a projection to about a minute. */
export const MAX_MEMBER_DAYS = 60_000;

type Body = z.output<typeof whatIfBody>;

export function createWhatIfService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function project(body: Body): Promise<WhatIf> {
    const from = clock.now();
    const members = await claimants(db);
    // the members who join during the period claim for the days left after they joined
    const memberDays =
      members.length * body.days + Math.ceil((body.joins_per_day * body.days * (body.days + 1)) / 2);
    if (memberDays > MAX_MEMBER_DAYS) {
      throw conflict(
        `${members.length} members (and ${body.joins_per_day} joining a day) over ${body.days} days is ${memberDays} member-days; a projection runs at most ${MAX_MEMBER_DAYS}. Choose fewer days or fewer joins.`,
      );
    }
    const current = await scenario(from, body, false);
    const proposed = await scenario(from, body, true);
    return {
      from: from.toISOString(),
      members: members.length,
      assumptions: [
        `Each day ${body.claim_rate} % of the members able to claim watch the video and claim (the same members in both columns).`,
        body.joins_per_day > 0
          ? `${body.joins_per_day} new member(s) a day, each under an existing member (a fixed spread), deposit and buy a plan the same day and claim from that day on; nobody else buys, deposits or withdraws.`
          : 'No one joins, buys a plan, deposits or withdraws.',
        "Rewards, salary and CTO are not run; uplines' direct counts (the level unlock) stay as they are today.",
        'Members reach their earning limit as the live engine decides it.',
      ],
      current,
      proposed,
    };
  }

  async function scenario(from: Date, body: Body, proposed: boolean) {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      // a member busy with a live claim makes the projection fail fast instead of making both wait
      await client.query(`SET LOCAL lock_timeout = '3s'`);
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('what-if')) AS ok`,
      );
      if (!rows[0]!.ok) throw conflict('Another projection is running; try again when it is done');
      if (proposed) await applyProposed(client, body, from);
      return await run(client, from, body);
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') {
        throw conflict('A member in the projection was busy with a live claim; run the projection again');
      }
      throw error;
    } finally {
      // never kept: whatever the projection wrote goes away with the transaction
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /** The proposal, written where the live settings are (inside the transaction that is rolled back). */
  async function applyProposed(tx: Tx, body: Body, now: Date) {
    for (const p of body.plans) {
      const { id, ...changes } = p;
      if (!(await plansRepo.findPlan(tx, id))) throw badRequest(`Plan ${id} does not exist`);
      if (Object.keys(changes).length) await plansRepo.updatePlan(tx, id, changes, now);
    }
    if (body.levels) {
      const invest = (await plansRepo.getLevels(tx)).find((l) => l.kind === 'invest');
      await plansRepo.setLevels(tx, 'invest', body.levels, invest?.unlock_by_directs ?? true, now);
    }
  }

  async function run(tx: Tx, from: Date, body: Body) {
    const { roi_watch_seconds } = await readSettings(tx);
    const join = body.joins_per_day > 0 ? await joinPlan(tx, body) : null;
    const days: ProjectedDay[] = [];
    const totals = { roi_income: 0n, level_income: 0n, direct_income: 0n, claims: 0, joins: 0 };
    for (let day = 1; day <= body.days; day++) {
      const since = new Date(from.getTime() + (day - 1) * DAY_MS);
      const at = new Date(from.getTime() + day * DAY_MS);
      const dayClock = { now: () => at };
      const roi = createRoiService({ db, clock: dayClock });
      let joins = 0;
      if (join) {
        const topups = createTopupsService({ db, clock: dayClock });
        const sponsors = await claimants(tx);
        for (let j = 0; j < body.joins_per_day && sponsors.length > 0; j++) {
          const sponsorId = sponsors[spread(day * 1_000 + j, sponsors.length)]!;
          const id = await joinUnder(tx, sponsorId, at);
          await post(
            tx,
            {
              idempotencyKey: `what-if:deposit:${id}`,
              transfers: [
                {
                  kind: 'deposit',
                  debit: platform('platform:cash'),
                  credit: member(id, 'fund'),
                  amount: join.amount,
                  refType: 'what_if',
                  refId: String(id),
                },
              ],
            },
            at,
          );
          await topups.purchaseIn(tx, id, { plan_id: join.planId, amount: join.amount }, 'purchase', null);
          joins++;
        }
      }
      let claims = 0;
      let atCap = 0;
      for (const userId of await claimants(tx)) {
        if (!claimsToday(userId, day, body.claim_rate)) continue;
        await tx.query('SAVEPOINT claim');
        try {
          // the member watched today's video, as the claim requires
          await roiRepo.insertSession(tx, {
            userId,
            purpose: 'video',
            now: new Date(at.getTime() - (roi_watch_seconds + 1) * 1000),
          });
          await roi.claimIn(tx, userId);
          claims++;
          await tx.query('RELEASE SAVEPOINT claim');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // refused as the live route would refuse it (no plan, at the limit, cooldown...)
          if (error.message === ROI_MSG.atLimit) atCap++;
          await tx.query('ROLLBACK TO SAVEPOINT claim');
        }
      }
      const paid = await incomesBetween(tx, since, at);
      const position = await moneyPosition(tx);
      totals.roi_income += paid.roi_income;
      totals.level_income += paid.level_income;
      totals.direct_income += paid.direct_income;
      totals.claims += claims;
      totals.joins += joins;
      days.push({
        day,
        date: at.toISOString().slice(0, 10),
        incomes: {
          roi_income: fromMicro(paid.roi_income),
          level_income: fromMicro(paid.level_income),
          direct_income: fromMicro(paid.direct_income),
        },
        claims,
        joins,
        deposits: join ? fromMicro(join.amount * BigInt(joins)) : 0,
        members_at_cap: atCap,
        liabilities: fromMicro(position.liabilities),
        reserves: fromMicro(position.reserves),
        coverage: coverage(position.reserves, position.liabilities).ratio,
      });
    }
    return {
      days,
      totals: {
        ...totals,
        roi_income: fromMicro(totals.roi_income),
        level_income: fromMicro(totals.level_income),
        direct_income: fromMicro(totals.direct_income),
      },
    };
  }

  return { project };
}

export type WhatIfService = ReturnType<typeof createWhatIfService>;

/** Members who may claim at all: unblocked, active members (the claim itself checks the rest). */
async function claimants(q: Db | Tx): Promise<number[]> {
  const { rows } = await q.query<{ id: bigint }>(
    `SELECT id FROM users WHERE role = 'user' AND status = 'unblock' AND is_active = 'active' ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Whether a member claims on a day under the claim rate: a fixed spread over members and days, the
 * same in both scenarios, so the columns differ only by the settings.
 */
function claimsToday(userId: number, day: number, rate: number): boolean {
  if (rate >= 100) return true;
  return ((Math.imul(userId, 2_654_435_761) + Math.imul(day, 40_503)) >>> 0) % 100 < rate;
}

/** What members hold (liabilities) and what the platform holds for them (reserves), as the dashboard reads them. */
async function moneyPosition(tx: Tx) {
  const accounts = await reportsRepo.memberAccounts(tx);
  const liabilities = accounts.reduce((sum, a) => sum + a.balance, 0n);
  return { liabilities, reserves: reservesOf(await reportsRepo.platformBalances(tx)).reserves };
}

/** The plan and amount new members buy (default: the first plan on sale, at its minimum). */
async function joinPlan(tx: Tx, body: Body) {
  const plans = (await plansRepo.listPlans(tx)).filter((p) => p.is_active);
  const plan = body.join_plan_id ? plans.find((p) => p.id === body.join_plan_id) : plans[0];
  if (!plan) throw badRequest('Choose a plan on sale for the new members');
  const amount = body.join_amount === undefined ? plan.min_amount : toMicro(body.join_amount)!;
  if (amount < plan.min_amount || amount > plan.max_amount) {
    throw badRequest(
      `New members buy ${plan.name} for ${formatUsdt(plan.min_amount)} to ${formatUsdt(plan.max_amount)}`,
    );
  }
  return { planId: plan.id, amount };
}

/** A projected member under `sponsorId`, through the registration's own insert (path, tree event). */
async function joinUnder(tx: Tx, sponsorId: number, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: bigint; refferal_code: string; path: string }>(
    'SELECT id, refferal_code, path::text AS path FROM users WHERE id = $1',
    [sponsorId],
  );
  const tag = randomBytes(6).toString('hex');
  const id = await insertUser(tx, {
    username: `whatif${tag}`,
    email: `what-if-${tag}@projection.invalid`,
    passwordHash: '!',
    fullname: 'Projected member',
    phone: '',
    role: 'user',
    refferalCode: `WI${tag.toUpperCase()}`,
    sponsor: rows[0]!,
    now,
  });
  return Number(id);
}

/** Incomes paid in (since, until] by kind: the projection's own, as nothing real is dated in the future. */
async function incomesBetween(tx: Tx, since: Date, until: Date) {
  const { rows } = await tx.query<{ kind: string; paid: bigint }>(
    `SELECT kind, sum(paid)::bigint AS paid FROM incomes WHERE created_at > $1 AND created_at <= $2 GROUP BY kind`,
    [since, until],
  );
  const out = { roi_income: 0n, level_income: 0n, direct_income: 0n };
  for (const r of rows) if (r.kind in out) out[r.kind as keyof typeof out] = r.paid;
  return out;
}

/** A fixed spread of `n` over `size` slots (the same in both scenarios). */
const spread = (n: number, size: number) => (Math.imul(n, 2_654_435_761) >>> 0) % size;
