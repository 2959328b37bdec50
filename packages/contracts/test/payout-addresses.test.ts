import { describe, expect, it } from 'vitest';
import { isBep20Address, isTrc20Address, payoutAddressProblem } from '../src/payout-addresses.js';
import { selfUpdateBody } from '../src/users.js';

// real addresses: USDT's TRC20 contract, TRON's documentation example, USDT's BEP20 contract
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRC20_DOCS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const BEP20 = '0x55d398326f99059fF775485246999027B3197955';

describe('payout addresses (issue 37.6)', () => {
  it('accepts TRC20 addresses whose base58check checksum holds', () => {
    expect(isTrc20Address(TRC20)).toBe(true);
    expect(isTrc20Address(TRC20_DOCS)).toBe(true);
  });

  it('refuses TRC20 addresses of the right pattern with a wrong checksum', () => {
    expect(isTrc20Address(`T${'A'.repeat(33)}`)).toBe(false);
    // one character changed
    expect(isTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBe(false);
    expect(payoutAddressProblem('TRC20', `T${'9'.repeat(33)}`)).toMatch(/wrong checksum/);
    expect(payoutAddressProblem('TRC20', 'T123')).toMatch(/start with T and be 34 characters/);
  });

  it('checks EIP-55 on mixed-case BEP20 addresses only', () => {
    expect(isBep20Address(BEP20)).toBe(true);
    expect(isBep20Address(BEP20.toLowerCase())).toBe(true);
    expect(isBep20Address(`0x${BEP20.slice(2).toUpperCase()}`)).toBe(true);
    expect(isBep20Address(`0x${'c'.repeat(40)}`)).toBe(true);
    // the first letter's case flipped
    expect(isBep20Address('0x55D398326f99059fF775485246999027B3197955')).toBe(false);
    expect(payoutAddressProblem('BEP20', '0x55D398326f99059fF775485246999027B3197955')).toMatch(
      /wrong checksum/,
    );
    expect(payoutAddressProblem('BEP20', '0x123')).toMatch(/0x followed by 40 hex characters/);
  });

  it('is what the profile form and the server refuse, and an empty field still clears the address', () => {
    expect(selfUpdateBody.safeParse({ trc20: `T${'A'.repeat(33)}` }).success).toBe(false);
    expect(selfUpdateBody.safeParse({ bep20: '0x55D398326f99059fF775485246999027B3197955' }).success).toBe(
      false,
    );
    expect(selfUpdateBody.parse({ trc20: ` ${TRC20} `, bep20: BEP20 })).toEqual({
      trc20: TRC20,
      bep20: BEP20,
    });
    expect(selfUpdateBody.parse({ trc20: '', bep20: '' })).toEqual({ trc20: '', bep20: '' });
  });
});
