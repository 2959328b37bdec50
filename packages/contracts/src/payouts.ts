import { z } from 'zod';
import { int8Id } from './common.js';

/** Where an on-chain payout of a withdrawal stands (server: modules/money/payouts). */
export const PAYOUT_STATUS = ['signed', 'sent', 'confirmed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUS)[number];

export const payoutSummary = z.object({
  status: z.enum(PAYOUT_STATUS),
  tx_hash: z.string(),
  /** Why a payout failed or is waiting to be sent again. */
  error: z.string().nullable(),
});

/** Pay approved withdrawals on chain, in this order (one id pays one). */
export const payoutBody = z.strictObject({
  ids: z
    .array(int8Id)
    .min(1, 'Choose at least one withdrawal')
    .max(50, 'Pay at most 50 withdrawals at once')
    .refine((ids) => new Set(ids).size === ids.length, 'Each withdrawal once'),
});

export const payoutResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string(),
  tx_hash: z.string().nullable(),
});
export const payoutResponse = z.object({ message: z.string(), results: z.array(payoutResult) });
export type PayoutResult = z.infer<typeof payoutResult>;

/** The hot wallet as the admin's payout panel shows it. */
export const hotWalletResponse = z.object({
  configured: z.boolean(),
  address: z.string().nullable(),
  chain_id: z.number().int(),
  token: z.string(),
  /** Read from the chain now; null with `balance_error` when the RPC did not answer. */
  usdt: z.number().nullable(),
  gas: z.string().nullable(),
  gas_symbol: z.string(),
  balance_error: z.string().nullable(),
  per_payout_max: z.number(),
  daily_max: z.number(),
  paid_today: z.number(),
  four_eyes_above: z.number(),
  confirmations: z.number().int(),
  in_flight: z.number().int(),
});
export type HotWallet = z.infer<typeof hotWalletResponse>;
