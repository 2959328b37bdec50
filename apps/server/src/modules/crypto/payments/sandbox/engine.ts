/**
 * The sandbox provider's behaviour: it keeps payments like NOWPayments does, moves each one along
 * waiting -> confirming -> confirmed -> sending -> finished on a timer (one step every
 * SANDBOX_STEP_SECONDS of the product's clock, as if the customer paid in full), expires payments
 * nobody pays, lets an admin push a payment to any status, and tells the product about every change
 * with a signed IPN to the payment's ipn_callback_url, retried until the product answers.
 */

import { randomBytes } from 'node:crypto';
import { plainDecimal } from '@app/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../../clock.js';
import { type Db, withTx } from '../../../../db/pool.js';
import { SIGNATURE_HEADER, signIpn } from '../ipn.js';
import * as repo from './repo.js';

const AUTO_PATH = ['waiting', 'confirming', 'confirmed', 'sending', 'finished'] as const;
const FINAL = ['finished', 'failed', 'refunded', 'expired'];
/** Statuses in which the simulated customer has sent the whole amount. */
const PAID_IN_FULL = ['confirming', 'confirmed', 'sending', 'finished'];
const MAX_IPN_ATTEMPTS = 10;
/** How long a sandbox payment waits for money before it expires. */
export const SANDBOX_EXPIRY_MS = 24 * 3600 * 1000;
/** What one unit of a pay currency is worth in usd, for the simulated quotes. */
export const SANDBOX_RATES: Record<string, number> = {
  usdtbsc: 1,
  usdttrc20: 1,
  usdterc20: 1,
  bnbbsc: 600,
  eth: 3000,
  btc: 60000,
};
/** The smallest payment the sandbox takes, in the pay currency (as NOWPayments' min-amount). */
export const SANDBOX_MIN_AMOUNT = 2;

export type FaultEndpoint = 'create' | 'status' | 'currencies' | 'min-amount';
export interface Fault {
  mode: 'error' | 'reject' | 'timeout' | 'malformed';
  times: number;
  delayMs: number;
}

