import { z } from 'zod';
import { pageInfo, pageQuery, urlInt } from './common.js';
import { INCOME_KINDS, REPORT_GROUPS } from './reports.js';

/**
 * Income views (DOMAIN.md, Earning limit and Records): a member's earning limit, their incomes by
 * kind and period, each income with the cause it was paid for, and the admin's income overview.
 * Every figure is read from the `incomes` records written by the one income function, whose paid
 * amounts are the ledger's income transfers. Money in USDT numbers; days are UTC days.
 */

export { INCOME_KINDS };
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** The kinds the earning limit caps and counts in Total earnings (spec section 9). */
export const CAPPED_INCOME_KINDS: readonly IncomeKind[] = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
];

export const INCOME_KIND_LABEL: Record<IncomeKind, string> = {
  direct_income: 'Referral income',
  level_income: 'Level income',
  roi_income: 'ROI income',
  reward: 'Rewards',
  salary: 'Salary',
  cto: 'CTO share',
  bonus: 'Bonus',
};

/**
 * A bonus income names its bonus type in `meta.bonus_type` of its record (`add_income` for the ad
 * bonus, `roi_income` for the video bonus of members without a plan, ...). The Income Dashboard
 * shows the `add_income` bonuses as "Ad income" and the other bonuses apart.
 */
export const BONUS_TYPE_KEY = 'bonus_type';
export const AD_BONUS_TYPE = 'add_income';

/** What the Income Dashboard breaks a member's incomes into: the kinds, with the ad bonus apart. */
export const INCOME_PARTS = [
  'add_income',
  'direct_income',
  'level_income',
  'reward',
  'roi_income',
  'salary',
  'cto',
  'bonus',
] as const;
export type IncomePart = (typeof INCOME_PARTS)[number];

export const INCOME_PART_LABEL: Record<IncomePart, string> = {
  // the spec's "Add Income" (2.7) is the ad bonus: named for what it is, in sentence case (docs/decisions/compensation.md)
  add_income: 'Ad income',
  direct_income: 'Referral income',
  level_income: 'Level income',
  reward: 'Rewards',
  roi_income: 'ROI income',
  salary: 'Salary',
  cto: 'CTO share',
  bonus: 'Other bonuses',
};

const id = urlInt(
  z
    .number({ error: 'Enter a member id' })
    .int('A member id is a whole number')
    .positive('A member id is a positive number')
    .max(2 ** 31 - 1, 'No such member id'),
);

export const userIdParam = z.object({ userId: id });

const day = z.iso.date({ error: 'Use a date such as 2026-11-01' });

// ---------------------------------------------------------------------------------------------
// GET /incomes/limit/{userId}

/** The earning limit as it stands (spec section 9): limit = active plan × cap multiple. */
export const earningLimit = z.object({
  user_id: z.number().int(),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  /** principal + compound, less amounts on their way out. */
  active_plan: z.number(),
  cap_multiple: z.number().int(),
  earning_limit: z.number(),
  /** level + ROI + reward + direct + salary paid so far. */
  total_earnings: z.number(),
  /** earning limit − total earnings (never below 0). */
  available_limit: z.number(),
  /** total earnings as a share of the limit, 0 to 100 (2 decimals); 0 without a limit. */
  used_percent: z.number(),
  at_limit: z.boolean(),
  /** CTO and bonuses paid so far: outside the limit, not in total earnings. */
  outside_limit: z.number(),
  roi_status: z.enum(['open', 'close']),
  level_status: z.enum(['open', 'close']),
});
export type EarningLimit = z.infer<typeof earningLimit>;
export const earningLimitResponse = z.object({ limit: earningLimit });

// ---------------------------------------------------------------------------------------------
// GET /incomes/summary/{userId}?period=

export const SUMMARY_PERIODS = ['7d', '30d', '90d'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];
export const SUMMARY_PERIOD_DAYS: Record<SummaryPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const summaryQuery = z.object({
  period: z.enum(SUMMARY_PERIODS, { error: 'Choose a period: 7d, 30d or 90d' }).default('30d'),
});

/** A figure of this period against the equal period before it. */
const change = {
  current: z.number(),
  previous: z.number(),
  /** (current − previous) / previous in percent, 2 decimals; null when the previous period had none. */
  change_percent: z.number().nullable(),
};

