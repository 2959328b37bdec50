import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

/**
 * Admin dashboard figures (GET /reports/overview) and period reports (GET /reports/{kind}).
 * Every figure is read from the database: the ledger's `accounts` and `transfers` and the request
 * tables (deposits, withdrawals, topups). Days are UTC days.
 */

export const REPORT_KINDS = ['deposits', 'withdrawals', 'topups', 'incomes'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;

/**
 * Every way money comes in (the `deposit_channels` view): recorded by an admin, a crypto payment
 * through the provider, an on-chain wallet deposit, a redeemed deposit code.
 */
export const DEPOSIT_CHANNELS = ['admin', 'crypto', 'wallet', 'code'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
/** Short, as they stand beside their figures (the dashboard card, the report's Channel column). */
export const DEPOSIT_CHANNEL_LABELS: Record<DepositChannel, string> = {
  admin: 'Admin',
  crypto: 'Crypto',
  wallet: 'Wallet',
  code: 'Code',
};
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The ledger transfer kinds that pay a member an income (DOMAIN.md, Incomes). */
export const INCOME_KINDS = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
  'cto',
  'bonus',
] as const;

/** At most this many periods (points of the series) in one report. */
export const MAX_REPORT_PERIODS = 400;
/** At most this many rows in one CSV export. */
export const MAX_CSV_ROWS = 50_000;

const day = z.iso.date({ error: 'Use a date such as 2026-11-01' });

export const reportParams = z.object({
  kind: z.enum(REPORT_KINDS, { error: 'Choose a report: deposits, withdrawals, topups or incomes' }),
});

/**
 * `from` and `to` are whole UTC days, both included (default: the 30 days up to today). `group`
 * buckets the series (weeks start on Monday). `format=csv` answers every row of the filter as a
 * CSV file, with the columns of the table; `page` and `limit` page the JSON rows only.
 */
export const reportQuery = pageQuery
  .extend({
    from: day.optional(),
    to: day.optional(),
    group: z.enum(REPORT_GROUPS, { error: 'Group by day, week or month' }).default('day'),
    format: z.enum(['json', 'csv'], { error: 'Format is json or csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
  });
export type ReportQuery = z.input<typeof reportQuery>;

/** How a cell is shown: money as USDT, datetime as an ISO instant, status as a badge. */
export const REPORT_CELL_TYPES = ['text', 'money', 'datetime', 'status', 'number'] as const;

/** Words for the `status` cells (the JSON rows carry the key; the table and the CSV show these). */
export const REPORT_STATUS_LABELS: Record<string, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  done: 'Done',
  reversed: 'Reversed',
  posted: 'Credited',
};

export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_CELL_TYPES),
});
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;

/** One stack of the chart and of the totals (a status, or an income kind). */
export const reportPart = z.object({ key: z.string(), label: z.string() });

const amounts = z.record(z.string(), z.number());

export const reportPoint = z.object({
  /** First day of the period, `YYYY-MM-DD`. */
  period: z.string(),
  /** Rows that fall in the period. */
  count: z.number().int(),
  /** The headline amount (see `amount_label`). */
  amount: z.number(),
  /** Amount per part key. */
  parts: amounts,
});
export type ReportPoint = z.infer<typeof reportPoint>;

export const reportResponse = z.object({
  kind: z.enum(REPORT_KINDS),
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  /** What `amount` adds up: approved deposits, approved withdrawals (gross), top-ups not reversed, incomes credited. */
  amount_label: z.string(),
  columns: z.array(reportColumn),
  parts: z.array(reportPart),
  series: z.array(reportPoint),
  totals: z.object({
    /** Every row of the period, whatever its status (what the table pages through). */
    count: z.number().int(),
    /** The rows `amount` adds up: credited deposits, approved withdrawals... (issue 37.11). */
    headline_count: z.number().int(),
    amount: z.number(),
    parts: amounts,
    /** Rows per part key (a deposit's pending count beside its pending amount). */
    part_counts: z.record(z.string(), z.number().int()),
  }),
  /** This page of rows, newest first; cells keyed by column key. */
  rows: z.array(z.record(z.string(), reportCell)),
  ...pageInfo,
});
export type Report = z.infer<typeof reportResponse>;

const perDay = z.object({
  day: z.string(),
  /** Deposits approved that day. */
  deposits: z.number(),
  /** Withdrawals paid that day (net sent to members). */
  withdrawals: z.number(),
});

export const COVERAGE_STATES = ['covered', 'short', 'no_liabilities'] as const;

export const overviewResponse = z.object({
  as_of: z.string(),
  deposits: z.object({
    /** Credited to members, every channel together. */
    approved_total: z.number(),
    approved_count: z.number().int(),
    approved_today: z.number(),
    approved_today_count: z.number().int(),
    /**
     * Deposits not credited yet, every channel (the deposits report's "Pending": one definition,
     * issue 37.11): admin deposits waiting for a decision, crypto payments and wallet deposits
     * waiting for the money.
     */
    pending_amount: z.number(),
    pending_count: z.number().int(),
    /** The admin deposits among them, which wait for an admin's decision (what an admin acts on). */
    awaiting_approval_amount: z.number(),
    awaiting_approval_count: z.number().int(),
    /** The credited total of each channel (they add up to `approved_total`). */
    by_channel: z.record(z.enum(DEPOSIT_CHANNELS), z.object({ total: z.number(), count: z.number().int() })),
  }),
  withdrawals: z.object({
    /** Sent to members (net of fees). */
    paid_total: z.number(),
    paid_count: z.number().int(),
    paid_today: z.number(),
    paid_today_count: z.number().int(),
    /** Fees the platform kept on approved withdrawals. */
    fees_total: z.number(),
    pending_amount: z.number(),
    pending_count: z.number().int(),
  }),
  /** What the platform owes members: every member account balance (available + held by pending withdrawals). */
  liabilities: z.object({
    total: z.number(),
    available: z.number(),
    held: z.number(),
    by_wallet: z.object({
      fund: z.number(),
      earnings: z.number(),
      roi: z.number(),
      principal: z.number(),
      compound: z.number(),
    }),
  }),
  /** What the platform holds: money received into `platform:cash` less money paid out (`platform:payouts`). */
  reserves: z.object({ total: z.number(), received: z.number(), paid_out: z.number() }),
  /** reserves / liabilities; null with state `no_liabilities` when nothing is owed. */
  coverage: z.object({ ratio: z.number().nullable(), state: z.enum(COVERAGE_STATES) }),
  /** The last 14 UTC days, oldest first. */
  per_day: z.array(perDay),
});
export type Overview = z.infer<typeof overviewResponse>;
