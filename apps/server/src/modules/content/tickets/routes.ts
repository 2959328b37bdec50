import { idParam } from '@app/contracts/common';
import {
  singleTicketResponse,
  ticketCreateBody,
  ticketCreatedResponse,
  ticketIdParam,
  ticketListQuery,
  ticketListResponse,
  ticketRespondedResponse,
  ticketResponseBody,
  ticketResponsesResponse,
  ticketStatusBody,
  ticketStatusResponse,
  userIdParam,
} from '@app/contracts/tickets';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { TicketsService } from './service.js';

/** Spec section 7, Tickets (every path under /api/v1). */
export function ticketsRoutes(app: Api, tickets: TicketsService) {
  const tags = ['tickets'];
  app.post('/tickets', {
    config: { access: 'member', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags,
      description: 'A member raises a query: subject, first message, category and priority.',
      body: ticketCreateBody,
      response: { 201: ticketCreatedResponse },
    },
    handler: async (req, reply) => reply.status(201).send(await tickets.create(actorOf(req), req.body)),
  });
  app.post('/tickets/:ticketId/responses', {
    config: { access: 'member-or-admin', area: 'support', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      description:
        'A reply by the ticket owner or by support. A closed ticket refuses replies (409). A support reply marks the ticket answered and e-mails the member.',
      params: ticketIdParam,
      body: ticketResponseBody,
      response: { 201: ticketRespondedResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await tickets.respond(actorOf(req), req.params.ticketId, req.body.message)),
  });
  app.get('/tickets/single/:id', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: { tags, params: idParam, response: { 200: singleTicketResponse } },
    handler: async (req) => ({ ticket: await tickets.single(actorOf(req), req.params.id) }),
  });
  app.get('/tickets/:userId', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: {
      tags,
      description: "One member's tickets, newest activity first: the member themself or an admin.",
      params: userIdParam,
      querystring: ticketListQuery,
      response: { 200: ticketListResponse },
    },
    handler: async (req) => tickets.listForUser(actorOf(req), req.params.userId, req.query),
  });
  app.get('/tickets', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags,
      description: 'Every ticket, filtered by status and searched by subject, member or ticket number.',
      querystring: ticketListQuery,
      response: { 200: ticketListResponse },
    },
    handler: async (req) => tickets.listAll(req.query),
  });
  app.get('/ticket-responses/:id', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: {
      tags,
      description: 'The conversation of one ticket, oldest first.',
      params: idParam,
      response: { 200: ticketResponsesResponse },
    },
    handler: async (req) => ({ responses: await tickets.responses(actorOf(req), req.params.id) }),
  });
  app.put('/tickets/:ticketId/status', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: {
      tags,
      description: 'Admins set any status (audited); the owner may only close their ticket.',
      params: ticketIdParam,
      body: ticketStatusBody,
      response: { 200: ticketStatusResponse },
    },
    handler: async (req) => tickets.setStatus(actorOf(req), req.params.ticketId, req.body.status),
  });
}
