import { z } from 'zod';
import { percent } from './settings.js';

/**
 * A compensation plan tried before it ships (server: modules/what-if): the live income engine run
 * over the next days on the current members, plans, tree and balances, inside a transaction that is
 * rolled back, once with the current settings and once with the proposed ones.
 */
export const whatIfBody = z.strictObject({
  days: z.number().int().min(1, 'At least 1 day').max(90, 'At most 90 days').default(30),
  /** Changes to plans (only what is named); the rest stays as it is. */
  plans: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        roi_percent: percent.optional(),
        cap_multiple: z.number().int().min(1).max(100).optional(),
        direct_percent: percent.optional(),
      }),
    )
    .max(50)
    .default([]),
  /** New level percents of ROI (level 1 first); absent = unchanged. */
  levels: z.array(percent).min(1).max(30).optional(),
  /** Assumption: the share of members able to claim who claim each day (100 = all of them). */
  claim_rate: z.number().int().min(0).max(100).default(100),
  /** Assumption: new members each day, each depositing `join_amount` and buying `join_plan_id` with it. */
  joins_per_day: z.number().int().min(0).max(200).default(0),
  join_plan_id: z.number().int().positive().optional(),
  /** USDT; absent = the plan's minimum. */
  join_amount: z.number().positive().max(1_000_000).optional(),
});
export type WhatIfBody = z.input<typeof whatIfBody>;

const projectedDay = z.object({
  day: z.number().int(),
  date: z.string(),
  /** Incomes paid that day by kind (after the earning limit). */
  incomes: z.object({ roi_income: z.number(), level_income: z.number(), direct_income: z.number() }),
  claims: z.number().int(),
  /** New members that day, and what they deposited. */
  joins: z.number().int(),
  deposits: z.number(),
  /** Members whose claim was refused that day because they reached their earning limit. */
  members_at_cap: z.number().int(),
  liabilities: z.number(),
  reserves: z.number(),
  /** reserves / liabilities, null when nothing is owed. */
  coverage: z.number().nullable(),
});
export type ProjectedDay = z.infer<typeof projectedDay>;

const scenario = z.object({
  days: z.array(projectedDay),
  totals: z.object({
    roi_income: z.number(),
    level_income: z.number(),
    direct_income: z.number(),
    claims: z.number().int(),
    joins: z.number().int(),
  }),
});

export const whatIfResponse = z.object({
  from: z.string(),
  members: z.number().int(),
  assumptions: z.array(z.string()),
  current: scenario,
  proposed: scenario,
});
export type WhatIf = z.infer<typeof whatIfResponse>;
