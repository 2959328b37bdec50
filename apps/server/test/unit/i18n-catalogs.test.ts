import { INCOME_KIND_LABEL } from '@app/contracts/incomes';
import { LOCALES } from '@app/contracts/locales';
import { formatUsdt } from '@app/contracts/money';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { CATALOGS, t, usdtIn } from '../../src/i18n/index.js';

/** The arguments a message uses, and the select/plural keys it offers ("hasReason=yes"). */
function shape(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
      if (token.type === 'select' || token.type === 'plural' || token.type === 'selectordinal') {
        found.add(token.arg);
        for (const c of token.cases) {
          if (token.type === 'select') found.add(`${token.arg}=${c.key}`);
          walk(c.tokens);
        }
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('the server catalogs (issue 38)', () => {
  const english = CATALOGS.en;
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has every message, each with the English arguments',
    (locale) => {
      const catalog = CATALOGS[locale];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [id, text] of Object.entries(catalog)) {
        expect(text.trim(), `${locale} ${id}`).not.toBe('');
        expect(shape(text), `${locale} ${id}`).toEqual(shape(english[id]!));
        // an untranslated copy of a sentence is a gap, not a translation (words such as "ROI" may stay)
        if (text.length > 24) expect(text, `${locale} ${id}`).not.toBe(english[id]);
      }
    },
  );

  it('keeps the English income words of the contracts', () => {
    for (const [kind, label] of Object.entries(INCOME_KIND_LABEL)) {
      expect(t('en', { id: `word.income.${kind}` as never })).toBe(label);
    }
  });

  it('formats amounts exactly from micro-units in each language, as formatUsdt does in English', () => {
    for (const micro of [0n, 1n, 5_000n, 1_234_567_890n, -2_500_000n, 123_456_789_012_345_678n]) {
      expect(usdtIn('en', micro)).toBe(formatUsdt(micro));
      expect(usdtIn('en', micro, 6)).toBe(formatUsdt(micro, 6));
    }
    // past 2^53 a float would lose the last digits
    expect(usdtIn('es', 123_456_789_012_345_678n, 6)).toBe('123.456.789.012,345678 USDT');
    expect(usdtIn('fr', 1_234_500_000n)).toBe('1\u202f234,50 USDT');
    expect(usdtIn('hi', 123_456_700_000n)).toBe('1,23,456.70 USDT');
    expect(usdtIn('ar', 1_234_500_000n)).toBe('\u20661,234.50 USDT\u2069');
  });

  it('writes plurals by the language’s rules', () => {
    const otp = (locale: 'ru' | 'ar', minutes: number) =>
      t(locale, { id: 'mail.otp.text', values: { name: 'A', code: '123456', minutes } });
    expect(otp('ru', 1)).toContain('1 минуту');
    expect(otp('ru', 3)).toContain('3 минуты');
    expect(otp('ru', 10)).toContain('10 минут');
    expect(otp('ar', 2)).toContain('دقيقتين');
    expect(otp('ar', 10)).toContain('10 دقائق');
  });
});
