import { z } from 'zod';
import { INT4_MAX } from './common.js';
import { moneyInput } from './money.js';
import { isVideoUrl } from './videos.js';

/**
 * Bonuses (spec 3 Bonus, 4 Bonus, 7 Bonus; DOMAIN.md Incomes): fixed amounts an admin defines by
 * type, each claimable once per period per member, paid into `earnings` outside the earning limit.
 * `roi_income` is the video bonus for members without a plan, `add_income` the bonus for watching
 * an ad; both need a watch session of the required seconds. Other types are claimable as they are.
 */
export const BONUS_MSG = {
  claimed: 'Bonus has been claimed',
  updated: 'Bonus Updated Successfully!',
  created: 'Bonus created successfully!',
  deleted: 'Bonus deleted successfully!',
  notFound: 'Bonus not found',
  noneOfType: 'No bonus of this type is available right now',
  typeTaken: 'A bonus of this type already exists; edit it instead',
  ownOnly: 'You can only claim your own bonus',
  videoBonusHasPlan: 'The video bonus is for members without a plan; claim your daily ROI instead',
  noSession: 'Watch the video before claiming this bonus.',
  noAdSession: 'Watch the ad before claiming this bonus.',
  titleRequired: 'Title is required',
  typeInvalid: 'Type is lowercase letters, digits and _ (3 to 40), e.g. add_income',
} as const;

/** "Claimed already" with when the next claim opens. */
export const bonusWaitMessage = (hours: number, next: Date) =>
  `You have claimed this bonus in the last ${hours} hours. Next claim opens at ${next.toISOString()}.`;

/** The types the product knows; an admin may add others. */
export const KNOWN_BONUS_TYPES = {
  roi_income: 'Video bonus (members without a plan)',
  add_income: 'Ad bonus (watching an ad)',
} as const;
/** Types that need a watch session before they can be claimed, and which kind. */
export const BONUS_WATCH: Record<string, 'video' | 'ad'> = { roi_income: 'video', add_income: 'ad' };

export const bonusType = z
  .string({ error: BONUS_MSG.typeInvalid })
  .trim()
  .regex(/^[a-z][a-z0-9_]{2,39}$/, BONUS_MSG.typeInvalid);

const fields = z.strictObject({
  title: z
    .string({ error: BONUS_MSG.titleRequired })
    .trim()
    .min(1, BONUS_MSG.titleRequired)
    .max(120, 'Title must be at most 120 characters'),
  bonus_type: bonusType,
  amount: moneyInput.refine((v) => v > 0n, 'Amount must be greater than zero'),
  /** Hours between two claims of the same member (rolling, from their last claim). */
  period_hours: z
    .number({ error: 'Period must be a whole number of hours' })
    .int('Period must be a whole number of hours')
    .min(1, 'Period is at least 1 hour')
    .max(8760, 'Period is at most 8760 hours (a year)'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  /** The ad (a YouTube or Vimeo link) to watch for this bonus; empty: the bundled video. */
  media_url: z
    .string()
    .trim()
    .max(500, 'Link must be at most 500 characters')
    .refine((v) => v === '' || isVideoUrl(v), 'Enter a YouTube or Vimeo link, or leave it empty'),
  is_active: z.boolean(),
});

/** POST /bonus (no version prefix). */
export const bonusBody = fields.extend({
  period_hours: fields.shape.period_hours.default(24),
  description: fields.shape.description.default(''),
  media_url: fields.shape.media_url.default(''),
  is_active: z.boolean().default(true),
});
export type BonusInput = z.input<typeof bonusBody>;
/** PUT /api/v1/bonus/{id}: changes what it names. */
export const bonusUpdateBody = fields.partial();

export const bonus = z.object({
  id: z.number().int(),
  title: z.string(),
  bonus_type: z.string(),
  amount: z.number(),
  period_hours: z.number().int(),
  description: z.string(),
  media_url: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** For a member: their last claim of this type and when the next one opens (null: claimable now). */
  last_claimed_at: z.string().nullable().optional(),
  next_claim_at: z.string().nullable().optional(),
  /** For an admin: how many claims and how much they paid. */
  claims: z.number().int().optional(),
  paid_total: z.number().optional(),
});
export type Bonus = z.infer<typeof bonus>;

/** GET /api/v1/bonus: admins see every bonus, members the active ones with their own claim state. */
export const bonusListResponse = z.object({ bonus: z.array(bonus), now: z.string() });
export const bonusSavedResponse = z.object({ message: z.string(), bonus });

/** POST /api/v1/bonus/claim (spec: user_id, bonus_type, plan_id). */
export const bonusClaimBody = z.strictObject({
  user_id: z.number().int().positive(),
  bonus_type: bonusType,
  plan_id: z.number().int().positive().max(INT4_MAX).nullable().optional(),
});
export const bonusClaimResponse = z.object({
  message: z.string(),
  amount: z.number(),
  next_claim_at: z.string(),
});
