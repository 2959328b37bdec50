import { MEMBER_RECORDS } from '@app/contracts/admins';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  leadershipByUserParams,
  leadershipByUserResponse,
  leadershipListQuery,
  leadershipListResponse,
} from '@app/contracts/leadership';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { LeadershipService } from './service.js';

export function leadershipRoutes(app: Api, leadership: LeadershipService) {
  const tags = ['leadership'];
  app.get('/leadership/list', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'Ranks (salary tiers) members reached, newest first; team figures only for admins and the member.',
      querystring: leadershipListQuery,
      response: { 200: leadershipListResponse },
    },
    handler: async (req) => leadership.list(actorOf(req), req.query),
  });
  app.get('/leadership/by/:user_id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: { tags, params: leadershipByUserParams, response: { 200: leadershipByUserResponse } },
    handler: async (req) => ({ leadership: await leadership.byUser(actorOf(req), req.params.user_id) }),
  });
  app.delete('/leadership/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => leadership.remove(actorOf(req), req.params.id),
  });
}
