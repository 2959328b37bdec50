import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { withdrawalFeePercent } from '../src/withdrawals.js';

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
