import { z } from 'zod';
import { int4Id, int4Param, int8Id, int8Param, pageInfo, pageQuery, text } from './common.js';
import { moneyInput } from './money.js';

/** Spec section 8 texts of the rewards screens, spelled as written. */
export const REWARD_TEXT = {
  claimed: 'Reward Claimed successfull!',
  carried: 'Carry forword successfull',
  initError: 'Error initializing rewards',
  fetchError: 'Error fetching rewards',
  listError: 'Failed to fetch rewards',
  createError: 'Failed to create reward',
  updateError: 'Failed to update reward',
  deleteError: 'Failed to delete reward',
} as const;

const positiveMoney = (what: string) => moneyInput.refine((v) => v > 0n, `${what} must be greater than zero`);

const rewardPlanFields = z.strictObject({
  title: text(80),
  /** Team business the member's downline must reach inside the window (USDT). */
  business: positiveMoney('Business'),
  /** What the stage pays into earnings (USDT). */
  reward: positiveMoney('Reward'),
  /** Length of the window in days. */
  days: z.number().int('Days are a whole number').min(1, 'Days must be at least 1').max(3650),
  /** Position of the stage: members work through the plans from the lowest order up. */
  order: z.number().int('Order is a whole number').min(1, 'Order must be at least 1').max(100000),
  is_active: z.boolean(),
});
export const rewardPlanBody = rewardPlanFields.extend({ is_active: z.boolean().default(true) });
/** An edit changes only what it names; running stages keep the terms they opened with. */
export const rewardPlanUpdateBody = rewardPlanFields.partial();

export const rewardPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  business: z.number(),
  reward: z.number(),
  days: z.number().int(),
  order: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RewardPlan = z.infer<typeof rewardPlan>;
export const allRewardPlansResponse = z.object({ allrewardplans: z.array(rewardPlan) });

/** A leg = one direct member and their whole downline. */
export const rewardLeg = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** Carried in from the stage before, plus purchases in this window (never below 0). */
  business: z.number(),
  carried: z.number(),
  /** What the leg counts for: its business, at most the leg cap. */
  counted: z.number(),
  capped: z.boolean(),
});
export type RewardLeg = z.infer<typeof rewardLeg>;

export const rewardBusiness = z.object({
  user_id: z.number().int(),
  stage_id: z.number().int(),
  threshold: z.number(),
  leg_cap_percent: z.number(),
  /** No leg counts for more than this (threshold x leg cap percent). */
  leg_cap: z.number(),
  window_start: z.string(),
  window_end: z.string(),
  legs: z.array(rewardLeg),
  /** Sum of the legs before the cap. */
  total: z.number(),
  /** Sum of the legs after the cap: what qualification compares with the threshold. */
  counted: z.number(),
  qualified: z.boolean(),
});
export type RewardBusiness = z.infer<typeof rewardBusiness>;
export const rewardBusinessResponse = z.object({ business: rewardBusiness });

export const STAGE_STATUS = ['open', 'claimed', 'carried', 'awarded'] as const;
export const rewardStage = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  title: z.string(),
  threshold: z.number(),
  reward: z.number(),
  days: z.number().int(),
  order: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(STAGE_STATUS),
  /** Business counted when the stage closed (null while open). */
  closed_business: z.number().nullable(),
  achieved: z.boolean().nullable(),
  closed_at: z.string().nullable(),
  /** What was paid for it (after the earning limit), when it was paid. */
  paid: z.number().nullable(),
});
export type RewardStage = z.infer<typeof rewardStage>;

export const upcomingStage = rewardPlan.pick({
  id: true,
  title: true,
  business: true,
  reward: true,
  days: true,
  order: true,
});

export const memberRewardsResponse = z.object({
  user_id: z.number().int(),
  /** The open stage with its business, or null (not started, or every stage done). */
  current: z.object({ stage: rewardStage, business: rewardBusiness }).nullable(),
  /** Every stage of the member, newest first. */
  stages: z.array(rewardStage),
  /** Plans still ahead, in order. */
  upcoming: z.array(upcomingStage),
  /** True when no stage is open and a plan is ahead: POST /rewards/initialize opens it. */
  can_start: z.boolean(),
});
export type MemberRewards = z.infer<typeof memberRewardsResponse>;

export const initializeBody = z.strictObject({ user_id: int8Id });
export const initializeResponse = z.object({ message: z.string(), stage: rewardStage });

export const rewardPayout = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  plan_id: z.number().int(),
  title: z.string(),
  source: z.enum(['claim', 'admin']),
  /** The plan's reward; `paid` is what the earning limit let through, `cut` the rest. */
  amount: z.number(),
  paid: z.number(),
  cut: z.number(),
  business: z.number().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type RewardPayout = z.infer<typeof rewardPayout>;

export const claimResponse = z.object({
  message: z.string(),
  payout: rewardPayout,
  next: rewardStage.nullable(),
});
export const carryForwardResponse = z.object({
  message: z.string(),
  closed: rewardStage,
  next: rewardStage.nullable(),
});

/** POST /users/send/reward: an admin pays reward plan `id` to member `user_id` by hand. */
export const sendRewardBody = z.strictObject({
  id: int4Id,
  user_id: int8Id,
  note: z.string().trim().max(300).default(''),
});
export const sendRewardResponse = z.object({ message: z.string(), payout: rewardPayout });

export const rewardPayoutQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  source: z.enum(['claim', 'admin']).optional(),
  plan_id: int4Param.optional(),
  user_id: int8Param.optional(),
});
export const allRewardsResponse = z.object({
  allrewards: z.array(rewardPayout),
  /** What the filtered payouts paid in all. */
  total_paid: z.number(),
  ...pageInfo,
});

/** A stage whose window ended without reaching its threshold (closed carried, or still open). */
export const defaultedStage = z.object({
  stage_id: z.number().int(),
  plan_id: z.number().int(),
  title: z.string(),
  threshold: z.number(),
  business: z.number(),
  shortfall: z.number(),
  ends_at: z.string(),
  status: z.enum(['window_ended', 'carried']),
});
export const defaulterRewardResponse = z.object({
  userrewardnotification: z.object({
    user_id: z.number().int(),
    /** True when the open stage's window ended short: the member should carry forward. */
    pending: z.boolean(),
    message: z.string().nullable(),
    stages: z.array(defaultedStage),
  }),
});
export type DefaulterReward = z.infer<typeof defaulterRewardResponse>['userrewardnotification'];

/**
 * Optional pin of a claim (query) or carry-forward (body) to the stage the member saw: a repeat on
 * that stage answers with the first result; a stage closed another way is refused (409).
 */
export const stagePinQuery = z.object({ stage_id: int4Param.optional() });
export const stagePinBody = z.strictObject({ stage_id: int4Id.optional() }).nullish();
