import { describe, expect, it } from 'vitest';
import {
  amountToSend,
  createPaymentBody,
  displayPayAmount,
  isFailedPaymentStatus,
  isFinalPaymentStatus,
  PAYMENT_STATUSES,
  paymentStatusHint,
  paymentStatusTone,
  paymentUri,
  toBaseUnits,
} from '../src/payments.js';

describe('payment status rules (spec 4)', () => {
  it('final, failed, badge colours and hints', () => {
    expect(PAYMENT_STATUSES.filter(isFinalPaymentStatus)).toEqual([
      'finished',
      'failed',
      'refunded',
      'expired',
    ]);
    expect(PAYMENT_STATUSES.filter(isFailedPaymentStatus)).toEqual(['failed', 'refunded', 'expired']);
    expect(PAYMENT_STATUSES.map(paymentStatusTone)).toEqual([
      'blue',
      'blue',
      'blue',
      'blue',
      'blue',
      'green',
      'red',
      'amber',
      'red',
    ]);
    expect(paymentStatusHint('confirming')).toBe(
      'Transaction detected but not yet confirmed on the blockchain.',
    );
    expect(paymentStatusHint('partially_paid')).toBe(
      "You've sent less than the required amount. Please send the remaining amount.",
    );
    expect(paymentStatusHint('something')).toBe('Status is being processed.');
  });

  it('rounds the displayed amount up to a whole number plus 0.5, one decimal (spec 2.9)', () => {
    expect(displayPayAmount(10.2)).toBe('11.5');
    expect(displayPayAmount(10)).toBe('10.5');
    expect(displayPayAmount(0.0001)).toBe('1.5');
    expect(displayPayAmount(99.99)).toBe('100.5');
  });
});

describe('the payment URI of the QR code', () => {
  it('is an EIP-681 USDT transfer on BNB Smart Chain with the address and the amount in 18 decimals', () => {
    expect(paymentUri('usdtbsc', '0xabc', 25.5)).toBe(
      'ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=0xabc&uint256=25500000000000000000',
    );
    expect(paymentUri('btc', 'bc1q', 0.00012)).toBe('btc:bc1q?amount=0.00012');
    expect(toBaseUnits('1.000000000000000000001', 18)).toBe('1000000000000000000');
    expect(toBaseUnits('x', 18)).toBeNull();
  });
});

describe('the payment request (spec 3 and 5)', () => {
  it('takes usd prices with at most 2 decimals and usdtbsc only', () => {
    const ok = createPaymentBody.parse({
      price_amount: '12.34',
      price_currency: 'USD',
      pay_currency: 'usdtbsc',
      id: 4,
    });
    expect(ok).toEqual({ price_amount: 12_340_000n, price_currency: 'usd', pay_currency: 'usdtbsc', id: 4 });
    for (const bad of [
      { price_amount: 1.001 },
      { price_amount: 0 },
      { pay_currency: 'btc' },
      { price_currency: 'eur' },
    ]) {
      expect(
        createPaymentBody.safeParse({
          price_amount: 5,
          price_currency: 'usd',
          pay_currency: 'usdtbsc',
          id: 1,
          ...bad,
        }).success,
      ).toBe(false);
    }
  });
});

describe('what is left to send', () => {
  const p = (
    pay_amount: number,
    actually_paid: number | null,
    payment_status: 'waiting' | 'partially_paid',
  ) => ({
    pay_amount,
    actually_paid,
    payment_status,
  });
  it('is the exact pay amount until part of it arrived, then the rest, with no float drift', () => {
    expect(amountToSend(p(20.25, null, 'waiting'))).toBe('20.25');
    expect(amountToSend(p(33, 16.5, 'partially_paid'))).toBe('16.5');
    expect(amountToSend(p(0.3, 0.1, 'partially_paid'))).toBe('0.2'); // 0.3 - 0.1 is 0.19999999999999998 in floats
    expect(amountToSend(p(10, 12, 'partially_paid'))).toBe('0');
    // the QR code asks for the rest, not the whole amount again
    expect(paymentUri('usdtbsc', '0xabc', amountToSend(p(33, 16.5, 'partially_paid')))).toBe(
      'ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=0xabc&uint256=16500000000000000000',
    );
  });
});
