/**
 * Wires crypto payments for buildApp: the provider PAYMENT_PROVIDER names (starting the sandbox's
 * own HTTP server when it is `sandbox`; none when it is `off`), the services, and the recurring jobs.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/pool.js';
import type { Scheduler } from '../../../jobs/scheduler.js';
import { createPaymentsAdmin } from './admin.js';
import { createPaymentsPoll } from './jobs.js';
import { NowPaymentsClient } from './nowpayments.js';
import { SandboxEngine } from './sandbox/engine.js';
import { startSandboxServer } from './sandbox/server.js';
import { createPaymentsService } from './service.js';

/** Sandbox keys, derived from the JWT secret when not configured (the same on every instance). */
const derived = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest('hex');

export async function setupPayments(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  jobs: Scheduler;
  log: FastifyBaseLogger;
}) {
  const { config, db, clock, jobs, log } = deps;
  const ipnSecret = config.NOWPAYMENTS_IPN_SECRET ?? derived(deps.jwtSecret, 'sandbox-ipn-secret');
  const mode = config.PAYMENT_PROVIDER;
  let close = async () => {};
  let provider: NowPaymentsClient | null = null;
  let sandbox: SandboxEngine | null = null;

  if (mode === 'off') {
    // the safe default: a provider that finishes payments by itself is never picked for the operator
    log.warn(
      'crypto payments are off (PAYMENT_PROVIDER unset): set nowpayments and its keys to take payments',
    );
  } else if (mode === 'nowpayments') {
    provider = new NowPaymentsClient('nowpayments', {
      baseUrl: config.NOWPAYMENTS_BASE_URL,
      apiKey: config.NOWPAYMENTS_API_KEY!,
      ipnSecret,
      timeoutMs: config.NOWPAYMENTS_TIMEOUT_MS,
    });
  } else {
    const apiKey = config.NOWPAYMENTS_API_KEY ?? derived(deps.jwtSecret, 'sandbox-api-key');
    sandbox = new SandboxEngine({ db, clock, ipnSecret, stepSeconds: config.SANDBOX_STEP_SECONDS, log });
    const server = await startSandboxServer({ engine: sandbox, apiKey, port: config.SANDBOX_PORT });
    close = server.close;
    provider = new NowPaymentsClient('sandbox', {
      baseUrl: server.url,
      apiKey,
      ipnSecret,
      timeoutMs: config.NOWPAYMENTS_TIMEOUT_MS,
    });
    log.info({ url: server.url }, 'payment provider: sandbox (simulated payments, no real money)');
  }

  const payments = createPaymentsService({ db, clock, provider, publicUrl: config.PUBLIC_URL, log });
  const admin = createPaymentsAdmin({ db, clock, payments });
  // nothing to ask while off: payments on record wait, untouched, until a provider is configured
  if (provider)
    jobs.add({
      name: 'payments-poll',
      everyMs: 60_000,
      run: createPaymentsPoll({ db, clock, payments, log }),
    });
  const engine = sandbox;
  if (engine) jobs.add({ name: 'payments-sandbox', everyMs: 1000, run: () => engine.tick() });

  return { mode, provider, payments, admin, sandbox, ipnSecret, close };
}
