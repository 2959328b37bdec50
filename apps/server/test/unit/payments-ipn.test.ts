import { plainDecimal } from '@app/contracts/money';
import { describe, expect, it } from 'vitest';
import { canonicalJson, signIpn, verifyIpn } from '../../src/modules/crypto/payments/ipn.js';
import { lessDecimal, sameDecimal } from '../../src/modules/crypto/payments/provider.js';

// The expected text and signature were computed outside this code base (Python: json.dumps with
// sort_keys=True and compact separators, hmac sha512), so a symmetric bug in signing and
// verifying cannot pass unnoticed.
const body = {
  payment_id: 5077125051,
  payment_status: 'finished',
  price_amount: 25.5,
  price_currency: 'usd',
  pay_currency: 'usdtbsc',
  actually_paid: 25.5,
  order_id: 'EH-7-abc',
  fee: { serviceFee: 0.1, currency: 'usdtbsc', depositFee: 0, withdrawalFee: 0 },
  list: [{ b: 1, a: 2 }],
  parent_payment_id: null,
};
const SIGNATURE =
  '2c6466f146a619fd1f4bf17a0f1706e98be97a40fd54231be6512a1c71be3046085717e85c95cd2de8e26dcce1cca114f57ebe6e9e9826dc0b3e05751fb78f8f';

describe('IPN signatures (HMAC-SHA512 over the body with keys sorted at every level)', () => {
  it('sorts nested keys, keeps array order, and matches an independently computed signature', () => {
    expect(canonicalJson(body)).toBe(
      '{"actually_paid":25.5,"fee":{"currency":"usdtbsc","depositFee":0,"serviceFee":0.1,"withdrawalFee":0},"list":[{"a":2,"b":1}],"order_id":"EH-7-abc","parent_payment_id":null,"pay_currency":"usdtbsc","payment_id":5077125051,"payment_status":"finished","price_amount":25.5,"price_currency":"usd"}',
    );
    expect(signIpn(body, 'unit-secret')).toBe(SIGNATURE);
    expect(verifyIpn(body, SIGNATURE, 'unit-secret')).toBe(true);
    expect(verifyIpn(body, SIGNATURE.toUpperCase(), 'unit-secret')).toBe(true);
  });

  it('refuses another secret, a changed nested value, a missing or malformed signature', () => {
    expect(verifyIpn(body, SIGNATURE, 'other-secret')).toBe(false);
    expect(verifyIpn({ ...body, fee: { ...body.fee, serviceFee: 0.2 } }, SIGNATURE, 'unit-secret')).toBe(
      false,
    );
    expect(verifyIpn({ ...body, list: [{ a: 2, b: 1 }, {}] }, SIGNATURE, 'unit-secret')).toBe(false);
    expect(verifyIpn(body, undefined, 'unit-secret')).toBe(false);
    expect(verifyIpn(body, SIGNATURE.slice(2), 'unit-secret')).toBe(false);
    expect(verifyIpn(body, `${SIGNATURE.slice(0, -1)}g`, 'unit-secret')).toBe(false);
    expect(verifyIpn([body], SIGNATURE, 'unit-secret')).toBe(false);
    expect(verifyIpn(null, SIGNATURE, 'unit-secret')).toBe(false);
  });
});

describe('provider decimals', () => {
  it('compares decimal texts by value and writes numbers without exponents', () => {
    expect(sameDecimal('25', '25.000000000000000000')).toBe(true);
    expect(sameDecimal('025.50', '25.5')).toBe(true);
    expect(sameDecimal('25.5', '25.05')).toBe(false);
    expect(lessDecimal('12.4999', '12.5')).toBe(true);
    expect(lessDecimal('12.5', '12.5')).toBe(false);
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(40.5)).toBe('40.5');
    expect(plainDecimal(1.5e-7)).toBe('0.00000015');
    expect(plainDecimal(1.5e21)).toBe('1500000000000000000000');
    expect(plainDecimal(-1)).toBeNull();
  });
});
