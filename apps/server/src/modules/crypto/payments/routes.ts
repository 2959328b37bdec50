import { approvalPendingResponse } from '@app/contracts/approvals';
import { messageResponse } from '@app/contracts/common';
import {
  createPaymentBody,
  currenciesResponse,
  minAmountParams,
  minAmountResponse,
  PAYMENT_PROVIDER_PATH,
  payment,
  paymentDetailResponse,
  paymentIdParam,
  paymentListItem,
  paymentListQuery,
  paymentListResponse,
  paymentsConfigResponse,
  sandboxPushBody,
  settlePaymentBody,
} from '@app/contracts/payments';
import { actorOf } from '../../../http/access.js';
import { MINUTE, perAccount } from '../../../http/limits.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../../money/approvals/gates.js';
import type { PaymentsAdmin } from './admin.js';
import { SIGNATURE_HEADER } from './ipn.js';
import type { PaymentsService } from './service.js';

/** Spec 7 Crypto payments, under /api/v1/nowpayments (the provider protocol; the sandbox speaks it too). */
export function paymentsRoutes(app: Api, payments: PaymentsService, admin: PaymentsAdmin, gates: MoneyGates) {
  const tags = ['payments'];
  const base = `/${PAYMENT_PROVIDER_PATH}`;
  const answer = messageResponse.extend({ payment: paymentListItem });

  app.get(`${base}/config`, {
    // whether payments are real or simulated: every admin's dashboard says so
    config: { access: 'member-or-admin', area: 'any' },
    schema: {
      tags,
      description:
        'Whether crypto payments are on: `off` (every payment route answers 503), `nowpayments`, or `sandbox` (simulated test payments).',
      response: { 200: paymentsConfigResponse },
    },
    handler: async () => ({ mode: payments.mode }),
  });
  app.post(`${base}/create-payment`, {
    config: { access: 'member', rateLimit: { max: 30, timeWindow: '1 minute' } },
    // each payment is a call to the provider: one member may not open them by the hundred
    onRequest: perAccount('create-payment', { max: 10, windowMs: 10 * MINUTE }),
    schema: {
      tags,
      description: 'Creates a payment at the provider for the caller (`id` must be the caller’s id).',
      body: createPaymentBody,
      response: { 201: payment },
    },
    handler: async (req, reply) => reply.status(201).send(await payments.create(actorOf(req), req.body)),
  });
  app.get(`${base}/payment-status/:paymentId`, {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: paymentIdParam, response: { 200: payment } },
    handler: async (req) => payments.status(actorOf(req), req.params.paymentId),
  });
  app.get(`${base}/currencies`, {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, response: { 200: currenciesResponse } },
    handler: async () => payments.currencies(),
  });
  app.get(`${base}/min-amount/:from/:to`, {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: minAmountParams, response: { 200: minAmountResponse } },
    handler: async (req) => payments.minAmount(req.params.from, req.params.to),
  });
  app.post(`${base}/ipn`, {
    // the provider's callback: no session, the HMAC signature is the proof
    config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
    schema: {
      tags,
      description: `Instant payment notification, signed with HMAC-SHA512 in \`${SIGNATURE_HEADER}\`.`,
      // public, yet a callback without a valid signature is refused
      response: { 200: messageResponse, 401: messageResponse },
    },
    handler: async (req) => {
      const header = req.headers[SIGNATURE_HEADER];
      return payments.ipn(req.body, Array.isArray(header) ? header[0] : header, req.ip);
    },
  });

  app.get(`${base}/payments`, {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Admins see every provider payment; a member sees their own.',
      querystring: paymentListQuery,
      response: { 200: paymentListResponse },
    },
    handler: async (req) => admin.list(actorOf(req), req.query),
  });
  app.get(`${base}/payments/:paymentId`, {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: paymentIdParam, response: { 200: paymentDetailResponse } },
    handler: async (req) => admin.detail(actorOf(req), req.params.paymentId),
  });
  app.post(`${base}/payments/:paymentId/settle`, {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Credit a payment that waits for a decision by hand. One finance admin alone up to the four-eyes amount and the 24 h limits; past them a request for a second admin (202).',
      params: paymentIdParam,
      body: settlePaymentBody,
      response: { 200: answer, 202: approvalPendingResponse },
    },
    handler: async (req, reply) => {
      const { status, body } = await gates.payment(actorOf(req), req.params.paymentId, req.body);
      return reply.status(status).send(body as never);
    },
  });
  app.post(`${base}/sandbox/:paymentId/status`, {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description: 'Sandbox provider only: moves a payment to a status; the sandbox sends its signed IPN.',
      params: paymentIdParam,
      body: sandboxPushBody,
      response: { 200: answer },
    },
    handler: async (req) => admin.push(actorOf(req), req.params.paymentId, req.body),
  });
}
