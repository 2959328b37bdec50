import { MEMBER_RECORDS } from '@app/contracts/admins';
import { approvalPendingResponse } from '@app/contracts/approvals';
import { idParam } from '@app/contracts/common';
import {
  matrixQuery,
  matrixResponse,
  tableNameBody,
  transactionQuery,
  transactionStatusBody,
  transactionsResponse,
  userDetailsResponse,
} from '@app/contracts/transactions';
import { adjustmentBody, withdrawalResponse } from '@app/contracts/withdrawals';
import { z } from 'zod';
import type { Clock } from '../../../clock.js';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../approvals/gates.js';
import type { TransactionsService } from './service.js';

export function transactionsRoutes(app: Api, tx: TransactionsService, gates: MoneyGates, clock: Clock) {
  const tags = ['transactions'];
  const userParam = z.object({ user_id: idParam.shape.id });

  app.post('/tr/list', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS, reads: true },
    schema: {
      tags,
      description: 'One transaction table: all members for an admin, own entries for a member.',
      body: tableNameBody,
      response: { 200: transactionsResponse },
    },
    handler: async (req) => tx.mine(actorOf(req), req.body),
  });
  app.post('/tr/tr/:user_id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS, reads: true },
    schema: { tags, params: userParam, body: tableNameBody, response: { 200: transactionsResponse } },
    handler: async (req) => tx.forUser(actorOf(req), req.params.user_id, req.body),
  });
  app.get('/tr/matrix', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description: 'Credits and debits by source for a month (default: this month).',
      querystring: matrixQuery,
      response: { 200: matrixResponse },
    },
    handler: async (req) => tx.matrix(req.query.month, clock.now()),
  });
  app.post('/tr/create', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description: 'Admin adjustment, as /withdrawalrequest/debit: waits for a second finance admin.',
      body: adjustmentBody,
      response: { 202: approvalPendingResponse },
    },
    handler: async (req, reply) =>
      reply
        .status(202)
        .send(await gates.adjustment(actorOf(req), req.body, clientIdempotencyKey(req, 'adjustment'))),
  });
  app.get('/tr/all', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, querystring: transactionQuery, response: { 200: transactionsResponse } },
    handler: async (req) => tx.all(req.query),
  });
  app.get('/tr/user/:user_id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      params: userParam,
      querystring: transactionQuery,
      response: { 200: transactionsResponse },
    },
    handler: async (req) => tx.forUser(actorOf(req), req.params.user_id, req.query),
  });
  app.get('/transactions/user/:id/details', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: { tags, params: idParam, response: { 200: userDetailsResponse } },
    handler: async (req) => tx.details(actorOf(req), req.params.id),
  });
  app.patch('/transactions/:transaction_id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      params: z.object({ transaction_id: z.uuid('Not a transaction id') }),
      body: transactionStatusBody,
      response: { 200: withdrawalResponse },
    },
    handler: async (req) => tx.setStatus(actorOf(req), req.params.transaction_id, req.body),
  });
}
