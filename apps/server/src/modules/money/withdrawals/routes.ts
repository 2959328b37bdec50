import { approvalPendingResponse } from '@app/contracts/approvals';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  adjustmentBody,
  compoundShareBody,
  singleWithdrawalResponse,
  type WithdrawalKind,
  withdrawalDecisionBody,
  withdrawalListQuery,
  withdrawalListResponse,
  withdrawalRequestBody,
  withdrawalResponse,
} from '@app/contracts/withdrawals';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../approvals/gates.js';
import type { WithdrawalsService } from './service.js';

/** Paths of spec section 7, misspellings included ("principle"). */
const REQUEST_PATHS: Array<[string, WithdrawalKind]> = [
  ['/withdrawalrequest/add', 'profit'],
  ['/withdrawalrequest/add/roiwithdrawal', 'roi'],
  ['/withdrawalrequest/add/principle', 'principal'],
  ['/withdrawalrequest/addcompoundwithdrawal', 'compound'],
];
const DECISION_PATHS: Array<[string, WithdrawalKind]> = [
  ['/withdrawalrequest/:id', 'profit'],
  ['/withdrawalrequest/update/roi/:id', 'roi'],
  ['/withdrawalrequest/update/principle/:id', 'principal'],
  ['/withdrawalrequest/compound/:id', 'compound'],
];

export function withdrawalsRoutes(app: Api, withdrawals: WithdrawalsService, gates: MoneyGates) {
  const tags = ['withdrawals'];
  const headers = z.object({ 'idempotency-key': z.string().optional() });

  for (const [url, kind] of REQUEST_PATHS) {
    app.post(url, {
      config: { access: 'member' },
      schema: {
        tags,
        description: `Request a ${kind} withdrawal; the member's password confirms it (400 'Password is incorrect').`,
        headers,
        body: withdrawalRequestBody,
        response: { 201: withdrawalResponse },
      },
      handler: async (req, reply) =>
        reply.status(201).send({
          message: 'Withdrawal requested; it will be paid once approved',
          withdrawal: await withdrawals.request(
            actorOf(req),
            kind,
            req.body,
            clientIdempotencyKey(req, `withdrawal-${kind}`),
          ),
        }),
    });
  }

  app.put('/withdrawalrequest/compound/amount', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Share (percent) of each ROI claim compounded automatically.',
      body: compoundShareBody,
      response: { 200: messageResponse },
    },
    handler: async (req) => withdrawals.setCompoundShare(actorOf(req), req.body.percent, req.body.user_id),
  });

  for (const [url, kind] of DECISION_PATHS) {
    app.put(url, {
      config: { access: 'admin', area: 'finance' },
      schema: {
        tags,
        description: `Approve (with the payout transaction hash: BEP20 0x + 64 hex, TRC20 64 hex; with an RPC a BEP20 hash is checked on chain, 409 with the reason) or reject a ${kind} withdrawal. Above FOUR_EYES_ABOVE_USDT only a finance admin other than the one who signed it off may approve it.`,
        params: idParam,
        body: withdrawalDecisionBody,
        response: { 200: withdrawalResponse },
      },
      handler: async (req) => withdrawals.decide(actorOf(req), req.params.id, kind, req.body),
    });
  }

  app.get('/withdrawalrequest/list', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Admins see all requests; a member sees their own.',
      querystring: withdrawalListQuery,
      response: { 200: withdrawalListResponse },
    },
    handler: async (req) => withdrawals.list(actorOf(req), req.query),
  });
  app.get('/withdrawalrequest/by/:id', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: singleWithdrawalResponse } },
    handler: async (req) => ({ singlewithdrawal: await withdrawals.get(actorOf(req), req.params.id) }),
  });
  app.delete('/withdrawalrequest/:id', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Cancel a pending request: the held amount is released.',
      params: idParam,
      response: { 200: messageResponse },
    },
    handler: async (req) => withdrawals.cancel(actorOf(req), req.params.id),
  });
  app.post('/withdrawalrequest/debit', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Admin adjustment of a member wallet (debit by default, or credit): recorded as a request that a second finance admin approves (POST /approvals/{id}/approve); nothing moves before.',
      headers,
      body: adjustmentBody,
      response: { 202: approvalPendingResponse },
    },
    handler: async (req, reply) =>
      reply
        .status(202)
        .send(await gates.adjustment(actorOf(req), req.body, clientIdempotencyKey(req, 'adjustment'))),
  });
}
