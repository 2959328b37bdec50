import { MEMBER_RECORDS } from '@app/contracts/admins';
import { approvalPendingResponse } from '@app/contracts/approvals';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  deposit,
  depositAddBody,
  depositHistoryQuery,
  depositHistoryResponse,
  depositListQuery,
  depositListResponse,
  depositUpdateBody,
  singleDepositResponse,
} from '@app/contracts/deposits';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../approvals/gates.js';
import type { DepositsService } from './service.js';

export function depositsRoutes(app: Api, deposits: DepositsService, gates: MoneyGates) {
  const tags = ['deposits'];
  app.post('/deposite/add', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, body: depositAddBody, response: { 201: messageResponse.extend({ deposite: deposit }) } },
    handler: async (req, reply) =>
      reply.status(201).send({
        message: 'Deposit recorded; approve it to credit the member',
        deposite: await deposits.add(actorOf(req), req.body, clientIdempotencyKey(req, 'deposit')),
      }),
  });
  app.get('/deposite/list', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'Admins see every deposit; a member sees their own.',
      querystring: depositListQuery,
      response: { 200: depositListResponse },
    },
    handler: async (req) => deposits.list(actorOf(req), req.query),
  });
  app.get('/deposite/history', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        "Every way money came into the member's fund wallet, newest first: deposits an admin recorded, crypto payments, wallet deposits and redeemed codes, each with its channel and status. Keyset paging: pass `next` as `before`.",
      querystring: depositHistoryQuery,
      response: { 200: depositHistoryResponse },
    },
    handler: async (req) => deposits.history(actorOf(req), req.query),
  });
  app.get('/deposite/by/:id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: { tags, params: idParam, response: { 200: singleDepositResponse } },
    handler: async (req) => ({ singledeposite: await deposits.get(actorOf(req), req.params.id) }),
  });
  app.put('/deposite/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Change a pending deposit, approve it (credits the fund wallet) or reject it. One finance admin approves alone up to the four-eyes amount and the 24 h limits (settings four_eyes_admin_daily, four_eyes_member_daily); past them the approval waits for a second admin (202).',
      params: idParam,
      body: depositUpdateBody,
      response: { 200: messageResponse.extend({ deposite: deposit }), 202: approvalPendingResponse },
    },
    handler: async (req, reply) => {
      const { status, body } = await gates.deposit(actorOf(req), req.params.id, req.body);
      return reply.status(status).send(body as never);
    },
  });
  app.delete('/deposite/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => deposits.remove(actorOf(req), req.params.id),
  });
}
