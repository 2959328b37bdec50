import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { serverText } from '../../src/i18n/errors/server-texts';

/**
 * The server's success answers (a purchase, a transfer, a code redeemed...) in the member's
 * language, from the shipped catalogs themselves (compiled by Lingui's Vite plugin), the English
 * unchanged, and an answer it does not know shown as the server wrote it.
 */
async function show(locale: 'en' | 'es' | 'ar') {
  const { messages } = await import(`../../src/locales/${locale}/errors.po`);
  i18n.loadAndActivate({ locale, locales: [locale === 'ar' ? 'ar-u-nu-latn' : locale], messages });
}

describe("the server's success answers in the member's language (issue 38)", () => {
  it('says the spec dialog and the answers in Spanish, amounts in its separators', async () => {
    await show('es');
    expect(serverText('Successfull')).toBe('Listo');
    expect(serverText('Plan purchased')).toBe('Plan comprado');
    expect(serverText('Withdrawal requested; it will be paid once approved')).toBe(
      'Retiro solicitado; se pagará cuando se apruebe',
    );
    expect(serverText('Code redeemed: 1,234.50 USDT added to your fund wallet')).toBe(
      'Código canjeado: se añadieron 1234,50 USDT a tu billetera de fondos',
    );
    expect(serverText('Waiting for confirmations (3 of 12)')).toBe('Esperando confirmaciones (3 de 12)');
    expect(serverText('Something the server said')).toBe('Something the server said');
  });

  it('keeps the English exactly, and reads Arabic with Latin digits', async () => {
    await show('en');
    expect(serverText('Successfull')).toBe('Successfull');
    expect(serverText('Deposit credited: 12.00 USDT is in your fund wallet')).toBe(
      'Deposit credited: 12.00 USDT is in your fund wallet',
    );
    await show('ar');
    expect(serverText('Transfer sent')).toBe('تم إرسال التحويل');
    expect(serverText('Deposit credited: 12.00 USDT is in your fund wallet')).toContain('12');
  });
});