const SCALE = 10n ** 18n;
const toScaled = (v: string) => {
  const [whole = '0', frac = ''] = v.split('.');
  return BigInt(whole) * SCALE + BigInt(frac.padEnd(18, '0').slice(0, 18));
};
const fromScaled = (v: bigint) => {
  const frac = (v % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${v / SCALE}.${frac}` : `${v / SCALE}`;
};
/** A usd price as sent (a JSON number) to the cent, half up on its decimal text, never through floats. */
export function priceText(price: number): string {
  const cent = 10n ** 16n;
  return fromScaled(((toScaled(plainDecimal(price) ?? '0') + cent / 2n) / cent) * cent);
}
/** A pay-currency amount in usd, to the cent (rounded down), in integer arithmetic. */
function atFiat(amount: string, payCurrency: string): string {
  const rateMicro = BigInt(Math.round((SANDBOX_RATES[payCurrency] ?? 1) * 1_000_000));
  const cent = 10n ** 16n;
  return fromScaled(((toScaled(amount) * rateMicro) / 1_000_000n / cent) * cent);
}
/** usd price -> pay-currency amount, 8 decimals, rounded up (the customer never pays too little). */
function quote(priceAmount: string, payCurrency: string): string {
  const rate = SANDBOX_RATES[payCurrency] ?? 1;
  const unit = 10n ** 10n;
  const exact = (toScaled(priceAmount) * 1_000_000n) / BigInt(Math.round(rate * 1_000_000));
  return fromScaled(((exact + unit - 1n) / unit) * unit);
}

export class SandboxEngine {
  readonly faults = new Map<FaultEndpoint, Fault>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ipnSecret: string;
      stepSeconds: number;
      log: FastifyBaseLogger;
    },
  ) {}

  async create(input: {
    priceAmount: string;
    priceCurrency: string;
    payCurrency: string;
    orderId: string | null;
    orderDescription: string | null;
    ipnCallbackUrl: string | null;
  }) {
    const now = this.deps.clock.now();
    return repo.insert(this.deps.db, {
      ...input,
      payAmount: quote(input.priceAmount, input.payCurrency),
      payAddress: `0x${randomBytes(20).toString('hex')}`,
      purchaseId: String(4_000_000_000 + Math.floor(Math.random() * 999_999_999)),
      now,
      expiresAt: new Date(now.getTime() + SANDBOX_EXPIRY_MS),
    });
  }

  find(id: string) {
    return repo.find(this.deps.db, id);
  }

  /** An admin moved the payment by hand: it leaves the timer and the product hears of it at once. */
  async push(id: string, status: string, actuallyPaid?: string) {
    const row = await withTx(this.deps.db, async (tx) => {
      const current = await repo.find(tx, id, true);
      if (!current) return null;
      return repo.setStatus(tx, current.payment_id, {
        status,
        actuallyPaid: actuallyPaid ?? defaultPaid(current, status),
        step: current.step,
        auto: false,
        now: this.deps.clock.now(),
      });
    });
    if (row) await this.deliver(row);
    return row;
  }

  /** One pass of the timer (the `payments-sandbox` job): due steps, expiries, IPNs to retry. */
  async tick() {
    const now = this.deps.clock.now();
    const ids = await repo.due(this.deps.db, now, this.deps.stepSeconds, MAX_IPN_ATTEMPTS);
    for (const id of ids) {
      const row = await withTx(this.deps.db, async (tx) => {
        const current = await repo.find(tx, String(id), true);
        if (!current) return null;
        const next = this.nextStatus(current, now);
        if (!next) return current;
        return repo.setStatus(tx, current.payment_id, {
          status: next,
          actuallyPaid: defaultPaid(current, next),
          step: next === 'expired' ? current.step : current.step + 1,
          auto: current.auto,
          now,
        });
      });
      if (row && row.ipn_sent_status !== row.status && row.ipn_attempts < MAX_IPN_ATTEMPTS)
        await this.deliver(row);
    }
    return ids.length;
  }

  private nextStatus(row: repo.SandboxRow, now: Date): string | null {
    if (FINAL.includes(row.status)) return null;
    const step = this.deps.stepSeconds;
    const index = AUTO_PATH.indexOf(row.status as (typeof AUTO_PATH)[number]);
    if (row.auto && step > 0 && index >= 0 && index < AUTO_PATH.length - 1) {
      const dueAt = row.created_at.getTime() + step * 1000 * (row.step + 1);
      if (dueAt <= now.getTime()) return AUTO_PATH[index + 1]!;
    }
    if (row.status === 'waiting' && row.expires_at.getTime() <= now.getTime()) return 'expired';
    return null;
  }

  /** The IPN body, shaped as NOWPayments sends it (nested `fee` included). */
  payload(row: repo.SandboxRow) {
    const paid = Number(row.actually_paid);
    return {
      payment_id: Number(row.payment_id),
      parent_payment_id: null,
      invoice_id: null,
      payment_status: row.status,
      pay_address: row.pay_address,
      payin_extra_id: null,
      price_amount: Number(row.price_amount),
      price_currency: row.price_currency,
      pay_amount: Number(row.pay_amount),
      actually_paid: paid,
      actually_paid_at_fiat: Number(atFiat(row.actually_paid, row.pay_currency)),
      pay_currency: row.pay_currency,
      order_id: row.order_id,
      order_description: row.order_description,
      purchase_id: row.purchase_id,
      outcome_amount: paid,
      outcome_currency: row.pay_currency,
      payment_extra_ids: null,
      fee: { currency: row.pay_currency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  private async deliver(row: repo.SandboxRow) {
    if (!row.ipn_callback_url) return repo.markSent(this.deps.db, row.payment_id, row.status);
    const body = this.payload(row);
    try {
      const response = await fetch(row.ipn_callback_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signIpn(body, this.deps.ipnSecret),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 500) {
        if (!response.ok)
          this.deps.log.warn({ payment: body.payment_id, status: response.status }, 'sandbox IPN refused');
        return repo.markSent(this.deps.db, row.payment_id, row.status);
      }
      this.deps.log.warn({ payment: body.payment_id, status: response.status }, 'sandbox IPN failed');
    } catch (error) {
      this.deps.log.warn(
        { payment: body.payment_id, err: (error as Error).message },
        'sandbox IPN not delivered',
      );
    }
    return repo.markFailed(this.deps.db, row.payment_id);
  }

  /** Consumes one use of a fault set on an endpoint (tests of the client's error handling). */
  takeFault(endpoint: FaultEndpoint): Fault | null {
    const fault = this.faults.get(endpoint);
    if (!fault) return null;
    if (fault.times <= 1) this.faults.delete(endpoint);
    else fault.times -= 1;
    return fault;
  }
}

/** What the simulated customer has paid once the payment reaches `status`. */
function defaultPaid(row: repo.SandboxRow, status: string): string {
  if (PAID_IN_FULL.includes(status)) return row.pay_amount;
  if (status === 'partially_paid') return fromScaled(toScaled(row.pay_amount) / 2n);
  if (status === 'waiting' || status === 'expired') return '0';
  return row.actually_paid;
}
