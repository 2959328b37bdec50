import { MEMBER_RECORDS } from '@app/contracts/admins';
import { approvalPendingResponse } from '@app/contracts/approvals';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  memberIdParam,
  memberTopupsQuery,
  singleTopupResponse,
  topupBody,
  topupEntryBody,
  topupListQuery,
  topupListResponse,
  topupResponse,
} from '@app/contracts/topups';
import { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../approvals/gates.js';
import type { TopupsService } from './service.js';

/** An admin's purchase on a member's behalf waits for a second admin (202); a member's runs now (201). */
const created = { 201: topupResponse, 202: approvalPendingResponse };

export function topupsRoutes(app: Api, topups: TopupsService, gates: MoneyGates) {
  const tags = ['top-up'];
  const member = { access: 'member-or-admin' as const, area: MEMBER_RECORDS };
  const idempotency = { 'idempotency-key': z.string().optional() };

  app.post('/topup/add', {
    config: member,
    schema: { tags, headers: z.object(idempotency), body: topupBody, response: created },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const key = clientIdempotencyKey(req, 'topup');
      if (actor.audience === 'admin')
        return reply.status(202).send(await gates.topup(actor, 'purchase', req.body, key));
      return reply.status(201).send({
        message: 'Plan purchased',
        topup: await topups.purchase(actor, req.body, 'purchase', key),
      });
    },
  });
  app.post('/topup/addretopup', {
    config: member,
    schema: { tags, headers: z.object(idempotency), body: topupBody, response: created },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const key = clientIdempotencyKey(req, 'retopup');
      if (actor.audience === 'admin')
        return reply.status(202).send(await gates.topup(actor, 'retopup', req.body, key));
      return reply.status(201).send({
        message: 'Plan topped up',
        topup: await topups.purchase(actor, req.body, 'retopup', key),
      });
    },
  });
  app.post('/topup/entry', {
    config: member,
    schema: { tags, headers: z.object(idempotency), body: topupEntryBody, response: created },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const key = clientIdempotencyKey(req, 'activation');
      if (actor.audience === 'admin')
        return reply.status(202).send(await gates.topup(actor, 'activation', req.body, key));
      return reply.status(201).send({
        message: 'Member activated',
        topup: await topups.activate(actor, req.body, key),
      });
    },
  });
  app.get('/topup/list', {
    config: member,
    schema: {
      tags,
      description: 'Admins see all; a member sees top-ups they paid or received.',
      querystring: topupListQuery,
      response: { 200: topupListResponse },
    },
    handler: async (req) => topups.list(actorOf(req), req.query),
  });
  app.get('/topup/by/:id', {
    config: member,
    schema: {
      tags,
      description:
        "A MEMBER's top-ups (paid or received), newest first: `id` is the member's id, as the spec " +
        "family's back end reads it. A member reads only their own.",
      params: memberIdParam,
      querystring: memberTopupsQuery,
      response: { 200: singleTopupResponse },
    },
    handler: async (req) => topups.ofMember(actorOf(req), req.params.id, req.query),
  });
  app.put('/topup/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      params: idParam,
      description: 'A purchase is never edited: reverse it (DELETE) and record a new one.',
    },
    handler: async () => {
      throw badRequest('A top-up cannot be edited: reverse it (delete) and record a new one');
    },
  });
  app.delete('/topup/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => topups.reverse(actorOf(req), req.params.id),
  });
}
