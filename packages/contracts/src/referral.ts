import { z } from 'zod';
import { int4Param, pageQuery, pagingInt, urlInt } from './common.js';

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

/*
 * Routes of spec 7 (Daily reward and referral): `GET /api/v1/referral/list/{code}` (referralTree),
 * `GET /api/v1/referral/full/{code}` (treeData: the direct members; root: the member), plus the team summary and the downline search the
 * tree screen uses. A member reads only their own downline (themselves included); an admin anyone's.
 */

/** A member's referral code in the path (case-insensitive). */
export const referralCodeParam = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Referral code is required')
    .max(32, 'Referral code is too long')
    .regex(/^[A-Za-z0-9]+$/, 'Referral code has letters and digits only'),
});

export const teamUserParam = z.object({ userId: int4Param });

const ACTIVE = ['active', 'inactive'] as const;
const STATUS = ['unblock', 'block'] as const;

/**
 * One member of a tree or list. `active_plan` and `investment_plan` (plan purchases not reversed)
 * are the member's own, read live; `direct_count` and `active_directs` are live too. The team
 * figures (`team_*`, `active_team`) come from the roll-up (see `as_of` of the answer) and count
 * the whole downline below the member; `business` is the member's leg: their own active_plan when
 * active plus their team business.
 */
export const referralMember = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  refferal_code: z.string(),
  is_active: z.enum(ACTIVE),
  status: z.enum(STATUS),
  active_plan: z.number(),
  investment_plan: z.number(),
  direct_count: z.number().int(),
  active_directs: z.number().int(),
  team_count: z.number().int(),
  active_team: z.number().int(),
  team_business: z.number(),
  /** investment_plan summed over the active members of the team (spec 9). */
  team_investment: z.number(),
  business: z.number(),
  /** When the member joined (ISO time). */
  created_at: z.string(),
});
export type ReferralMember = z.infer<typeof referralMember>;

/** Direct members of one member: paged, searchable by username, name or referral code. */
export const referralListQuery = pageQuery.extend({
  search: z.string().trim().max(64, 'Search is at most 64 characters').optional(),
});
export const referralListResponse = z.object({
  referralTree: z.array(referralMember),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  as_of: z.string().nullable(),
});
export type ReferralListResponse = z.infer<typeof referralListResponse>;

export const TREE_MAX_DEPTH = 5;
export const TREE_MAX_LIMIT = 50;
/** No answer holds more nodes than this: a page of the whole downline holds this many members. */
export const TREE_MAX_NODES = 1000;

export const TREE_CURSOR_MESSAGE = 'Send the next_cursor of the previous answer';
export const TREE_CURSOR_ALONE = 'The cursor pages the whole downline: leave out depth, page and limit';

/**
 * Two views. By default (no depth, page, limit or cursor) the whole downline, in the order members
 * joined, TREE_MAX_NODES members an answer: the next page is asked for with the answer's
 * `next_cursor` (`<page>.<last member id sent>`). With `depth`, `page` or `limit`, the levels view:
 * `depth` levels below the member (default 2, at most 5), page/limit paging the member's own direct
 * members, every deeper node carrying its first `limit` direct members; a node's `direct_count` says
 * how many it has, so a client opens the rest with a call on that node's code.
 */
export const referralFullQuery = z
  .object({
    depth: urlInt(
      z
        .number()
        .int('Depth is a whole number')
        .min(1, 'Depth is 1 to 5')
        .max(TREE_MAX_DEPTH, 'Depth is 1 to 5'),
    ).optional(),
    page: pageQuery.shape.page.optional(),
    limit: pagingInt(10, TREE_MAX_LIMIT, 'Limit is 1 to 50').optional(),
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,6}\.[1-9]\d{0,15}$/, TREE_CURSOR_MESSAGE)
      .transform((v) => {
        const [page, after] = v.split('.').map(Number);
        return { page: page!, after: after! };
      })
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.cursor && (q.depth !== undefined || q.page !== undefined || q.limit !== undefined))
      ctx.addIssue({ code: 'custom', message: TREE_CURSOR_ALONE, path: ['cursor'] });
  });

export interface TreeNode extends ReferralMember {
  /** Levels below the member the tree was asked for (0 for that member). */
  level: number;
  /** The member's sponsor: on a later page of the whole downline, a member whose sponsor came on an earlier page hangs under the member asked for, and this says where it belongs. */
  sponsor_id: number | null;
  referrals: TreeNode[];
}
/** Registered by id: a recursive schema can only be described as a named OpenAPI component. */
export const treeNode: z.ZodType<TreeNode> = referralMember
  .extend({
    level: z.number().int(),
    sponsor_id: z.number().int().nullable(),
    get referrals() {
      return z.array(treeNode);
    },
  })
  .meta({ id: 'ReferralTreeNode' });

export const referralFullResponse = z.object({
  /**
   * The member's direct members in this answer, each with its `referrals`: the shape the spec
   * family's back end answers (the spec names the key, not its shape; that family's tree maps over
   * the array). The same array as `root.referrals`.
   */
  treeData: z.array(treeNode),
  /** The member asked for (level 0), their own figures, with `treeData` as its `referrals`. */
  root: treeNode,
  /** The levels asked for; in the whole downline, the deepest level in the answer. */
  depth: z.number().int(),
  currentPage: z.number().int(),
  /** In the whole downline, from the roll-up's team count (see as_of); `next_cursor` null marks the last page. */
  totalPages: z.number().int(),
  /** True whenever a member of the downline is not in this answer (on another page, deeper, or past a node's first `limit`). */
  truncated: z.boolean(),
  /** Whole downline only: the `cursor` of the next page, null on the last one. */
  next_cursor: z.string().nullable(),
  as_of: z.string().nullable(),
});
export type ReferralFullResponse = z.infer<typeof referralFullResponse>;

/** Find members of a downline by username prefix or exact referral code. */
export const referralSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(64, 'Search is at most 64 characters'),
});
const pathStep = z.object({ id: z.number().int(), username: z.string(), refferal_code: z.string() });
export const referralSearchResponse = z.object({
  matches: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      fullname: z.string(),
      refferal_code: z.string(),
      is_active: z.enum(ACTIVE),
      /** From the member whose downline was searched down to the match (both included). */
      path: z.array(pathStep),
    }),
  ),
});
export type ReferralSearchResponse = z.infer<typeof referralSearchResponse>;
