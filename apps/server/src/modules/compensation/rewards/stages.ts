/**
 * A member's reward stages (DOMAIN.md, Rewards): one open stage at a time, in plan order. Every
 * change of a member's stages runs in one transaction under the member's row lock (taken first, as
 * the lock order rule says), so a claim, a carry-forward, an initialize and an admin award of the
 * same member run one after the other: a stage is paid once and moved on from once.
 *
 * `stageId` pins a request to the stage the member saw: a repeated claim of a claimed stage answers
 * with its payout (idempotent), a request on a stage closed another way is refused. Without it the
 * request acts on whichever stage is open when it runs.
 */
import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro } from '@app/contracts/money';
import { REWARD_TEXT } from '@app/contracts/rewards';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { activePlanOf } from '../../../ledger/repo.js';
import { readSettings } from '../../operations/settings/service.js';
import { creditIncomes } from '../incomes/credit.js';
import { applyLegCap, legsJson, parseLegs, usernames, windowBusiness } from './business.js';
import { businessDto, payoutDto, stageDto } from './dto.js';
import * as repo from './repo.js';

const NO_OPEN_STAGE = 'No reward stage is open';

/** The business of a stage as it stands (open) or stood when it closed. */
export async function stageFigures(
  q: Queryable,
  userId: number,
  stage: repo.StageRow,
  legCapPercent: number,
) {
  const window = await windowBusiness(q, userId, {
    after: stage.count_after,
    before: stage.ends_at,
    until: stage.closed_at,
  });
  const carried = parseLegs(stage.carried);
  const names = await usernames(q, [...new Set([...window.keys(), ...carried.keys()])]);
  return applyLegCap(window, carried, stage.threshold, legCapPercent, names);
}

/** Opens the member's next stage (the first plan ahead they have neither staged nor been paid). */
export async function openNext(
  tx: Tx,
  userId: number,
  afterOrder: number,
  now: Date,
  countAfter: Date,
  carried: Record<string, string> = {},
) {
  const plan = await repo.nextPlan(tx, userId, afterOrder);
  if (!plan) return null;
  const id = await repo.insertStage(tx, { userId, plan, startsAt: now, countAfter, carried });
  return (await repo.findStage(tx, userId, Number(id)))!;
}

/** A member a stage change may run for: exists, not blocked; their row stays locked until commit. */
export async function lockActiveMember(tx: Tx, userId: number) {
  const m = await repo.lockMember(tx, userId);
  if (!m) throw notFound(MSG.userNotFound);
  if (m.status === 'block') throw forbidden(MSG.blocked);
  return m;
}

