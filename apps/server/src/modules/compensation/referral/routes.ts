import { MEMBER_RECORDS } from '@app/contracts/admins';
/**
 * Referral tree (spec 7, Daily reward and referral): direct members (`referralTree`), a bounded tree
 * (`treeData`, the direct members; `root`, the member), the rolled-up team summary and a downline search. A member reads only their own
 * downline (themselves included); an admin reads anyone's.
 */
import {
  referralCodeParam,
  referralFullQuery,
  referralFullResponse,
  referralListQuery,
  referralListResponse,
  referralSearchQuery,
  referralSearchResponse,
  teamSummaryResponse,
  teamUserParam,
} from '@app/contracts/referral';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { ReferralService } from './service.js';

export function referralRoutes(app: Api, referral: ReferralService) {
  const tags = ['referral'];
  app.get('/referral/list/:code', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'Direct members of the member with this referral code, paged and searchable.',
      params: referralCodeParam,
      querystring: referralListQuery,
      response: { 200: referralListResponse },
    },
    handler: async (req) => referral.list(actorOf(req), req.params.code, req.query),
  });
  app.get('/referral/full/:code', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'The member (`root`) and their downline; `treeData` is the array of `root.referrals` (the ' +
        "spec family's shape). Default (no depth, page, limit or cursor): the " +
        'whole downline in the order members joined, at most 1000 members an answer; the next page is ' +
        "`?cursor=` the answer's `next_cursor` (null on the last page). Every member is on exactly one " +
        'page, nested under their sponsor when the sponsor is in the same answer and otherwise under ' +
        'the member asked for, with `sponsor_id` saying where they belong: summing `active_plan` and ' +
        '`investment_plan` of the active members over every page gives the team totals (spec section ' +
        '9). With `depth`, `page` or `limit`: the levels view, `depth` levels (1 to 5, default 2), ' +
        'page/limit paging the direct members, deeper nodes carrying their first `limit`. `truncated` ' +
        'is true whenever a member of the downline is not in the answer.',
      params: referralCodeParam,
      querystring: referralFullQuery,
      response: { 200: referralFullResponse },
    },
    handler: async (req) => referral.full(actorOf(req), req.params.code, req.query),
  });
  app.get('/referral/team/:userId', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'Team figures from the roll-up: counts, business, the biggest legs, and as of when.',
      params: teamUserParam,
      response: { 200: teamSummaryResponse },
    },
    handler: async (req) => referral.team(actorOf(req), req.params.userId),
  });
  app.get('/referral/search/:code', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'Members below this code whose username starts with `q` or whose referral code is `q`.',
      params: referralCodeParam,
      querystring: referralSearchQuery,
      response: { 200: referralSearchResponse },
    },
    handler: async (req) => referral.find(actorOf(req), req.params.code, req.query.q),
  });
}
