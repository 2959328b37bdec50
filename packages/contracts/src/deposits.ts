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
