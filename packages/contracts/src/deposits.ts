import { z } from 'zod';
import { int8Id, int8Param, pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

/** Spec section 8 store fallback of the deposit calls, shown when the server sends no `message`. */
export const DEPOSIT_FALLBACK = 'An unexpected error occurred';

export const DEPOSIT_STATUS = ['pending', 'approved', 'rejected'] as const;

export const depositAddBody = z.strictObject({
  user_id: int8Id,
  amount: moneyInput,
  note: z.string().trim().max(300).default(''),
});

/** Admin decision or correction (spec: status, amount, user_id). Amount and member change only while pending. */
export const depositUpdateBody = z.strictObject({
  status: z.enum(DEPOSIT_STATUS).optional(),
  amount: moneyInput.optional(),
  user_id: int8Id.optional(),
});

export const deposit = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUS),
  note: z.string(),
  source: z.literal('admin'),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Deposit = z.infer<typeof deposit>;

export const depositListQuery = pageQuery.extend({
  status: z.enum(DEPOSIT_STATUS).optional(),
  user_id: int8Param.optional(),
});
export const depositListResponse = z.object({ alldeposite: z.array(deposit), ...pageInfo });
export const singleDepositResponse = z.object({ singledeposite: deposit });

/**
 * Every way money came into a member's fund wallet, in one list (GET /deposite/history): a deposit an
 * admin recorded, a crypto payment through the provider, a wallet (web3) deposit, a code redeemed.
 */
export const DEPOSIT_CHANNELS = ['admin', 'crypto', 'wallet', 'code'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
/** One vocabulary across channels; `detail` keeps the channel's own words (confirmations, provider status). */
export const DEPOSIT_HISTORY_STATUS = [
  'pending',
  'credited',
  'review',
  'rejected',
  'failed',
  'expired',
  'refunded',
] as const;
export type DepositHistoryStatus = (typeof DEPOSIT_HISTORY_STATUS)[number];

export const depositHistoryItem = z.object({
  /** `<channel>-<id>`: unique across channels. */
  key: z.string(),
  channel: z.enum(DEPOSIT_CHANNELS),
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(DEPOSIT_HISTORY_STATUS),
  detail: z.string(),
  /** The provider's payment id (crypto; its status page) or the transaction hash (wallet); else null. */
  ref: z.string().nullable(),
  created_at: z.string(),
  credited_at: z.string().nullable(),
});
export type DepositHistoryItem = z.infer<typeof depositHistoryItem>;

/** Keyset paging: `before` is the `next` of the previous answer, so a page costs the same at any depth. */
export const depositHistoryQuery = z.strictObject({
  limit: pageQuery.shape.limit,
  before: z.string().max(200).optional(),
});
export const depositHistoryResponse = z.object({
  deposits: z.array(depositHistoryItem),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type DepositHistory = z.infer<typeof depositHistoryResponse>;