export const incomeSummary = z.object({
  user_id: z.number().int(),
  period: z.enum(SUMMARY_PERIODS),
  /** This period: the `days` UTC days up to and including today. */
  from: z.string(),
  to: z.string(),
  /** The equal period just before it. */
  previous_from: z.string(),
  previous_to: z.string(),
  parts: z.array(
    z.object({
      key: z.enum(INCOME_PARTS),
      label: z.string(),
      ...change,
      /** Incomes paid in this period. */
      count: z.number().int(),
      /** Paid since the member joined. */
      lifetime: z.number(),
    }),
  ),
  total: z.object({ ...change, count: z.number().int(), lifetime: z.number() }),
  /** One point per UTC day of this period, oldest first: paid per part. */
  series: z.array(z.object({ day: z.string(), total: z.number(), parts: z.record(z.string(), z.number()) })),
});
export type IncomeSummary = z.infer<typeof incomeSummary>;

// ---------------------------------------------------------------------------------------------
// GET /incomes and GET /incomes/{id}

/** A member reads their own incomes (user_id omitted or their own); an admin anyone's, or everyone's. */
export const incomeListQuery = pageQuery
  .extend({
    user_id: id.optional(),
    kind: z.enum(INCOME_KINDS, { error: `kind must be one of: ${INCOME_KINDS.join(', ')}` }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
  });
export type IncomeListQuery = z.input<typeof incomeListQuery>;

export const income = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.enum(INCOME_KINDS),
  /** For bonuses: the bonus type (meta.bonus_type), else null. */
  bonus_type: z.string().nullable(),
  /** What the rule computed (= paid + cut). */
  amount: z.number(),
  /** What was credited. */
  paid: z.number(),
  /** What the earning limit did not pay. */
  cut: z.number(),
  source_user_id: z.number().int().nullable(),
  source_username: z.string().nullable(),
  level: z.number().int().nullable(),
  base_amount: z.number().nullable(),
  percent: z.number().nullable(),
  ref_type: z.string(),
  ref_id: z.string(),
  /** The ledger transfer that paid it; null when the limit cut it to nothing. */
  transfer_id: z.string().nullable(),
  created_at: z.string(),
});
export type Income = z.infer<typeof income>;

export const incomeListResponse = z.object({
  incomes: z.array(income),
  /** Sums over every row of the filter (all pages). */
  sum: z.object({ amount: z.number(), paid: z.number(), cut: z.number() }),
  ...pageInfo,
});
export type IncomeList = z.infer<typeof incomeListResponse>;

/** Why it was paid: the cause, the limit as it stood, and the ledger entry. */
export const incomeDetail = income.extend({
  /** Whether the earning limit applies to this kind. */
  capped_kind: z.boolean(),
  earning_limit: z.number().nullable(),
  /** Total earnings just before it, and after it. */
  earned_before: z.number().nullable(),
  earned_after: z.number().nullable(),
  /** Room left under the limit just before it. */
  available_before: z.number().nullable(),
  /** The wallet it was credited to. */
  wallet: z.enum(['earnings', 'roi']),
  transfer: z
    .object({
      id: z.string(),
      kind: z.string(),
      amount: z.number(),
      status: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  /** Anything else the rule recorded with it. */
  meta: z.record(z.string(), z.unknown()),
});
export type IncomeDetail = z.infer<typeof incomeDetail>;
export const incomeDetailResponse = z.object({ income: incomeDetail });

/** GET /incomes/transfer/{transferId}: the income a ledger transfer paid (for the transaction screens). */
export const transferIdParam = z.object({
  transferId: z.uuid({ error: 'A transfer id is a UUID' }),
});

// ---------------------------------------------------------------------------------------------
// GET /incomes/admin/overview

export const overviewQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    granularity: z.enum(REPORT_GROUPS, { error: 'Group by day, week or month' }).default('day'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
  });
export type IncomeOverviewQuery = z.input<typeof overviewQuery>;

const kindTotals = z.object({
  count: z.number().int(),
  amount: z.number(),
  paid: z.number(),
  cut: z.number(),
});

export const incomeOverview = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(REPORT_GROUPS),
  /** One point per period (first day of the UTC day, ISO week or month), oldest first. */
  series: z.array(
    z.object({
      period: z.string(),
      paid: z.number(),
      cut: z.number(),
      /** Paid per kind. */
      parts: z.record(z.string(), z.number()),
    }),
  ),
  totals: kindTotals.extend({
    /** Members paid at least once in the period. */
    members: z.number().int(),
    by_kind: z.array(kindTotals.extend({ kind: z.enum(INCOME_KINDS), label: z.string() })),
  }),
  /** The ten members paid most in the period. */
  top_earners: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      count: z.number().int(),
      paid: z.number(),
      cut: z.number(),
    }),
  ),
});
export type IncomeOverview = z.infer<typeof incomeOverview>;
