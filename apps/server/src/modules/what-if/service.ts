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
import { fromMicro } from '@app/contracts/money';
import { ROI_MSG } from '@app/contracts/roi';
import type { ProjectedDay, WhatIf, whatIfBody } from '@app/contracts/what-if';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/pool.js';
import { AppError, conflict } from '../../errors.js';
import * as plansRepo from '../plans/repo.js';
import * as reportsRepo from '../reports/repo.js';
import { coverage, reservesOf } from '../reports/service.js';
import * as roiRepo from '../roi/repo.js';
import { createRoiService } from '../roi/service.js';
import { readSettings } from '../settings/service.js';

const DAY_MS = 86_400_000;
/** Members x days one scenario may simulate: keeps a projection to about a minute. */
export const MAX_MEMBER_DAYS = 60_000;

type Body = z.output<typeof whatIfBody>;

export function createWhatIfService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function project(body: Body): Promise<WhatIf> {
    const from = clock.now();
    const members = await claimants(db);
    const memberDays = members.length * body.days;
    if (memberDays > MAX_MEMBER_DAYS) {
      throw conflict(
        `${members.length} members over ${body.days} days is ${memberDays} member-days; a projection runs at most ${MAX_MEMBER_DAYS}. Choose fewer days.`,
      );
    }
    const current = await scenario(from, members, body, false);
    const proposed = await scenario(from, members, body, true);
    return {
      from: from.toISOString(),
      members: members.length,
      assumptions: [
        `Each day ${body.claim_rate} % of the members able to claim watch the video and claim (the same members in both columns).`,
        'No one joins, buys a plan, deposits or withdraws; rewards, salary and CTO are not run.',
        'Level income follows the tree as it is today; members reach their earning limit as the live engine decides.',
      ],
      current,
      proposed,
    };
  }

  async function scenario(from: Date, members: number[], body: Body, proposed: boolean) {
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
      return await run(client, from, members, body);
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
      if (Object.keys(changes).length) await plansRepo.updatePlan(tx, id, changes, now);
    }
    if (body.levels) {
      const invest = (await plansRepo.getLevels(tx)).find((l) => l.kind === 'invest');
      await plansRepo.setLevels(tx, 'invest', body.levels, invest?.unlock_by_directs ?? true, now);
    }
  }

  async function run(tx: Tx, from: Date, members: number[], body: Body) {
    const { roi_watch_seconds } = await readSettings(tx);
    const days: ProjectedDay[] = [];
    const totals = { roi_income: 0n, level_income: 0n, claims: 0 };
    for (let day = 1; day <= body.days; day++) {
      const at = new Date(from.getTime() + day * DAY_MS);
      const roi = createRoiService({ db, clock: { now: () => at } });
      const paid = { roi_income: 0n, level_income: 0n };
      let claims = 0;
      let atCap = 0;
      for (const userId of members) {
        if (!claimsToday(userId, day, body.claim_rate)) continue;
        await tx.query('SAVEPOINT claim');
        try {
          // the member watched today's video, as the claim requires
          await roiRepo.insertSession(tx, {
            userId,
            purpose: 'video',
            now: new Date(at.getTime() - (roi_watch_seconds + 1) * 1000),
          });
          const result = await roi.claimIn(tx, userId);
          for (const r of result.records) {
            if (r.kind === 'roi_income' || r.kind === 'level_income') paid[r.kind] += r.paid;
          }
          claims++;
          await tx.query('RELEASE SAVEPOINT claim');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // refused as the live route would refuse it (no plan, at the limit, cooldown...)
          if (error.message === ROI_MSG.atLimit) atCap++;
          await tx.query('ROLLBACK TO SAVEPOINT claim');
        }
      }
      const position = await moneyPosition(tx);
      totals.roi_income += paid.roi_income;
      totals.level_income += paid.level_income;
      totals.claims += claims;
      days.push({
        day,
        date: at.toISOString().slice(0, 10),
        incomes: { roi_income: fromMicro(paid.roi_income), level_income: fromMicro(paid.level_income) },
        claims,
        members_at_cap: atCap,
        liabilities: fromMicro(position.liabilities),
        reserves: fromMicro(position.reserves),
        coverage: coverage(position.reserves, position.liabilities).ratio,
      });
    }
    return {
      days,
      totals: {
        roi_income: fromMicro(totals.roi_income),
        level_income: fromMicro(totals.level_income),
        claims: totals.claims,
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
