import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent, microToDecimal } from '../../src/i18n/format';
import { intlLocale } from '../../src/i18n/locales';
import { matchBrowserLanguages, negotiateLocale } from '../../src/i18n/negotiate';

const use = (locale: string) => i18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages: {} });

describe('the first language', () => {
  it('is the stored choice, then the browser languages we ship, then English', () => {
    expect(negotiateLocale('fr', ['es-ES'])).toBe('fr');
    expect(negotiateLocale(null, ['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(negotiateLocale(null, ['pt-PT'])).toBe('pt-BR');
    expect(negotiateLocale(null, ['PT-br'])).toBe('pt-BR');
    expect(negotiateLocale('xx', ['de'])).toBe('en');
    expect(negotiateLocale('pseudo', ['es'])).toBe('pseudo');
    expect(matchBrowserLanguages([])).toBeNull();
  });
});

describe('amounts, from decimal strings', () => {
  it('never pass through a float', () => {
    use('es');
    // 12345678901234567.005 as a float is 12345678901234568
    expect(formatAmount('12345678901234567.005')).toBe('12.345.678.901.234.567,01');
    expect(formatAmount(microToDecimal(-1_500_001n), { decimals: 6 })).toBe('-1,500001');
  });

  it('follow each language: Latin digits in Arabic and Hindi, Indian grouping in Hindi', () => {
    use('fr');
    expect(formatAmount('1234567.125')).toBe('1\u202f234\u202f567,13');
    use('ar');
    expect(formatAmount('1234567.125')).toBe('1,234,567.13');
    use('hi');
    expect(formatAmount('1234567.125')).toBe('12,34,567.13');
    use('en');
    expect(formatAmount('not a number')).toBe('not a number');
  });

  it('percentages as the API writes them (12.5 is 12.5 %)', () => {
    use('en');
    expect(formatPercent('12.5')).toBe('12.5%');
    expect(formatPercent('0.05')).toBe('0.05%');
    use('es');
    expect(formatPercent('-3')).toBe('-3\u00a0%');
  });

  it('micro-units to a decimal string, exactly', () => {
    expect(microToDecimal(0n)).toBe('0.000000');
    expect(microToDecimal(123_456_789n)).toBe('123.456789');
    expect(microToDecimal(-1n)).toBe('-0.000001');
  });
});
