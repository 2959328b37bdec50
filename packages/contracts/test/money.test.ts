import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MSG, formatUsdt, fromMicro, MAX_AMOUNT_MICRO, moneyInput, toMicro } from '../src/money.js';

describe('money in micro-units', () => {
  it('parses decimal strings and numbers exactly', () => {
    expect(toMicro('12.5')).toBe(12_500_000n);
    expect(toMicro(0.1)).toBe(100_000n);
    expect(toMicro('0.000001')).toBe(1n);
    expect(toMicro(1234.56)).toBe(1_234_560_000n);
  });

  it('refuses negatives, more than 6 decimals, exponents, NaN and junk', () => {
    for (const bad of [
      '-1',
      '1.0000001',
      '1e3',
      'abc',
      '',
      '1.',
      '.5',
      Number.NaN,
      -0.5,
      1e-7,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(toMicro(bad as string | number)).toBeNull();
    }
  });

  it('round-trips every amount through the JSON number the API sends', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_MICRO }), (micro) => {
        expect(toMicro(fromMicro(micro))).toBe(micro);
      }),
    );
  });

  it('adds in micro-units without float drift', () => {
    expect(fromMicro(toMicro(0.1)! + toMicro(0.2)!)).toBe(0.3);
  });

  it('bounds what a client may send', () => {
    expect(moneyInput.safeParse('999999999.999999').success).toBe(true);
    expect(moneyInput.safeParse('1000000000').success).toBe(false);
    expect(moneyInput.safeParse(-1).error?.issues[0]?.message).toBe('Enter an amount of 0 or more');
    expect(MAX_AMOUNT_MICRO).toBe(10n ** 15n - 1n);
  });

  // issue 29.8: each mistake gets its own words, and the decimal comma is read
  it('says what is wrong with an amount', () => {
    const message = (value: string | number) => moneyInput.safeParse(value).error?.issues[0]?.message;
    expect(message('1000000000')).toBe('Too large (at most 999,999,999.999999 USDT)');
    expect(message(1e21)).toBe(AMOUNT_MSG.tooLarge);
    expect(message('abc')).toBe('Enter a number, such as 12.50');
    expect(message('1e3')).toBe(AMOUNT_MSG.notNumber);
    expect(message('-5')).toBe(AMOUNT_MSG.negative);
    expect(message('1.0000001')).toBe('Use at most 6 decimals');
    expect(message(1e-7)).toBe(AMOUNT_MSG.decimals);
    expect(message('  ')).toBe('Enter an amount');
    // a comma before three digits could be a thousands separator: asked, never guessed
    expect(message('1,000')).toBe(AMOUNT_MSG.separators);
    expect(message('1,000.50')).toBe(AMOUNT_MSG.separators);
    expect(message('1,234,567')).toBe(AMOUNT_MSG.separators);
  });

  it('reads a decimal comma and a bare point', () => {
    const micro = (value: string) => moneyInput.parse(value);
    expect(micro('12,5')).toBe(12_500_000n);
    expect(micro(' 12,50 ')).toBe(12_500_000n);
    expect(micro('0,125')).toBe(125_000n);
    expect(micro('12,3456')).toBe(12_345_600n);
    expect(micro('.5')).toBe(500_000n);
    expect(micro('5.')).toBe(5_000_000n);
    expect(micro('007.5')).toBe(7_500_000n);
    expect(micro('999999999.999999')).toBe(MAX_AMOUNT_MICRO);
  });

  it('formats for people with two decimals and the currency', () => {
    expect(formatUsdt(1_234_500_000n)).toBe('1,234.50 USDT');
    expect(formatUsdt(0n)).toBe('0.00 USDT');
  });

  it('formats exactly in integers, rounding half away from zero, as the locale formatter does', () => {
    expect(formatUsdt(1_005_000n)).toBe('1.01 USDT'); // 1.005 as a float is 1.00499…
    expect(formatUsdt(-2_345_678n, 6)).toBe('-2.345678 USDT');
    expect(formatUsdt(-4_000n)).toBe('0.00 USDT');
    expect(formatUsdt(123_456_789_012_345_678_901n)).toBe('123,456,789,012,345.68 USDT');
    expect(formatUsdt(12.5)).toBe('12.50 USDT');
    expect(formatUsdt(1_999_999n, 0)).toBe('2 USDT');
    const locale = (micro: bigint, decimals: number) =>
      `${(Number(micro) / 1e6).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} USDT`;
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        (micro, d) => {
          // the float is exact enough at this size unless the digit after the last shown is a 5
          const tail = (micro < 0n ? -micro : micro) % 10n ** BigInt(6 - d);
          fc.pre(d === 6 || tail * 2n !== 10n ** BigInt(6 - d));
          expect(formatUsdt(micro, d)).toBe(locale(micro, d).replace(/^-(0[.,0]*) USDT$/, '$1 USDT'));
        },
      ),
    );
  });
});

describe('percentOf', () => {
  it('takes a percentage of micro-units exactly, rounding down', async () => {
    const { percentOf } = await import('../src/money.js');
    expect(percentOf(1_000_000_000n, 20)).toBe(200_000_000n);
    expect(percentOf(5_000_000n, '0.5000')).toBe(25_000n);
    expect(percentOf(1n, 50)).toBe(0n);
    expect(percentOf(333_333n, 33.3333)).toBe(111_110n);
  });

  it('reads a percent written without decimals as it reads one with them ("10" is ten, not one)', async () => {
    const { percentOf } = await import('../src/money.js');
    expect(percentOf(100_000_000n, '10')).toBe(10_000_000n);
    expect(percentOf(100_000_000n, '10.0000')).toBe(10_000_000n);
    expect(percentOf(100_000_000n, '40')).toBe(40_000_000n);
    expect(percentOf(100_000_000n, '0')).toBe(0n);
  });
});
