import { MEMBER_RECORDS } from '@app/contracts/admins';
import { errorResponse } from '@app/contracts/common';
import {
  recipientQuery,
  recipientResponse,
  singleTransferResponse,
  transferIdParam,
  transferListQuery,
  transferListResponse,
  transferResponse,
  transferToFriendBody,
  transferToSelfBody,
} from '@app/contracts/transfers';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import type { Api } from '../../../http/types.js';
import type { TransfersService } from './service.js';

export function transfersRoutes(app: Api, transfers: TransfersService) {
  const tags = ['transfers'];
  const headers = z.object({ 'idempotency-key': z.string().optional() });

  app.post('/transfer/touser', {
    config: { access: 'member' },
    schema: {
      tags,
      description: 'Own earnings to own fund wallet.',
      headers,
      body: transferToSelfBody,
      response: { 201: transferResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send({
        message: 'Moved to your fund wallet',
        transfer: await transfers.toSelf(actorOf(req), req.body, clientIdempotencyKey(req, 'touser')),
      }),
  });
  app.post('/transfer/friend', {
    config: { access: 'member' },
    schema: {
      tags,
      description: 'Fund wallet to another member (username or referral code).',
      headers,
      body: transferToFriendBody,
      response: { 201: transferResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send({
        message: 'Transfer sent',
        transfer: await transfers.toFriend(actorOf(req), req.body, clientIdempotencyKey(req, 'friend')),
      }),
  });
  app.get('/transfer/recipient', {
    // throttled like the other member look-ups: it must not serve as a directory of members
    config: { access: 'member', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags,
      description:
        'Who a transfer would go to: the name and username of the member an exact username, e-mail or referral code names (404 when none).',
      querystring: recipientQuery,
      response: { 200: recipientResponse, 404: errorResponse },
    },
    handler: async (req) => transfers.recipient(actorOf(req), req.query.to),
  });
  app.get('/transfer/list', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'Admins see all; a member sees what they sent or received.',
      querystring: transferListQuery,
      response: { 200: transferListResponse },
    },
    handler: async (req) => transfers.list(actorOf(req), req.query),
  });
  app.get('/transfer/byid/:id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: { tags, params: transferIdParam, response: { 200: singleTransferResponse } },
    handler: async (req) => ({ singletransfer: await transfers.get(actorOf(req), req.params.id) }),
  });
}
