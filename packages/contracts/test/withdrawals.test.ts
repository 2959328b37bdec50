import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { payoutExplorerUrl, payoutHashProblem, withdrawalFeePercent } from '../src/withdrawals.js';

describe('withdrawal fees (DOMAIN.md defaults)', () => {
  it('charges profit 10 %, ROI 5 %, compound 5 %', () => {
    expect(withdrawalFeePercent('profit', DEFAULT_SETTINGS, 100)).toBe(10);
    expect(withdrawalFeePercent('roi', DEFAULT_SETTINGS, 0)).toBe(5);
    expect(withdrawalFeePercent('compound', DEFAULT_SETTINGS, 0)).toBe(5);
  });

  it('charges principal 20 % within 10 days, 10 % within 20 days, then nothing', () => {
    expect(
      [0, 5, 9, 10, 19, 20, 400].map((d) => withdrawalFeePercent('principal', DEFAULT_SETTINGS, d)),
    ).toEqual([20, 20, 20, 10, 10, 0, 0]);
  });
});

describe('payout transaction hashes', () => {
  const hex = 'a1'.repeat(32);
  it('BEP20: 0x and 64 hex characters, any case, spaces around ignored', () => {
    for (const good of [`0x${hex}`, `0x${hex.toUpperCase()}`, `  0x${hex} `]) {
      expect(payoutHashProblem('BEP20', good), good).toBeNull();
    }
    for (const bad of ['0xpaid', '0xabc', hex, `0x${hex}0`, `0x${hex.slice(1)}`, `0x${'g'.repeat(64)}`, '']) {
      expect(payoutHashProblem('BEP20', bad), bad).toBe(
        'Not a BEP20 transaction hash: a BEP20 hash is 0x followed by 64 hexadecimal characters',
      );
    }
  });

  it('TRC20: 64 hex characters without 0x', () => {
    expect(payoutHashProblem('TRC20', hex.toUpperCase())).toBeNull();
    expect(payoutHashProblem('TRC20', `0x${hex}`)).toBe(
      'Not a TRC20 transaction hash: a TRC20 hash is 64 hexadecimal characters, without 0x',
    );
  });

  it('links a hash of the right form to its explorer, and no other', () => {
    expect(payoutExplorerUrl('BEP20', ` 0x${hex} `)).toBe(`https://bscscan.com/tx/0x${hex}`);
    expect(payoutExplorerUrl('TRC20', hex)).toBe(`https://tronscan.org/#/transaction/${hex}`);
    expect(payoutExplorerUrl('BEP20', '0xpaid')).toBeNull();
  });
});
