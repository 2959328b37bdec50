import type { Payment } from '@app/contracts/payments';
import { expect, test } from '@playwright/test';
import { chooseLanguage, type Screen, showsNoEnglish } from './i18n-support';
import { adminToken, api, type NewMember, registerMember, rootSession, useMemberSession } from './support';

/*
 * Issue 38, the crypto screens in the member's language: the crypto payment form and the member's
 * payments (/user/scanner), a created payment's QR panel and tracker, the Payment Status screen in
 * its waiting-for-the-rest, successful and failed states (/user/payment/:id), and the wallet
 * deposit page's connect card and history (/user/web3-deposit), each in Spanish, Arabic and Hindi
 * on a 390 px phone: none of the English sentences their files put in the catalog, laid out in the
 * language's direction, nothing sticking out sideways. The payments are real sandbox payments
 * (PAYMENT_PROVIDER=sandbox in playwright.config.ts) moved by the admin's sandbox control.
 */

/** The admin's sandbox control: pushing a status also stops the sandbox moving the payment by itself. */
async function push(paymentId: string, status: string): Promise<Payment> {
  const res = await api<{ payment: Payment }>(`/nowpayments/sandbox/${paymentId}/status`, {
    token: await adminToken(),
    body: { status },
  });
  expect(res.status, res.data.message).toBe(200);
  expect(res.data.payment.payment_status).toBe(status);
  return res.data.payment;
}

async function payment(member: NewMember, amount: number, status: string): Promise<string> {
  const res = await api<Payment>('/nowpayments/create-payment', {
    token: member.auth.token,
    body: { price_amount: amount, price_currency: 'usd', pay_currency: 'usdtbsc', id: member.auth.id },
  });
  expect(res.status, res.data.message).toBe(201);
  // held in waiting first, so the sandbox does not move it on by itself meanwhile
  await push(res.data.payment_id, 'waiting');
  if (status !== 'waiting') await push(res.data.payment_id, status);
  return res.data.payment_id;
}

const PAYMENT_FILES = ['src/features/member/payment/', 'src/components/payments/'];

function screens(ids: { partial: string; finished: string; expired: string }): Screen[] {
  return [
    {
      name: 'crypto-scanner',
      path: '/user/scanner',
      files: PAYMENT_FILES,
      // the form (after the provider's mode) and the member's payments (cards on a phone)
      ready: 'body:has(form input[inputmode="decimal"]) section[aria-labelledby="recent-payments"] li a',
    },
    {
      name: 'crypto-created',
      path: `/user/scanner?payment=${ids.partial}`,
      files: PAYMENT_FILES,
      ready: 'body:has([data-testid="qr-frame"]) [data-testid="partial-received"]',
    },
    {
      name: 'crypto-status-partial',
      path: `/user/payment/${ids.partial}`,
      files: PAYMENT_FILES,
      ready: '[data-testid="payment-to-send"]',
    },
    {
      name: 'crypto-status-success',
      path: `/user/payment/${ids.finished}`,
      files: PAYMENT_FILES,
      ready: '#payment-success',
    },
    {
      name: 'crypto-status-failed',
      path: `/user/payment/${ids.expired}`,
      files: PAYMENT_FILES,
      ready: '#payment-failed',
    },
    {
      name: 'crypto-web3-deposit',
      path: '/user/web3-deposit',
      files: [
        'src/features/member/web3/',
        'src/components/money/Web3DepositColumns.tsx',
        'src/features/member/web3/wallet/',
      ],
      // the wallet cards, and the history once loaded (its empty state: no list of placeholders)
      ready:
        'body:has([data-testid="wallet-status"]) section[aria-labelledby="wallet-deposits"]:not(:has(ul)) > div',
    },
  ];
}

/** What the crypto catalog of each language says for a finished payment and its sandbox mark. */
const WORDS: Record<string, { finished: string; testMark: string; toSend: string }> = {
  // the half still to send of 33, in the language's number format (Arabic keeps Latin digits)
  es: { finished: 'Completado', testMark: 'Pago de prueba', toSend: '16,5 USDT (BEP20)' },
  ar: { finished: 'مكتمل', testMark: 'دفعة اختبارية', toSend: '16.5 USDT (BEP20)' },
  hi: { finished: 'पूरा हुआ', testMark: 'टेस्ट भुगतान', toSend: '16.5 USDT (BEP20)' },
};

test.describe('crypto screens on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  for (const lang of ['es', 'ar', 'hi']) {
    test(`show no English and fit the screen in ${lang}`, async ({ page }) => {
      await chooseLanguage(page, lang);
      const root = await rootSession();
      const member = await registerMember(root.auth.refferal_code, `Cripto ${lang}`);
      const partial = await payment(member, 33, 'partially_paid');
      const finished = await payment(member, 25, 'finished');
      const expired = await payment(member, 12, 'expired');
      await useMemberSession(page, member);
      await showsNoEnglish(page, screens({ partial, finished, expired }), lang);

      // the statuses are single words (the sentence check passes them by): in the language too
      await page.goto(`/user/payment/${finished}`);
      await expect(page.getByTestId('payment-status')).toHaveText(WORDS[lang]!.finished);
      await expect(page.getByTestId('test-payment-mark')).toHaveText(WORDS[lang]!.testMark);
      await page.goto(`/user/payment/${partial}`);
      await expect(page.getByTestId('payment-to-send')).toHaveText(WORDS[lang]!.toSend);
      // amounts stay left to right inside a right-to-left page
      await expect(page.getByTestId('payment-to-send').locator('[dir="ltr"]')).toBeVisible();
    });
  }
});
