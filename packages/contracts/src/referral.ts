import { z } from 'zod';

/**
 * A member's team as served from the precomputed figures of the tree roll-up (ARCHITECTURE.md,
 * Referral tree). Money in USDT numbers. Team = the whole downline, not the member; "active"
 * counts members whose is_active is 'active', and business adds active_plan only for them
 * (spec section 9, Team totals).
 */
export const teamSummary = z.object({
  user_id: z.number().int(),
  direct_count: z.number().int(),
  active_directs: z.number().int(),
  team_count: z.number().int(),
  active_team: z.number().int(),
  /** Sum of active_plan over the active members of the team. */
  team_business: z.number(),
  /** One row per direct member: that member plus their own team (a "leg"), biggest first. */
  legs: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      business: z.number(),
      team_count: z.number().int(),
    }),
  ),
  /** When the roll-up last brought these figures up to date (ISO time). */
  as_of: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummary>;
export const teamSummaryResponse = z.object({ team: teamSummary });
