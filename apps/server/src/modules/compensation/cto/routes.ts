import { MEMBER_RECORDS } from '@app/contracts/admins';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  ctoDetailResponse,
  ctoListQuery,
  ctoListResponse,
  ctoOverviewQuery,
  ctoOverviewResponse,
  ctoPayBody,
  ctoPoolBody,
  ctoPoolResponse,
  ctoTransactionsQuery,
  ctoTransactionsResponse,
} from '@app/contracts/cto';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { CtoService } from './service.js';

export function ctoRoutes(app: Api, cto: CtoService) {
  const admin = { access: 'admin' as const, area: 'owner' as const };
  /** Paying and reading who is paid: finance's work. */
  const finance = { access: 'admin' as const, area: 'finance' as const };
  const anyone = { access: 'member-or-admin' as const, area: MEMBER_RECORDS };
  const rules = { access: 'member-or-admin' as const, area: 'any' as const };
  const tags = ['cto'];

  app.post('/cto', {
    config: admin,
    schema: {
      tags,
      description: 'Sets the pool of a month (one per month).',
      body: ctoPoolBody,
      response: { 201: ctoPoolResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: 'CTO pool created', cto: await cto.create(actorOf(req), req.body) }),
  });
  app.get('/cto/list', {
    config: finance,
    schema: { tags, querystring: ctoListQuery, response: { 200: ctoListResponse } },
    handler: async (req) => cto.list(req.query),
  });
  app.get('/cto', {
    config: rules,
    schema: {
      tags,
      description:
        'The qualification rules; a member’s own standing, or (admins) the members who qualify now.',
      querystring: ctoOverviewQuery,
      response: { 200: ctoOverviewResponse },
    },
    handler: async (req) => cto.overview(actorOf(req), req.query),
  });
  app.get('/cto/byid/:id', {
    config: finance,
    schema: { tags, params: idParam, response: { 200: ctoDetailResponse } },
    handler: async (req) => cto.detail(req.params.id),
  });
  app.get('/cto/transaction/:id', {
    config: anyone,
    schema: {
      tags,
      description: 'CTO payments received by member {id}.',
      params: idParam,
      querystring: ctoTransactionsQuery,
      response: { 200: ctoTransactionsResponse },
    },
    handler: async (req) => cto.transactions(actorOf(req), req.params.id, req.query),
  });
  app.post('/cto/pay', {
    config: finance,
    schema: {
      tags,
      description: 'Pays pool {id} once, equally among the members qualified now.',
      body: ctoPayBody,
      response: { 200: ctoPoolResponse },
    },
    handler: async (req) => cto.pay(actorOf(req), req.body.id),
  });
  app.put('/cto/:id', {
    config: admin,
    schema: {
      tags,
      description: 'Deletes a pool not yet paid (the spec uses PUT for it).',
      params: idParam,
      response: { 200: messageResponse },
    },
    handler: async (req) => cto.remove(actorOf(req), req.params.id),
  });
}
