import { z } from 'zod';
import { INT4_MAX } from './common.js';
import { percent } from './settings.js';

/**
 * A compensation plan tried before it ships (server: modules/compensation/what-if). A projection is a job: the
 * server reads one consistent snapshot of members, plans, tree, balances, reward stages, salary
 * assignments and CTO pools, then runs the live engine's own income rules over the next days in a
 * worker thread, once with the current settings and once with the proposed ones. Nothing it
 * computes is written to the platform; it takes none of the locks live traffic takes.
 */

/** Members x days one projection may cover (each scenario). */
export const WHAT_IF_MAX_MEMBER_DAYS = 10_000_000;
export const WHAT_IF_MAX_DAYS = 365;
export const WHAT_IF_MAX_JOINS_PER_DAY = 10_000;

export const whatIfBody = z.strictObject({
  days: z
    .number()
    .int('Days are a whole number')
    .min(1, 'At least 1 day')
    .max(WHAT_IF_MAX_DAYS, `At most ${WHAT_IF_MAX_DAYS} days`)
    .default(30),
  /** Changes to plans (only what is named); the rest stays as it is. */
  plans: z
    .array(
      z.strictObject({
        id: z.number().int().positive().max(INT4_MAX, 'No such plan'),
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
  joins_per_day: z
    .number()
    .int('Joins are a whole number')
    .min(0)
    .max(WHAT_IF_MAX_JOINS_PER_DAY, `At most ${WHAT_IF_MAX_JOINS_PER_DAY} joins a day`)
    .default(0),
  join_plan_id: z.number().int().positive().max(INT4_MAX, 'No such plan').optional(),
  /** USDT; absent = the plan's minimum. */
  join_amount: z.number().positive().max(1_000_000).optional(),
  /** Assumption: the share of each day's earnings (ROI not compounded, and working income) members withdraw. */
  withdraw_rate: z.number().int().min(0).max(100).default(0),
});
export type WhatIfBody = z.input<typeof whatIfBody>;

const incomes = z.object({
  roi_income: z.number(),
  level_income: z.number(),
  direct_income: z.number(),
  reward: z.number(),
  salary: z.number(),
  cto: z.number(),
});
export type ProjectedIncomes = z.infer<typeof incomes>;

const projectedDay = z.object({
  day: z.number().int(),
  date: z.string(),
  /** Incomes paid that day by kind (after the earning limit). */
  incomes,
  claims: z.number().int(),
  /** New members that day, and what they deposited. */
  joins: z.number().int(),
  deposits: z.number(),
  /** Withdrawals paid that day: gross (what left members' wallets) and the fees the platform kept. */
  withdrawals: z.number(),
  withdrawal_fees: z.number(),
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
  totals: incomes.extend({
    claims: z.number().int(),
    joins: z.number().int(),
    withdrawals: z.number(),
    /** Every income of the period together. */
    paid: z.number(),
  }),
  /** The first day coverage falls below 100 % (null: it never does). */
  coverage_below_100_on: z.string().nullable(),
  /** Members whose earnings reached their earning limit by the last day. */
  members_at_limit_end: z.number().int(),
});
export type WhatIfScenario = z.infer<typeof scenario>;

export const whatIfResponse = z.object({
  from: z.string(),
  members: z.number().int(),
  /** Members x days the projection covered (each scenario). */
  member_days: z.number().int(),
  assumptions: z.array(z.string()),
  /** The difference in words, e.g. "Proposed pays 12,400.00 USDT more over 90 days; coverage ends at 87.2 % instead of 104.0 %." */
  summary: z.string(),
  current: scenario,
  proposed: scenario,
});
export type WhatIf = z.infer<typeof whatIfResponse>;

export const WHAT_IF_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;

/** A projection job as GET /plans/what-if/{id} answers it. */
export const whatIfJob = z.object({
  id: z.number().int(),
  status: z.enum(WHAT_IF_STATUSES),
  /**
   * Days computed of days asked (both scenarios advance together), and the member-days of the days
   * done: the work, of `member_days` in all (issue 37.8: a day's cost grows with the members joined).
   */
  progress: z.object({
    days_done: z.number().int(),
    days: z.number().int(),
    member_days_done: z.number().int(),
  }),
  member_days: z.number().int(),
  started_by: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why it failed or was cancelled. */
  error: z.string().nullable(),
  /** The projection, once done. */
  result: whatIfResponse.nullable(),
});
export type WhatIfJob = z.infer<typeof whatIfJob>;

/** GET /plans/what-if: the projection running now, if any (one runs at a time per platform). */
export const whatIfRunning = z.object({ running: whatIfJob.nullable() });
