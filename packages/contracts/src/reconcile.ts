import { z } from 'zod';

/**
 * GET /ledger/reconcile (admin): the ledger's invariants checked on demand, as `npm run reconcile`
 * does. Amounts are USDT numbers with at most 6 decimals (from integer micro-units); the sum of all
 * balances is also given exactly as a micro-unit string, since drift can be any size.
 */
export const reconcileDrift = z.object({
  account_id: z.number().int(),
  /** fund, earnings, roi, principal, compound, or platform:<name>. */
  kind: z.string(),
  /** The member owning the account; null for platform accounts. */
  owner_user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The balance the account row says. */
  balance: z.number(),
  /** The balance its posted transfers add up to. */
  expected: z.number(),
  /** What the account row says pending withdrawals hold. */
  pending: z.number(),
  /** What its pending transfers add up to. */
  expected_pending: z.number(),
});
export type ReconcileDrift = z.infer<typeof reconcileDrift>;

export const reconcileOrphan = z.object({
  transfer_id: z.string(),
  reason: z.string(),
  kind: z.string().nullable(),
  amount: z.number().nullable(),
  /** The member whose wallet the hold sits on, when it is a member wallet. */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type ReconcileOrphan = z.infer<typeof reconcileOrphan>;

export const reconcileResponse = z.object({
  /** True when no account drifts, all balances sum to zero and no pending transfer is orphaned. */
  ok: z.boolean(),
  checked_at: z.string(),
  duration_ms: z.number().int(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  /** The sum of every account balance: must be 0 (platform accounts carry the other side). */
  total_balance: z.number(),
  total_balance_micro: z.string(),
  drift: z.array(reconcileDrift),
  orphaned_pending: z.array(reconcileOrphan),
});
export type ReconcileReportDto = z.infer<typeof reconcileResponse>;
