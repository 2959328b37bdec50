/**
 * What the product needs from a payment provider. Two implementations, chosen by PAYMENT_PROVIDER:
 * `nowpayments` (the live API) and `sandbox` (the same HTTP client pointed at the built-in stand-in
 * server of ./sandbox, which also lets an admin push a payment to any status).
 */
import { plainDecimal } from '@app/contracts/money';
import { z } from 'zod';

export type ProviderName = 'sandbox' | 'nowpayments';

export interface CreatePaymentInput {
  price_amount: number;
  price_currency: string;
  pay_currency: string;
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
}

/** A decimal as the provider sent it (number or string), kept as exact text. */
const decimalText = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? (plainDecimal(v) ?? 'NaN') : v.trim()))
  .pipe(z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'not a decimal amount'));
const idText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a payment id'));

/**
 * A payment as the provider describes it (create answer, status answer, IPN body). Unknown fields
 * are kept (the IPN signature covers them); the ones the product reads are checked.
 */
export const providerPayment = z.looseObject({
  payment_id: idText,
  payment_status: z.string().min(1).max(40),
  pay_address: z.string().max(200).nullish(),
  price_amount: decimalText,
  price_currency: z.string().max(20),
  pay_amount: decimalText.nullish(),
  pay_currency: z.string().max(20),
  actually_paid: decimalText.nullish(),
  order_id: z.string().max(200).nullish(),
  parent_payment_id: idText.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  expiration_estimate_date: z.string().nullish(),
});
export type ProviderPayment = z.infer<typeof providerPayment>;

export interface MinAmount {
  currency_from: string;
  currency_to: string;
  min_amount: number;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  paymentStatus(paymentId: string): Promise<ProviderPayment>;
  currencies(): Promise<string[]>;
  minAmount(from: string, to: string): Promise<MinAmount>;
  /** True when the callback body carries a valid signature of the provider. */
  verifyCallback(body: unknown, signature: string | undefined): boolean;
  /** Sandbox only: move a payment to a status; the sandbox then sends its signed IPN. */
  pushStatus?(paymentId: string, status: string, actuallyPaid?: string): Promise<ProviderPayment>;
}

/** A call to the provider that did not give a usable answer. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'rejected' | 'malformed',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Two decimal texts with the same value ("10", "10.000")? */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (v: string) => {
    const [whole = '0', frac = ''] = v.trim().split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${frac.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}

/** a < b for non-negative decimal texts. */
export function lessDecimal(a: string, b: string): boolean {
  const scale = (v: string) => {
    const [whole = '0', frac = ''] = v.trim().split('.');
    return BigInt(whole + frac.padEnd(18, '0').slice(0, 18));
  };
  return scale(a) < scale(b);
}
