import { z } from 'zod';
import { pageQuery } from './common.js';

/** Spec section 8 store fallbacks of the transaction calls, shown when the server sends no `message`. */
export const TRANSACTION_TEXT = {
  create: 'Failed to create transaction',
  all: 'Failed to fetch transactions',
  user: 'Failed to fetch user transactions',
  userDetails: 'Failed to fetch user details',
  updateStatus: 'Failed to update transaction status',
  summary: 'Failed to fetch transaction summary',
} as const;

/**
 * The spec's transaction tables are views over the ledger: each `table_name` is a set of ledger
 * transfer kinds, seen from the member's side.
 */
export const TABLE_SOURCES = {
  roi_transaction: ['roi_income'],
  level_transaction: ['level_income'],
  direct_transaction: ['direct_income'],
  reward_transaction: ['reward'],
  salary_transaction: ['salary'],
  cto_transaction: ['cto'],
  bonus_transaction: ['bonus'],
  deposit_transaction: ['deposit'],
  topup_transaction: ['plan_purchase', 'activation'],
  withdrawal_transaction: ['withdrawal'],
  transfer_transaction: ['transfer'],
  compound_transaction: ['compound'],
  adjustment_transaction: ['admin_adjustment'],
} as const;
export type TableName = keyof typeof TABLE_SOURCES;
export const TABLE_NAMES = Object.keys(TABLE_SOURCES) as [TableName, ...TableName[]];

export const tableNameBody = z.strictObject({
  table_name: z.enum(TABLE_NAMES, { message: `table_name must be one of: ${TABLE_NAMES.join(', ')}` }),
  ...pageQuery.shape,
});

export const transactionQuery = pageQuery.extend({
  transaction_type: z.enum(['credit', 'debit']).optional(),
  source: z.string().trim().max(40).optional(),
  status: z.enum(['posted', 'pending', 'voided']).optional(),
  search: z.string().trim().max(100).optional(),
  table_name: z.enum(TABLE_NAMES).optional(),
});

export const transaction = z.object({
  transaction_id: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  table_name: z.string(),
  transaction_type: z.enum(['credit', 'debit']),
  source: z.string(),
  wallet: z.string(),
  amount: z.number(),
  status: z.enum(['posted', 'pending', 'voided']),
  /** Why it was paid: the cause recorded on the ledger entry (source member, level, base, percent, cap...). */
  details: z.record(z.string(), z.unknown()),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  created_at: z.string(),
  /**
   * Both sides are wallets of this same member (a plan bought with their own fund, earnings moved to
   * the fund wallet, ROI compounded): a move between their wallets, not money in or out.
   */
  internal: z.boolean(),
  /** The other member on the transfer (sender or recipient); null when it is the platform or oneself. */
  counterparty: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Usernames of the members `details` names by id (source member, payer), keyed by that id. */
  names: z.record(z.string(), z.string()),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsResponse = z.object({
  transactions: z.array(transaction),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});

export const matrixQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'month is YYYY-MM')
    .optional(),
});
export const matrixResponse = z.object({
  month: z.string(),
  matrix: z.array(
    z.object({ source: z.string(), credits: z.number(), debits: z.number(), count: z.number().int() }),
  ),
});

export const userDetailsResponse = z.object({
  user_id: z.number().int(),
  totals: z.array(
    z.object({
      source: z.string(),
      credits: z.number(),
      debits: z.number(),
      count: z.number().int(),
      /**
       * Of `credits` (and as much of `debits`), what moved between the member's own wallets: a move,
       * neither money in nor money out.
       */
      moved: z.number(),
    }),
  ),
});

export const transactionStatusBody = z.strictObject({
  status: z.enum(['approved', 'rejected']),
  tx_hash: z.string().trim().max(120).optional(),
  reason: z.string().trim().max(300).optional(),
});

export function tableNameOf(source: string): string {
  for (const [table, sources] of Object.entries(TABLE_SOURCES)) {
    if ((sources as readonly string[]).includes(source)) return table;
  }
  return 'other_transaction';
}
