/**
 * News (spec 7: POST /news/add; GET /news/list; GET, PUT and DELETE /news/{id}).
 *
 * Access: the reads are public. News are announcements meant for everyone (the home page shows the
 * latest to visitors, the member dashboard to members) and hold no member data, so a visitor needs
 * no session to read them. Every write is admin-only and audited.
 */
import { idParam, messageResponse } from '@app/contracts/common';
import {
  allNewsResponse,
  newsAddBody,
  newsListQuery,
  newsSavedResponse,
  newsUpdateBody,
  singleNewsResponse,
} from '@app/contracts/news';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { NewsService } from './service.js';

export function newsRoutes(app: Api, news: NewsService) {
  const tags = ['news'];
  app.post('/news/add', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, body: newsAddBody, response: { 201: newsSavedResponse } },
    handler: async (req, reply) => reply.status(201).send(await news.add(actorOf(req), req.body)),
  });
  app.get('/news/list', {
    // public: see the header comment
    config: { access: 'public' },
    schema: {
      tags,
      description: 'Every news item, newest first, a page at a time.',
      querystring: newsListQuery,
      response: { 200: allNewsResponse },
    },
    handler: async (req) => news.list(req.query),
  });
  app.get('/news/:id', {
    config: { access: 'public' },
    schema: { tags, params: idParam, response: { 200: singleNewsResponse } },
    handler: async (req) => ({ singlenews: await news.get(req.params.id) }),
  });
  app.put('/news/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, body: newsUpdateBody, response: { 200: newsSavedResponse } },
    handler: async (req) => news.update(actorOf(req), req.params.id, req.body),
  });
  app.delete('/news/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => news.remove(actorOf(req), req.params.id),
  });
}
