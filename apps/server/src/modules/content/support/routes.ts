import { idParam, messageResponse } from '@app/contracts/common';
import {
  allSupportResponse,
  singleSupportResponse,
  supportAddBody,
  supportListQuery,
  supportSavedResponse,
  supportUpdateBody,
} from '@app/contracts/support';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { SupportService } from './service.js';

/** Spec section 7, Support: FAQ answers and contact channels shown beside the tickets. */
export function supportRoutes(app: Api, support: SupportService) {
  const tags = ['support'];
  app.post('/support/add', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, body: supportAddBody, response: { 201: supportSavedResponse } },
    handler: async (req, reply) => reply.status(201).send(await support.add(actorOf(req), req.body)),
  });
  app.get('/support/list', {
    config: { access: 'member-or-admin', area: 'content' },
    schema: {
      tags,
      description: 'Members get the published entries; admins get all. Ordered by kind, then sort order.',
      querystring: supportListQuery,
      response: { 200: allSupportResponse },
    },
    handler: async (req) => ({ allsupport: await support.list(actorOf(req), req.query.kind) }),
  });
  app.get('/support/by/:id', {
    config: { access: 'member-or-admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: singleSupportResponse } },
    handler: async (req) => ({ singlesupport: await support.get(actorOf(req), req.params.id) }),
  });
  app.put('/support/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, body: supportUpdateBody, response: { 200: supportSavedResponse } },
    handler: async (req) => support.update(actorOf(req), req.params.id, req.body),
  });
  app.delete('/support/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => support.remove(actorOf(req), req.params.id),
  });
}
