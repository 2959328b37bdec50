import { z } from 'zod';
import { int4Param, int8Param, pageQuery, text } from './common.js';
import { moneyInput } from './money.js';

/** Spec section 8 fallbacks of the salary screens. */
export const SALARY_TEXT = {
  userSalaries: 'Failed to fetch user salaries',
  transactions: 'Failed to fetch salary transactions',
  todayStats: "Failed to fetch today's stats",
  userHistory: 'Failed to fetch user salary history',
  tierStats: 'Failed to fetch salary tier stats',
  adminDashboard: 'Failed to fetch admin dashboard',
} as const;

/** Days between two salary payments of an assignment. */
export const SALARY_MONTH_DAYS = 30;

const tierFields = z.strictObject({
  name: text(80),
  /** Paid every 30 days (USDT). */
  amount: moneyInput.refine((v) => v > 0n, 'Amount must be greater than zero'),
  months: z.number().int('Months are a whole number').min(1, 'At least 1 month').max(120),
  /** Direct members who are active and not blocked. */
  required_directs: z.number().int('Directs are a whole number').min(0).max(100000),
  /** Net purchases of the whole downline (USDT). */
  required_business: moneyInput,
  is_active: z.boolean(),
});
export const salaryTierBody = tierFields.extend({ is_active: z.boolean().default(true) });
export const salaryTierUpdateBody = tierFields.partial();

export const salaryTier = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number(),
  months: z.number().int(),
  required_directs: z.number().int(),
  required_business: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalaryTier = z.infer<typeof salaryTier>;
export const salaryTiersResponse = z.object({ tiers: z.array(salaryTier) });

export const ASSIGNMENT_STATUS = ['active', 'completed', 'replaced'] as const;
export const salaryAssignment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  tier_id: z.number().int(),
  tier_name: z.string(),
  amount: z.number(),
  months: z.number().int(),
  paid_months: z.number().int(),
  /** Active directs and team business when the tier was assigned. */
  directs: z.number().int(),
  business: z.number(),
  assigned_at: z.string(),
  /** When the next month falls due (null once completed or replaced). */
  next_pay_at: z.string().nullable(),
  status: z.enum(ASSIGNMENT_STATUS),
  ended_at: z.string().nullable(),
});
export type SalaryAssignment = z.infer<typeof salaryAssignment>;

export const salaryPayment = z.object({
  id: z.number().int(),
  assignment_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  tier_id: z.number().int(),
  tier_name: z.string(),
  month: z.number().int(),
  months: z.number().int(),
  due_at: z.string(),
  amount: z.number(),
  paid: z.number(),
  cut: z.number(),
  created_at: z.string(),
});
export type SalaryPayment = z.infer<typeof salaryPayment>;

/** Spec section 3: salary lists carry data, total, total_pages, current_page. */
const salaryPage = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
  });

export const userSalariesQuery = pageQuery.extend({
  status: z.enum(ASSIGNMENT_STATUS).optional(),
  tier_id: int4Param.optional(),
  search: z.string().trim().max(100).optional(),
});
export const userSalariesResponse = salaryPage(salaryAssignment);

export const salaryTransactionsQuery = pageQuery.extend({
  tier_id: int4Param.optional(),
  user_id: int8Param.optional(),
  search: z.string().trim().max(100).optional(),
});
export const salaryTransactionsResponse = salaryPage(salaryPayment);

export const todayStatsResponse = z.object({
  /** The UTC day the figures are for (YYYY-MM-DD). */
  date: z.string(),
  payments: z.number().int(),
  paid: z.number(),
  cut: z.number(),
  new_assignments: z.number().int(),
  /** Months falling due in the next 24 hours (paid by the next daily run). */
  due_next_24h: z.number().int(),
});

export const userHistoryResponse = z.object({
  user_id: z.number().int(),
  current: salaryAssignment.nullable(),
  assignments: z.array(salaryAssignment),
  payments: z.array(salaryPayment),
  total_paid: z.number(),
});
export type SalaryHistory = z.infer<typeof userHistoryResponse>;

export const tierStatsResponse = z.object({
  tiers: z.array(
    z.object({
      tier_id: z.number().int(),
      name: z.string(),
      amount: z.number(),
      months: z.number().int(),
      is_active: z.boolean(),
      active: z.number().int(),
      completed: z.number().int(),
      replaced: z.number().int(),
      payments: z.number().int(),
      paid: z.number(),
    }),
  ),
});

export const adminDashboardResponse = z.object({
  tiers: z.number().int(),
  active_assignments: z.number().int(),
  completed_assignments: z.number().int(),
  members_paid: z.number().int(),
  total_paid: z.number(),
  total_cut: z.number(),
  /** Paid since the first day of the current UTC month. */
  paid_this_month: z.number(),
  /** Months falling due in the next 30 days and what they would pay before the earning limit. */
  due_next_30_days: z.object({ months: z.number().int(), amount: z.number() }),
});
export type SalaryDashboard = z.infer<typeof adminDashboardResponse>;
