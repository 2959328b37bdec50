/**
 * HTTP client of the NOWPayments API (https://api.nowpayments.io/v1): `x-api-key` on every call,
 * `POST /payment`, `GET /payment/{id}`, `GET /currencies`, `GET /min-amount`, each bounded by a
 * timeout. The sandbox provider is this same client pointed at the stand-in server.
 */
import { z } from 'zod';
import { verifyIpn } from './ipn.js';
import {
  type CreatePaymentInput,
  type MinAmount,
  type PaymentProvider,
  ProviderError,
  type ProviderName,
  type ProviderPayment,
  providerPayment,
} from './provider.js';

export interface NowPaymentsOptions {
  baseUrl: string;
  apiKey: string;
  ipnSecret: string;
  timeoutMs: number;
}

const currenciesAnswer = z.object({
  currencies: z.array(z.union([z.string(), z.object({ code: z.string() })])),
});
const minAmountAnswer = z.object({
  currency_from: z.string(),
  currency_to: z.string(),
  min_amount: z.coerce.number().nonnegative(),
});

export class NowPaymentsClient implements PaymentProvider {
  private readonly base: string;

  constructor(
    readonly name: ProviderName,
    private readonly options: NowPaymentsOptions,
  ) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    return this.parse(providerPayment, await this.call('POST', '/payment', input));
  }

  async paymentStatus(paymentId: string): Promise<ProviderPayment> {
    return this.parse(providerPayment, await this.call('GET', `/payment/${encodeURIComponent(paymentId)}`));
  }

  async currencies(): Promise<string[]> {
    const answer = this.parse(currenciesAnswer, await this.call('GET', '/currencies'));
    return answer.currencies.map((c) => (typeof c === 'string' ? c : c.code).toLowerCase());
  }

  async minAmount(from: string, to: string): Promise<MinAmount> {
    const query = new URLSearchParams({ currency_from: from, currency_to: to });
    return this.parse(minAmountAnswer, await this.call('GET', `/min-amount?${query}`));
  }

  verifyCallback(body: unknown, signature: string | undefined): boolean {
    return verifyIpn(body, signature, this.options.ipnSecret);
  }

  /** Only the sandbox server answers this (a control of the stand-in, not of the NOWPayments API). */
  async pushStatus(paymentId: string, status: string, actuallyPaid?: string): Promise<ProviderPayment> {
    const body = { status, ...(actuallyPaid === undefined ? {} : { actually_paid: actuallyPaid }) };
    return this.parse(
      providerPayment,
      await this.call('POST', `/sandbox/payment/${encodeURIComponent(paymentId)}/status`, body),
    );
  }

  private parse<T>(schema: z.ZodType<T>, data: unknown): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError(
        'malformed',
        `the payment provider sent an answer that could not be read (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
      );
    }
    return parsed.data;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          'x-api-key': this.options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ProviderError('timeout', 'the payment provider did not answer in time');
      throw new ProviderError('unreachable', 'the payment provider could not be reached');
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok)
        throw new ProviderError('malformed', 'the payment provider sent an answer that is not JSON');
    }
    if (!response.ok) {
      const said =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message.slice(0, 300)
          : `HTTP ${response.status}`;
      throw new ProviderError('rejected', `the payment provider refused: ${said}`, response.status);
    }
    return data;
  }
}
