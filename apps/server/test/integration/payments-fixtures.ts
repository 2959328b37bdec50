import { createServer } from 'node:net';
import { expect } from 'vitest';
import { signIpn } from '../../src/modules/crypto/payments/ipn.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Shared setup of the crypto payment tests (payments-*.test.ts). The app listens on a real port
 * (PUBLIC_URL points at it) so the sandbox provider's IPNs reach it over HTTP, and the sandbox's own
 * server is on a known port so a test can inject faults into it.
 */
export const IPN_SECRET = 'test-ipn-secret-0123456789';
export const API_KEY = 'test-sandbox-api-key';
export const STEP_SECONDS = 30;

export interface PaymentsTest {
  t: TestApp;
  sandboxUrl: string;
  admin: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function setupPayments(env: Record<string, string> = {}): Promise<PaymentsTest> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const t = await createTestApp({
    // asked for: the default is `off` (no provider), and these tests run the real client against the sandbox
    PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    NOWPAYMENTS_API_KEY: API_KEY,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_STEP_SECONDS: String(STEP_SECONDS),
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, sandboxUrl: `http://127.0.0.1:${sandboxPort}/v1`, admin: await t.adminToken() };
}

type Member = Awaited<ReturnType<TestApp['register']>>;

/** A member's payment of `amount` usd in usdtbsc, created through the API. */
export async function createPayment(t: TestApp, who: Member, amount: number | string = 25) {
  const res = await t.call('POST', '/nowpayments/create-payment', {
    token: who.token,
    body: { price_amount: amount, price_currency: 'usd', pay_currency: 'usdtbsc', id: who.id },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body as {
    payment_id: string;
    payment_status: string;
    pay_address: string;
    price_amount: number;
    pay_amount: number;
    order_id: string;
  };
}

/** An IPN body as the provider sends it (nested `fee` included), for a payment we know. */
export function ipnBody(
  p: { payment_id: string; price_amount: number; pay_amount: number; order_id: string; pay_address?: string },
  status: string,
  extra: Record<string, unknown> = {},
) {
  return {
    payment_id: Number(p.payment_id),
    parent_payment_id: null,
    invoice_id: null,
    payment_status: status,
    pay_address: p.pay_address ?? '0xabc',
    price_amount: p.price_amount,
    price_currency: 'usd',
    pay_amount: p.pay_amount,
    actually_paid: status === 'finished' ? p.pay_amount : 0,
    pay_currency: 'usdtbsc',
    order_id: p.order_id,
    order_description: 'test',
    purchase_id: '4123456789',
    fee: { currency: 'usdtbsc', depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
    ...extra,
  };
}

/** Posts an IPN as the provider would: signed unless a signature is given. */
export async function sendIpn(
  t: TestApp,
  body: unknown,
  signature: string | null = signIpn(body, IPN_SECRET),
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/nowpayments/ipn',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-nowpayments-sig': signature } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { message: string } };
}

/** The member's fund balance in micro-units, from the ledger. */
export async function fundOf(t: TestApp, userId: number): Promise<bigint> {
  const { rows } = await t.db.query<{ balance: bigint }>(
    `SELECT balance FROM accounts WHERE owner_user_id = $1 AND kind = 'fund'`,
    [userId],
  );
  return rows[0]?.balance ?? 0n;
}

/** Ledger transfers posted for provider payments. */
export async function paymentCredits(t: TestApp) {
  const { rows } = await t.db.query<{ ref_id: string; amount: bigint }>(
    `SELECT ref_id, amount FROM transfers WHERE ref_type = 'provider_payment' ORDER BY created_at`,
  );
  return rows;
}

export async function historyOf(t: TestApp, paymentId: string) {
  const { rows } = await t.db.query<{
    source: string;
    status: string | null;
    accepted: boolean;
    note: string;
  }>(
    `SELECT e.source, e.status, e.accepted, e.note FROM provider_payment_events e
     JOIN provider_payments p ON p.id = e.payment_ref WHERE p.payment_id = $1 ORDER BY e.id`,
    [paymentId],
  );
  return rows;
}

export const statusOf = async (t: TestApp, paymentId: string) =>
  (await t.db.query('SELECT status FROM provider_payments WHERE payment_id = $1', [paymentId])).rows[0]
    ?.status;

/** Calls a control of the sandbox server (faults) with its API key. */
export async function sandboxControl(url: string, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status).toBe(200);
}
