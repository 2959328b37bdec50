/**
 * The sandbox provider's HTTP server, on 127.0.0.1 and a port of its own (SANDBOX_PORT, 0 = any free
 * one). It answers the NOWPayments API routes the product uses, with the same shapes and error
 * bodies, so the real client runs against it; `/v1/sandbox/*` are controls of the stand-in itself
 * (push a status, inject faults for the client's tests).
 */
import { PAYMENT_STATUSES } from '@app/contracts/payments';
import Fastify, { type FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  type FaultEndpoint,
  priceText,
  SANDBOX_MIN_AMOUNT,
  SANDBOX_RATES,
  type SandboxEngine,
} from './engine.js';
import type { SandboxRow } from './repo.js';

const createBody = z.object({
  price_amount: z.coerce.number().positive(),
  price_currency: z.string(),
  pay_currency: z.string(),
  pay_amount: z.coerce.number().optional(),
  ipn_callback_url: z.url().optional(),
  order_id: z.string().max(200).optional(),
  order_description: z.string().max(500).optional(),
});
const pushBody = z.object({
  status: z.enum(PAYMENT_STATUSES),
  actually_paid: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d+(\.\d+)?$/))
    .optional(),
});
const faultBody = z.object({
  endpoint: z.enum(['create', 'status', 'currencies', 'min-amount']),
  mode: z.enum(['error', 'reject', 'timeout', 'malformed']),
  times: z.number().int().min(1).max(100).default(1),
  delay_ms: z.number().int().min(0).max(60_000).default(2000),
});

/** NOWPayments' error body. */
const failure = (reply: FastifyReply, statusCode: number, code: string, message: string) =>
  reply.status(statusCode).send({ status: false, statusCode, code, message });

function view(row: SandboxRow) {
  return {
    payment_id: String(row.payment_id),
    payment_status: row.status,
    pay_address: row.pay_address,
    price_amount: Number(row.price_amount),
    price_currency: row.price_currency,
    pay_amount: Number(row.pay_amount),
    actually_paid: Number(row.actually_paid),
    pay_currency: row.pay_currency,
    order_id: row.order_id,
    order_description: row.order_description,
    purchase_id: row.purchase_id,
    ipn_callback_url: row.ipn_callback_url,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    expiration_estimate_date: row.expires_at.toISOString(),
    network: row.pay_currency === 'usdtbsc' ? 'bsc' : row.pay_currency,
  };
}

export async function startSandboxServer(opts: { engine: SandboxEngine; apiKey: string; port: number }) {
  const { engine } = opts;
  const server = Fastify({ logger: false, bodyLimit: 64 * 1024 });

  server.addHook('onRequest', async (request, reply) => {
    if (request.url === '/v1/status') return;
    if (request.headers['x-api-key'] !== opts.apiKey)
      return failure(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
  });

  /** Applies an injected fault; true when it has answered for the route. */
  async function faulted(endpoint: FaultEndpoint, reply: FastifyReply): Promise<boolean> {
    const fault = engine.takeFault(endpoint);
    if (!fault) return false;
    if (fault.mode === 'timeout') {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return false;
    }
    if (fault.mode === 'malformed') reply.type('text/html').send('<html>Bad gateway</html>');
    else if (fault.mode === 'reject')
      failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'Sandbox: simulated refusal');
    else failure(reply, 500, 'INTERNAL_ERROR', 'Sandbox: simulated provider error');
    return true;
  }

  server.get('/v1/status', async () => ({ message: 'OK' }));

  server.get('/v1/currencies', async (_request, reply) => {
    if (await faulted('currencies', reply)) return reply;
    return { currencies: Object.keys(SANDBOX_RATES) };
  });

  server.get('/v1/min-amount', async (request, reply) => {
    if (await faulted('min-amount', reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const from = query.currency_from?.toLowerCase();
    const to = query.currency_to?.toLowerCase() ?? from;
    if (!from || !(from in SANDBOX_RATES) || !to || !(to in SANDBOX_RATES))
      return failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'currency_from is invalid');
    return { currency_from: from, currency_to: to, min_amount: SANDBOX_MIN_AMOUNT };
  });

  server.post('/v1/payment', async (request, reply) => {
    if (await faulted('create', reply)) return reply;
    const parsed = createBody.safeParse(request.body);
    if (!parsed.success)
      return failure(
        reply,
        400,
        'INVALID_REQUEST_PARAMS',
        parsed.error.issues[0]?.message ?? 'Invalid request',
      );
    const body = parsed.data;
    const pay = body.pay_currency.toLowerCase();
    if (body.price_currency.toLowerCase() !== 'usd')
      return failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'price_currency is invalid');
    if (!(pay in SANDBOX_RATES))
      return failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'pay_currency is invalid');
    if (body.price_amount / (SANDBOX_RATES[pay] ?? 1) < SANDBOX_MIN_AMOUNT)
      return failure(reply, 400, 'AMOUNT_MINIMAL_ERROR', 'amountTo is too small');
    const row = await engine.create({
      priceAmount: priceText(body.price_amount),
      priceCurrency: 'usd',
      payCurrency: pay,
      orderId: body.order_id ?? null,
      orderDescription: body.order_description ?? null,
      ipnCallbackUrl: body.ipn_callback_url ?? null,
    });
    return reply.status(201).send(view(row));
  });

  server.get('/v1/payment/:id', async (request, reply) => {
    if (await faulted('status', reply)) return reply;
    const row = await engine.find((request.params as { id: string }).id);
    if (!row) return failure(reply, 404, 'PAYMENT_NOT_FOUND', 'Payment not found');
    return view(row);
  });

  server.post('/v1/sandbox/payment/:id/status', async (request, reply) => {
    const parsed = pushBody.safeParse(request.body);
    if (!parsed.success) return failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'status is invalid');
    const row = await engine.push(
      (request.params as { id: string }).id,
      parsed.data.status,
      parsed.data.actually_paid,
    );
    if (!row) return failure(reply, 404, 'PAYMENT_NOT_FOUND', 'Payment not found');
    return view(row);
  });

  server.post('/v1/sandbox/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body);
    if (!parsed.success) return failure(reply, 400, 'INVALID_REQUEST_PARAMS', 'fault is invalid');
    const f = parsed.data;
    engine.faults.set(f.endpoint, { mode: f.mode, times: f.times, delayMs: f.delay_ms });
    return { ok: true };
  });

  server.delete('/v1/sandbox/faults', async () => {
    engine.faults.clear();
    return { ok: true };
  });

  await server.listen({ port: opts.port, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => server.close() };
}
