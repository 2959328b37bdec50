import { approvalPendingResponse } from '@app/contracts/approvals';
import {
  codeRedeemBody,
  codesIssueBody,
  codesListQuery,
  codesListResponse,
  singleCodeResponse,
} from '@app/contracts/codes';
import { idParam, messageResponse } from '@app/contracts/common';
import { actorOf } from '../../../http/access.js';
import { clientIdempotencyKey } from '../../../http/idempotency.js';
import { MINUTE, perAccount } from '../../../http/limits.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../approvals/gates.js';
import type { CodesService } from './service.js';

export function codesRoutes(app: Api, codes: CodesService, gates: MoneyGates) {
  const tags = ['codes'];
  app.post('/codes', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Issue one-time activation codes (e-pins). Either `count` random codes worth `value`, or the ' +
        "spec's request: `codes`, the codes to create (8 to 40 letters or digits, stored upper case), " +
        'worth `value` or, without one, the activation fee. A listed code that exists already is a 409 ' +
        'and creates none of the list; one listed twice is a 400. Idempotency-Key makes a retry safe. ' +
        'Codes are money any member can redeem: the request waits for a second finance admin (202), whose approval issues them.',
      body: codesIssueBody,
      response: { 202: approvalPendingResponse },
    },
    handler: async (req, reply) =>
      reply.status(202).send(await gates.codes(actorOf(req), req.body, clientIdempotencyKey(req, 'codes'))),
  });
  app.get('/codes', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, querystring: codesListQuery, response: { 200: codesListResponse } },
    handler: async (req) => codes.list(req.query),
  });
  app.post('/codes/redeem', {
    config: { access: 'member', rateLimit: { max: 20, timeWindow: '1 minute' } },
    // guessing codes from many addresses with one account is held here
    onRequest: perAccount('codes-redeem', { max: 20, windowMs: 10 * MINUTE }),
    schema: {
      tags,
      description: 'Redeem a code: its value is added to the fund wallet.',
      body: codeRedeemBody,
      response: { 200: messageResponse },
    },
    handler: async (req) => codes.redeem(actorOf(req), req.body.code),
  });
  app.get('/codes/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: singleCodeResponse } },
    handler: async (req) => ({ code: await codes.get(req.params.id) }),
  });
}
