import { MEMBER_RECORDS } from '@app/contracts/admins';
/**
 * Referral tree (spec 7, Daily reward and referral): direct members (`referralTree`), a bounded tree
 * (`treeData`), the rolled-up team summary and a downline search. A member reads only their own
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
import { actorOf } from '../../http/access.js';
import type { Api } from '../../http/types.js';
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
        'The member and `depth` levels of their downline (1 to 5, default 2); page/limit page their direct members, deeper nodes carry their first `limit`.',
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
