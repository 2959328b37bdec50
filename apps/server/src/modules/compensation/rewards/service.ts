import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { planDto } from './dto.js';
import { createPayoutOps } from './payouts.js';
import * as repo from './repo.js';
import { createStageOps } from './stages.js';

const NOT_FOUND = 'Reward plan not found';

type PlanInput = {
  title: string;
  business: bigint;
  reward: bigint;
  days: number;
  order: number;
  is_active: boolean;
};

/** Two plans cannot share an order (a unique index among plans not deleted). */
async function orderFree<T>(order: number | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).constraint === 'reward_plans_order') {
      throw conflict(`Another reward plan already has order ${order}; pick a different order`);
    }
    throw error;
  }
}

export function createRewardsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Admins see every plan; members the plans on offer. */
  async function listPlans(actor: Actor) {
    return (await repo.listPlans(db, actor.audience !== 'admin')).map(planDto);
  }

  async function createPlan(actor: Actor, body: PlanInput) {
    return orderFree(body.order, () =>
      withTx(db, async (tx) => {
        const created = planDto(await repo.insertPlan(tx, body, clock.now()));
        await recordAudit(tx, actor, {
          action: 'reward_plan.create',
          targetType: 'reward_plan',
          targetId: created.id,
          after: created,
        });
        return created;
      }),
    );
  }

  /** Running stages keep the terms they opened with; an edit applies to stages opened after it. */
  async function updatePlan(actor: Actor, id: number, changes: Partial<PlanInput>) {
    return orderFree(changes.order, () =>
      withTx(db, async (tx) => {
        const before = await repo.findPlan(tx, id, true);
        if (!before) throw notFound(NOT_FOUND);
        const after = planDto(await repo.updatePlan(tx, id, changes, clock.now()));
        await recordAudit(tx, actor, {
          action: 'reward_plan.update',
          targetType: 'reward_plan',
          targetId: id,
          before: planDto(before),
          after,
        });
        return after;
      }),
    );
  }

  /** Retires a plan: no stage opens on it any more; stages already open run to their end. */
  async function removePlan(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.findPlan(tx, id, true);
      if (!before) throw notFound(NOT_FOUND);
      await repo.softDeletePlan(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'reward_plan.delete',
        targetType: 'reward_plan',
        targetId: id,
        before: planDto(before),
      });
    });
  }

  return {
    listPlans,
    createPlan,
    updatePlan,
    removePlan,
    ...createStageOps(deps),
    ...createPayoutOps(deps),
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