export function createStageOps(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function initialize(actor: Actor, userId: number) {
    assertSelfOrAdmin(actor, userId);
    return withTx(db, async (tx) => {
      await lockActiveMember(tx, userId);
      const open = await repo.openStage(tx, userId);
      if (open)
        return { created: false, message: 'Your reward stage is already open', stage: stageDto(open) };
      const now = clock.now();
      // events at the very instant the first stage opens count for it
      const first = await openNext(
        tx,
        userId,
        await repo.lastOrder(tx, userId),
        now,
        new Date(now.getTime() - 1),
      );
      if (!first) throw conflict('No reward stage is ahead: every reward plan on sale is done');
      const stage = stageDto(first);
      if (actor.audience === 'admin') {
        await recordAudit(tx, actor, {
          action: 'reward.initialize',
          targetType: 'user',
          targetId: userId,
          after: stage,
        });
      }
      return { created: true, message: 'Reward stage started', stage };
    });
  }

  async function view(actor: Actor, userId: number) {
    assertSelfOrAdmin(actor, userId);
    if (!(await repo.memberExists(db, userId))) throw notFound(MSG.userNotFound);
    const stages = await repo.stagesOf(db, userId);
    const open = stages.find((s) => s.status === 'open') ?? null;
    const { reward_leg_cap_percent: cap } = await readSettings(db);
    const current = open
      ? {
          stage: stageDto(open),
          business: businessDto(userId, open, cap, await stageFigures(db, userId, open, cap)),
        }
      : null;
    const after = stages.reduce((max, s) => Math.max(max, s.plan_order), 0);
    const upcoming = (await repo.upcomingPlans(db, userId, after)).map((p) => ({
      id: p.id,
      title: p.title,
      business: fromMicro(p.business),
      reward: fromMicro(p.reward),
      days: p.days,
      order: p.sort_order,
    }));
    return {
      user_id: userId,
      current,
      stages: stages.map(stageDto),
      upcoming,
      can_start: !open && upcoming.length > 0,
    };
  }

  async function business(actor: Actor, userId: number) {
    assertSelfOrAdmin(actor, userId);
    if (!(await repo.memberExists(db, userId))) throw notFound(MSG.userNotFound);
    const open = await repo.openStage(db, userId);
    if (!open) throw notFound(`${NO_OPEN_STAGE}: start your rewards first`);
    const { reward_leg_cap_percent: cap } = await readSettings(db);
    return businessDto(userId, open, cap, await stageFigures(db, userId, open, cap));
  }

  /** The stage a claim or carry-forward acts on; `done` answers a repeat of the same action. */
  async function target(tx: Tx, userId: number, stageId: number | undefined, done: repo.StageRow['status']) {
    if (stageId === undefined) {
      const open = await repo.openStage(tx, userId);
      if (!open) throw conflict(`${NO_OPEN_STAGE}: start your rewards first`);
      return { stage: open, repeat: false };
    }
    const stage = await repo.findStage(tx, userId, stageId);
    if (!stage) throw notFound('Reward stage not found');
    if (stage.status === done) return { stage, repeat: true };
    if (stage.status !== 'open') throw conflict(`This stage is already ${stage.status}`);
    return { stage, repeat: false };
  }

  async function claim(actor: Actor, userId: number, stageId?: number) {
    assertSelf(actor, userId);
    return withTx(db, async (tx) => {
      await lockActiveMember(tx, userId);
      const { stage, repeat } = await target(tx, userId, stageId, 'claimed');
      if (repeat) {
        const payout = (await repo.payoutOfStage(tx, stage.id))!;
        return {
          message: REWARD_TEXT.claimed,
          payout: payoutDto(payout),
          next: await currentDto(tx, userId),
        };
      }
      const { reward_leg_cap_percent: cap } = await readSettings(tx);
      const figures = await stageFigures(tx, userId, stage, cap);
      const now = clock.now();
      if (!figures.qualified) {
        const ended =
          stage.ends_at <= now ? ' The window has ended: carry forward to keep this business.' : '';
        throw badRequest(
          `Not qualified yet: ${formatUsdt(figures.counted)} of ${formatUsdt(stage.threshold)} counted.${ended}`,
        );
      }
      if ((await activePlanOf(tx, userId)) === 0n) {
        throw badRequest(
          'Buy a plan to claim rewards: a reward counts toward your earning limit, which a plan sets',
        );
      }
      await repo.closeStage(tx, {
        id: stage.id,
        status: 'claimed',
        at: now,
        business: figures.counted,
        legs: legsJson(figures.legs),
        achieved: true,
        by: actor.userId,
      });
      const [income] = await creditIncomes(
        tx,
        [
          {
            userId,
            kind: 'reward',
            amount: stage.reward,
            refType: 'reward_stage',
            refId: String(stage.id),
            baseAmount: figures.counted,
            meta: { plan_id: stage.plan_id, title: stage.title, threshold: stage.threshold.toString() },
          },
        ],
        `reward:${stage.id}`,
        now,
      );
      const payoutId = await repo.insertPayout(tx, {
        userId,
        planId: stage.plan_id,
        stageId: stage.id,
        source: 'claim',
        title: stage.title,
        amount: stage.reward,
        paid: income!.paid,
        cut: income!.cut,
        business: figures.counted,
        transferId: income!.transferId,
        adminId: null,
        note: '',
        now,
      });
      const next = await openNext(tx, userId, stage.plan_order, now, now);
      return {
        message: REWARD_TEXT.claimed,
        payout: payoutDto((await repo.findPayout(tx, payoutId))!),
        next: next ? stageDto(next) : null,
      };
    });
  }

  async function carryForward(actor: Actor, userId: number, stageId?: number) {
    assertSelf(actor, userId);
    return withTx(db, async (tx) => {
      await lockActiveMember(tx, userId);
      const { stage, repeat } = await target(tx, userId, stageId, 'carried');
      if (repeat) {
        return { message: REWARD_TEXT.carried, closed: stageDto(stage), next: await currentDto(tx, userId) };
      }
      const plan = await repo.nextPlan(tx, userId, stage.plan_order);
      if (!plan)
        throw conflict('This is the last reward stage: there is no next stage to carry your business to');
      const { reward_leg_cap_percent: cap } = await readSettings(tx);
      const figures = await stageFigures(tx, userId, stage, cap);
      const now = clock.now();
      const legs = legsJson(figures.legs);
      await repo.closeStage(tx, {
        id: stage.id,
        status: 'carried',
        at: now,
        business: figures.counted,
        legs,
        achieved: figures.qualified,
        by: actor.userId,
      });
      const next = await openNext(tx, userId, stage.plan_order, now, now, legs);
      return {
        message: REWARD_TEXT.carried,
        closed: stageDto((await repo.findStage(tx, userId, Number(stage.id)))!),
        next: next ? stageDto(next) : null,
      };
    });
  }

  async function currentDto(q: Queryable, userId: number) {
    const open = await repo.openStage(q, userId);
    return open ? stageDto(open) : null;
  }

  return { initialize, view, business, claim, carryForward };
}

/** Claiming and carrying forward are the member's own choices. */
function assertSelf(actor: Actor, userId: number) {
  if (actor.audience !== 'member' || actor.userId !== userId) throw forbidden(MSG.forbidden);
}
