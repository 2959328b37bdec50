import { fromMicro } from '@app/contracts/money';
import type { planBody, planUpdateBody } from '@app/contracts/plans';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

export const planDto = (p: repo.PlanRow) => ({
  id: p.id,
  name: p.name,
  min_amount: fromMicro(p.min_amount),
  max_amount: fromMicro(p.max_amount),
  roi_percent: Number(p.roi_percent),
  cap_multiple: p.cap_multiple,
  direct_percent: Number(p.direct_percent),
  is_active: p.is_active,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

export const actPlanDto = (a: repo.ActPlanRow) => ({
  id: a.id,
  name: a.name,
  fee: fromMicro(a.fee),
  is_active: a.is_active,
  created_at: a.created_at.toISOString(),
});

const PLAN_NOT_FOUND = 'Plan not found';

export function createPlansService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function add(actor: Actor, body: z.output<typeof planBody>) {
    if (body.max_amount < body.min_amount)
      throw badRequest('Maximum amount must be at least the minimum amount');
    if (body.min_amount <= 0n) throw badRequest('Minimum amount must be greater than zero');
    return withTx(db, async (tx) => {
      const plan = await repo.insertPlan(tx, body, clock.now());
      await recordAudit(tx, actor, {
        action: 'plan.create',
        targetType: 'plan',
        targetId: plan.id,
        after: planDto(plan),
      });
      return planDto(plan);
    });
  }

  async function update(actor: Actor, id: number, body: z.output<typeof planUpdateBody>) {
    return withTx(db, async (tx) => {
      const before = await repo.findPlan(tx, id, true);
      if (!before) throw notFound(PLAN_NOT_FOUND);
      const min = body.min_amount ?? before.min_amount;
      const max = body.max_amount ?? before.max_amount;
      if (min <= 0n || max < min) throw badRequest('Maximum amount must be at least the minimum amount');
      const after = await repo.updatePlan(tx, id, body, clock.now());
      await recordAudit(tx, actor, {
        action: 'plan.update',
        targetType: 'plan',
        targetId: id,
        before: planDto(before),
        after: planDto(after),
      });
      return planDto(after);
    });
  }

  /** Plans are retired, not erased: purchases keep pointing at the plan they bought. */
  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.findPlan(tx, id, true);
      if (!before) throw notFound(PLAN_NOT_FOUND);
      await repo.softDeletePlan(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'plan.delete',
        targetType: 'plan',
        targetId: id,
        before: planDto(before),
      });
    });
  }

  async function get(id: number) {
    const plan = await repo.findPlan(db, id);
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    return planDto(plan);
  }

  async function setLevels(actor: Actor, kind: 'active' | 'invest', levels: number[], unlock: boolean) {
    return withTx(db, async (tx) => {
      const before = (await repo.getLevels(tx)).find((l) => l.kind === kind);
      await repo.setLevels(tx, kind, levels, unlock, clock.now());
      await recordAudit(tx, actor, {
        action: `levels.${kind}`,
        targetType: 'level_percents',
        targetId: kind,
        before,
        after: { levels, unlock_by_directs: unlock },
      });
    });
  }

  return {
    /** Every plan for admins; only active ones for members. */
    list: async (all: boolean) => (await repo.listPlans(db)).filter((p) => all || p.is_active).map(planDto),
    get,
    add,
    update,
    remove,
    setLevels,
    levels: async () =>
      (await repo.getLevels(db)).map((l) => ({
        kind: l.kind,
        levels: l.levels.map(Number),
        unlock_by_directs: l.unlock_by_directs,
      })),
    listActPlans: async () => (await repo.listActPlans(db)).map(actPlanDto),
    async getActPlan(id: number) {
      const a = await repo.findActPlan(db, id);
      if (!a) throw notFound('Activation plan not found');
      return actPlanDto(a);
    },
    async addActPlan(actor: Actor, body: { name: string; fee: bigint; is_active: boolean }) {
      if (body.fee <= 0n) throw badRequest('Fee must be greater than zero');
      return withTx(db, async (tx) => {
        const a = await repo.insertActPlan(tx, body, clock.now());
        await recordAudit(tx, actor, {
          action: 'actplan.create',
          targetType: 'act_plan',
          targetId: a.id,
          after: actPlanDto(a),
        });
        return actPlanDto(a);
      });
    },
    async updateActPlan(
      actor: Actor,
      id: number,
      body: { name?: string; fee?: bigint; is_active?: boolean },
    ) {
      if (body.fee !== undefined && body.fee <= 0n) throw badRequest('Fee must be greater than zero');
      return withTx(db, async (tx) => {
        const before = await repo.findActPlan(tx, id);
        const after = await repo.updateActPlan(tx, id, body);
        if (!before || !after) throw notFound('Activation plan not found');
        await recordAudit(tx, actor, {
          action: 'actplan.update',
          targetType: 'act_plan',
          targetId: id,
          before: actPlanDto(before),
          after: actPlanDto(after),
        });
        return actPlanDto(after);
      });
    },
    async removeActPlan(actor: Actor, id: number) {
      return withTx(db, async (tx) => {
        const before = await repo.findActPlan(tx, id);
        if (!before) throw notFound('Activation plan not found');
        await repo.softDeleteActPlan(tx, id, clock.now());
        await recordAudit(tx, actor, {
          action: 'actplan.delete',
          targetType: 'act_plan',
          targetId: id,
          before: actPlanDto(before),
        });
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
