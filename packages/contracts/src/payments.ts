/**
 * Crypto payments through the payment provider (spec 2.8, 2.9, 3 Payment, 4 Payment, 5 Payment form,
 * 7 Crypto payments). The routes live under /api/v1/nowpayments/...: the path segment names the
 * provider protocol, which the built-in sandbox speaks too, so it never changes with PAYMENT_PROVIDER.
 */
import { z } from 'zod';
import { int4Id, int8Param, pageInfo, pageQuery } from './common.js';
import { MAX_AMOUNT_MICRO, moneyInput, toMicro } from './money.js';

/** The {payment-provider} path segment of spec 7. */
export const PAYMENT_PROVIDER_PATH = 'nowpayments';

/**
 * Whether crypto payments are on, and through what (PAYMENT_PROVIDER): `off` (no provider; the
 * payment routes answer 503), `nowpayments` (the live provider), `sandbox` (simulated: payments
 * finish by themselves and no real money moves).
 */
export const PAYMENT_MODES = ['off', 'sandbox', 'nowpayments'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** GET /{payment-provider}/config: what the payment screens need to know before showing anything. */
export const paymentsConfigResponse = z.object({ mode: z.enum(PAYMENT_MODES) });
export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;

export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spec 4: final statuses stop polling; only finished is a success. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['finished', 'failed', 'refunded', 'expired'];
export const isFinalPaymentStatus = (status: string) =>
  (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
/** The failed view of the Payment Status screen (spec 4: failed or expired; refunded is final and failed too). */
export const isFailedPaymentStatus = (status: string) =>
  status === 'failed' || status === 'expired' || status === 'refunded';

/** Spec 4, hints per status, word for word. */
export const PAYMENT_STATUS_HINTS: Record<PaymentStatus | 'unknown', string> = {
  waiting: 'Waiting for payment to be sent to the provided address.',
  confirming: 'Transaction detected but not yet confirmed on the blockchain.',
  confirmed: 'Transaction confirmed on the blockchain but not yet processed.',
  sending: 'Payment is being processed and sent to the merchant.',
  partially_paid: "You've sent less than the required amount. Please send the remaining amount.",
  finished: 'Payment successfully completed and processed.',
  failed: 'Payment processing has failed. Please contact support.',
  refunded: 'Payment was refunded back to the customer.',
  expired: 'Payment time limit has expired without receiving funds.',
  unknown: 'Status is being processed.',
};
export const paymentStatusHint = (status: string) =>
  PAYMENT_STATUS_HINTS[status as PaymentStatus] ?? PAYMENT_STATUS_HINTS.unknown;

/** Spec 4 badge colours: finished green; failed or expired red; refunded yellow; all others blue. */
export function paymentStatusTone(status: string): 'green' | 'red' | 'amber' | 'blue' {
  if (status === 'finished') return 'green';
  if (status === 'failed' || status === 'expired') return 'red';
  if (status === 'refunded') return 'amber';
  return 'blue';
}

/** Spec 9 and 8: constants and messages of the payment screens. */
export const PAYMENT = {
  priceCurrency: 'usd',
  /** How the price currency is shown (spec 3: usd, shown as USDT). */
  priceCurrencyLabel: 'USDT',
  payCurrency: 'usdtbsc',
  payCurrencyLabel: 'USDT (BEP20)',
  /** Creation flow tracker (spec 9). */
  trackerPollSeconds: 10,
  /** Payment Status screen (spec 9: "configured number of seconds, value not shown"). */
  statusScreenPollSeconds: 15,
  qrSize: { min: 150, max: 400, step: 25, default: 250 },
  createFailed: 'Failed to create payment',
  statusFailed: 'Failed to fetch payment status',
  errorBanner: 'Payment Error',
  /** The 503 of every payment route while PAYMENT_PROVIDER is off, and the member screen's notice. */
  unavailable: 'Crypto payments are unavailable: no payment provider is configured on this platform',
  /** The mark of every simulated (sandbox) payment on member and admin screens. */
  testMark: 'Test payment',
  /** The admin dashboard's banner while the sandbox provider is on. */
  sandboxBanner:
    'Crypto payments are simulated (PAYMENT_PROVIDER=sandbox): test payments finish by themselves and credit fund wallets with money nobody paid. Never run it with real members.',
  copied: 'Address copied to clipboard!',
  copyFailed: 'Failed to copy address',
  success: 'Payment Successful!',
} as const;

/** How a currency code reads on screen (usdtbsc is USDT on BNB Smart Chain, usd is shown as USDT). */
export function currencyLabel(code: string): string {
  if (code === PAYMENT.payCurrency) return PAYMENT.payCurrencyLabel;
  if (code === PAYMENT.priceCurrency) return PAYMENT.priceCurrencyLabel;
  return code.toUpperCase();
}

/**
 * Spec 2.9: the displayed payment amount is rounded up to a whole number plus 0.5, with one decimal
 * (10.2 -> "11.5", 10 -> "10.5"). Display only: the exact amount stays in the tooltip and the QR code.
 */
export function displayPayAmount(amount: number): string {
  return (Math.ceil(amount) + 0.5).toFixed(1);
}

/** BEP20 USDT on BNB Smart Chain (18 decimals). */
export const USDT_BSC = { chainId: 56, token: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 };

/** A decimal amount string as an integer of `decimals` places ("1.5", 18 -> "1500000000000000000"). */
export function toBaseUnits(amount: string, decimals: number): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const frac = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(`${match[1]}${frac}`).toString();
}

/** An integer of `decimals` places as a plain decimal string ("1500000000000000000", 18 -> "1.5"). */
function fromBaseUnits(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const frac = text.slice(text.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * What the member still has to send, exactly, as a decimal string: the pay amount, less what the
 * provider has seen arrive once a payment is partially paid (33 asked, 16.5 received -> "16.5").
 * Computed in 18-decimal integers, so no float rounding creeps into the amount a wallet is told.
 */
export function amountToSend(p: Pick<Payment, 'pay_amount' | 'actually_paid' | 'payment_status'>): string {
  const asked = toBaseUnits(plainDecimal(p.pay_amount), 18) ?? '0';
  if (p.payment_status !== 'partially_paid' || !p.actually_paid) return fromBaseUnits(BigInt(asked), 18);
  const received = BigInt(toBaseUnits(plainDecimal(p.actually_paid), 18) ?? '0');
  const left = BigInt(asked) - received;
  return fromBaseUnits(left > 0n ? left : 0n, 18);
}

/** A JS number as a plain decimal string (no exponent), for the payment URI. */
function plainDecimal(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '0';
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(18).replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The payment URI the QR code carries (spec 2.8: address and amount). For usdtbsc it is an EIP-681
 * token transfer on chain 56, which wallet apps open as a prefilled USDT transfer; other currencies
 * get the generic `<currency>:<address>?amount=<amount>`.
 */
export function paymentUri(payCurrency: string, address: string, amount: number | string): string {
  const decimal = typeof amount === 'string' ? amount : plainDecimal(amount);
  if (payCurrency === PAYMENT.payCurrency) {
    const units = toBaseUnits(decimal, USDT_BSC.decimals) ?? '0';
    return `ethereum:${USDT_BSC.token}@${USDT_BSC.chainId}/transfer?address=${address}&uint256=${units}`;
  }
  return `${payCurrency}:${address}?amount=${decimal}`;
}

/** The price of a payment: usd, at most 2 decimals (spec 5: step 0.01), above zero, bounded. */
export const MAX_PAYMENT_MICRO = 1_000_000n * 1_000_000n;
export const priceAmount = moneyInput.superRefine((micro, ctx) => {
  if (micro <= 0n) ctx.addIssue({ code: 'custom', message: 'Enter an amount greater than zero' });
  else if (micro % 10_000n !== 0n)
    ctx.addIssue({ code: 'custom', message: 'The amount can have at most 2 decimals' });
  else if (micro > MAX_PAYMENT_MICRO || micro > MAX_AMOUNT_MICRO)
    ctx.addIssue({ code: 'custom', message: 'The amount can be at most 1,000,000' });
});

/** Spec 3 Payment request: price_amount, price_currency (only usd), pay_currency, id (the member's id). */
export const createPaymentBody = z.strictObject({
  price_amount: priceAmount,
  price_currency: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === PAYMENT.priceCurrency, 'Only usd is accepted as price currency'),
  pay_currency: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === PAYMENT.payCurrency, 'Only usdtbsc is accepted as pay currency'),
  id: int4Id,
});

export const paymentIdParam = z.object({
  paymentId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid payment id'),
});
export const minAmountParams = z.object({
  from: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{2,20}$/, 'Invalid currency'),
  to: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{2,20}$/, 'Invalid currency'),
});

