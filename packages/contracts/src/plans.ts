import { z } from 'zod';
import { idParam, text } from './common.js';
import { moneyInput } from './money.js';
import { percent } from './settings.js';

const planFields = z.strictObject({
  name: text(80),
  min_amount: moneyInput,
  max_amount: moneyInput,
  /** Daily ROI percent of the active plan (DOMAIN.md default 0.5). */
  roi_percent: percent,
  /** Earning limit = active plan x this multiple (default 7). */
  cap_multiple: z.number().int().min(1).max(100),
  direct_percent: percent,
  is_active: z.boolean(),
});
export const planBody = planFields.extend({
  roi_percent: percent.default(0.5),
  cap_multiple: planFields.shape.cap_multiple.default(7),
  direct_percent: percent.default(5),
  is_active: z.boolean().default(true),
});
/** An edit changes only what it names (no defaults filled in). */
export const planUpdateBody = planFields.partial();

export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  min_amount: z.number(),
  max_amount: z.number(),
  roi_percent: z.number(),
  cap_multiple: z.number().int(),
  direct_percent: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const allPlansResponse = z.object({ allplans: z.array(plan) });
export const singlePlanResponse = z.object({ singleplan: plan });
export const planIdParam = idParam;

/** Per-level percents of ROI paid to uplines (level 1 = sponsor). */
export const levelPercentsBody = z.strictObject({
  levels: z.array(percent).min(1).max(30),
  /** Level k is paid only to uplines with at least k active directs. */
  unlock_by_directs: z.boolean().default(true),
});
export const levelPercents = levelPercentsBody.extend({ kind: z.enum(['active', 'invest']) });

const actPlanFields = z.strictObject({ name: text(80), fee: moneyInput, is_active: z.boolean() });
export const actPlanBody = actPlanFields.extend({ is_active: z.boolean().default(true) });
export const actPlanUpdateBody = actPlanFields.partial();
export const actPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  fee: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export const allActPlansResponse = z.object({ allactplans: z.array(actPlan) });
export const singleActPlanResponse = z.object({ singleactplan: actPlan });
