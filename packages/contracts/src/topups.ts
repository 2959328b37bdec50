import { z } from 'zod';
import { int4Id, int8Id, int8Param, pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

const userId = int8Id;

/**
 * Buy a plan (spec: payer `userby_id`, recipient, plan id, amount). The recipient is `user_id`, or
 * `recipient` as a username or referral code; without either the payer buys for themselves.
 */
export const topupBody = z.strictObject({
  userby_id: userId.optional(),
  user_id: userId.optional(),
  recipient: z.string().trim().min(1).max(64).optional(),
  plan_id: int4Id,
  amount: moneyInput,
});
export type TopupBody = z.infer<typeof topupBody>;

/** Activation fee: `id` is the member to activate, `userby_id` the payer (default: the caller). */
export const topupEntryBody = z.strictObject({
  id: userId.optional(),
  recipient: z.string().trim().min(1).max(64).optional(),
  userby_id: userId.optional(),
});

export const TOPUP_KINDS = ['purchase', 'retopup', 'activation'] as const;

export const topup = z.object({
  id: z.number().int(),
  kind: z.enum(TOPUP_KINDS),
  payer_id: z.number().int(),
  payer_username: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  amount: z.number(),
  status: z.enum(['done', 'reversed']),
  created_at: z.string(),
});
export type Topup = z.infer<typeof topup>;

export const topupListQuery = pageQuery.extend({
  kind: z.enum(TOPUP_KINDS).optional(),
  user_id: userId.optional(),
});
export const topupListResponse = z.object({ alltopup: z.array(topup), ...pageInfo });
/**
 * `GET /topup/by/{id}`: `id` is a MEMBER's id (the spec names the call but not its parameter's
 * meaning; the spec family's back end reads a member's id) and `singletopup` that member's top-ups.
 */
export const memberIdParam = z.object({ id: int8Param });
export const memberTopupsQuery = pageQuery.extend({ kind: z.enum(TOPUP_KINDS).optional() });
export const singleTopupResponse = z.object({ singletopup: z.array(topup), ...pageInfo });
export const topupResponse = z.object({ message: z.string(), topup });

export const DEFAULT_ACTIVATION_FEE = 10;