/**
 * Spec 3 Payment response and Payment (status view), one shape for both: payment_id, payment_status,
 * pay_address, price_amount, price_currency, pay_amount, pay_currency, actually_paid, created_at,
 * order_id, expires_at; plus whether the fund wallet has been credited.
 */
export const payment = z.object({
  payment_id: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  pay_address: z.string(),
  price_amount: z.number(),
  price_currency: z.string(),
  pay_amount: z.number(),
  pay_currency: z.string(),
  actually_paid: z.number().nullable(),
  order_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  /** The amount credited to the fund wallet (null until credited). */
  credited_amount: z.number().nullable(),
  /** 'sandbox' payments are simulated: no real money moves. */
  provider: z.enum(['sandbox', 'nowpayments']),
  /** True for a simulated (sandbox) payment: a test payment, no real money behind it. */
  sandbox: z.boolean(),
});
export type Payment = z.infer<typeof payment>;

export const currenciesResponse = z.object({ currencies: z.array(z.string()) });
export const minAmountResponse = z.object({
  currency_from: z.string(),
  currency_to: z.string(),
  min_amount: z.number(),
});

/** Admin and member lists of provider payments (a member sees their own). */
export const paymentListQuery = pageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  user_id: int8Param.optional(),
  /** Only payments waiting for an admin's decision (partially paid, child payments, credit refused). */
  review: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const paymentListItem = payment.extend({
  user_id: z.number().int(),
  username: z.string(),
  parent_payment_id: z.string().nullable(),
  /** Why an admin should look at it, when it needs a decision. */
  review: z.string().nullable(),
  credited_at: z.string().nullable(),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;
export const paymentListResponse = z.object({ payments: z.array(paymentListItem), ...pageInfo });

export const PAYMENT_EVENT_SOURCES = ['create', 'ipn', 'poll', 'admin', 'expiry', 'settle'] as const;
export const paymentEvent = z.object({
  id: z.number().int(),
  source: z.enum(PAYMENT_EVENT_SOURCES),
  status: z.string().nullable(),
  accepted: z.boolean(),
  note: z.string(),
  actually_paid: z.number().nullable(),
  created_at: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEvent>;
export const paymentDetailResponse = z.object({
  payment: paymentListItem,
  history: z.array(paymentEvent),
  /** Child payments the provider opened for this one (parent_payment_id). */
  children: z.array(paymentListItem),
});

/** Admin: settle a partially paid (or child) payment by hand, with the amount to credit and why. */
export const settlePaymentBody = z.strictObject({
  amount: moneyInput.refine((v) => v > 0n, 'Enter an amount greater than zero'),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(300),
});

/** Admin, sandbox provider only: push a sandbox payment to a status (the sandbox sends a signed IPN). */
export const sandboxPushBody = z.strictObject({
  status: z.enum(PAYMENT_STATUSES),
  /** What the simulated customer has paid so far (pay currency); defaults by status. */
  actually_paid: z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      const micro = toMicro(v);
      if (micro === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter a non-negative amount with at most 6 decimals' });
        return z.NEVER;
      }
      return micro;
    })
    .optional(),
});
