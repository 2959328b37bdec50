import { z } from 'zod';
import { int4Param, pageInfo, pageQuery } from './common.js';

/**
 * Leadership: the ranks (salary tiers) members reached, recorded by the daily salary run when a
 * member is first assigned a tier. Team figures (directs, business) are shown to admins and to the
 * member the entry belongs to; other members see the username, rank and date.
 */
export const leader = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  tier_id: z.number().int(),
  rank: z.string(),
  directs: z.number().int().nullable(),
  business: z.number().nullable(),
  reached_at: z.string(),
});
export type Leader = z.infer<typeof leader>;

export const leadershipListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  tier_id: int4Param.optional(),
});
export const leadershipListResponse = z.object({ allleadership: z.array(leader), ...pageInfo });
export const leadershipByUserParams = z.object({
  user_id: int4Param,
});
export const leadershipByUserResponse = z.object({ leadership: z.array(leader) });
