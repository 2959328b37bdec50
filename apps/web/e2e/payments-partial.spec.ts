import type { Payment } from '@app/contracts/payments';
import { expect, test } from '@playwright/test';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  shoot,
  signInAdmin,
  useMemberSession,
} from './support';

/**
 * Issue 14: a partially paid payment asks for what remains (words and QR code), and one payment
 * shows its amounts so that nobody reads the rounded display figure of spec 2.9 as what to send.
 * The admin reads currencies in words (USDT (BEP20)), not the provider's codes (usdtbsc).
 */
const USDT_BSC_URI = 'ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer';

/** The admin's sandbox control: pushing a status also stops the sandbox moving the payment by itself. */
async function push(paymentId: string, status: string): Promise<Payment> {
  const res = await api<{ payment: Payment }>(`/nowpayments/sandbox/${paymentId}/status`, {
    token: await adminToken(),
    body: { status },
  });
  expect(res.status, res.data.message).toBe(200);
  return res.data.payment;
}

/** A payment that waits for money (held in waiting, so the sandbox does not finish it meanwhile). */
async function createPayment(token: string, id: number, amount: number): Promise<Payment> {
  const res = await api<Payment>('/nowpayments/create-payment', {
    token,
    body: { price_amount: amount, price_currency: 'usd', pay_currency: 'usdtbsc', id },
  });
  expect(res.status, res.data.message).toBe(201);
  await push(res.data.payment_id, 'waiting');
  return res.data;
}

test('a partially paid payment asks for the rest, in words and in the QR code', async ({ page }) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Pia Partial');
  const payment = await createPayment(member.auth.token, member.auth.id, 33);
  await useMemberSession(page, member);

  await page.goto(`/user/scanner?payment=${payment.payment_id}`);
  await expect(page.getByTestId('send-exactly')).toHaveText('Send exactly 33 USDT (BEP20) to', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('qr-frame')).toHaveAttribute(
    'data-uri',
    `${USDT_BSC_URI}?address=${payment.pay_address}&uint256=33000000000000000000`,
  );

  // the sandbox customer sends half (16.5 of 33): the provider says partially_paid
  expect((await push(payment.payment_id, 'partially_paid')).actually_paid).toBe(16.5);

  // the tracker polls every 10 s: the page follows without a reload
  await expect(page.getByTestId('send-exactly')).toHaveText('Send the remaining 16.5 USDT (BEP20) to', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('partial-received')).toHaveText('Received 16.5 of 33 USDT (BEP20).');
  await expect(page.getByTestId('qr-frame')).toHaveAttribute(
    'data-uri',
    `${USDT_BSC_URI}?address=${payment.pay_address}&uint256=16500000000000000000`,
  );
  await expect(page.getByTestId('payment-to-send')).toHaveText('16.5 USDT (BEP20)');
  await shoot(page, 'scanner-partially-paid');

  // the status screen keeps spec 2.9's rounded figure, labelled, with the exact rest beside it
  await page.goto(`/user/payment/${payment.payment_id}`);
  await expect(page.getByTestId('payment-amount')).toHaveText('33.5 USDT (BEP20)', { timeout: 30_000 });
  await expect(page.getByText('Amount (rounded up)', { exact: true })).toBeVisible();
  await expect(page.getByText('Still to send', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-to-send')).toHaveText('16.5 USDT (BEP20)');
  await expect(page.getByTestId('payment-received')).toHaveText('16.5 USDT (BEP20)');
  await shoot(page, 'payment-status-partially-paid');

  // the admin reads the currency in words in the list of crypto payments
  await signInAdmin(page);
  await clientNavigate(page, '/admin/deposits?tab=crypto');
  const row = page.getByRole('row').filter({ hasText: payment.payment_id });
  await expect(row).toContainText('16.5 USDT (BEP20)', { timeout: 45_000 });
  await expect(row).not.toContainText('usdtbsc');
  await shoot(page, 'admin-crypto-payments-currency');
});

test('one payment, its amounts labelled: the rounded display figure is never read as the amount to send', async ({
  page,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Rui Rounded');
  const payment = await createPayment(member.auth.token, member.auth.id, 20.25);
  await useMemberSession(page, member);

  await page.goto(`/user/payment/${payment.payment_id}`);
  await expect(page.getByText('Amount (rounded up)', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('payment-amount')).toHaveText('21.5 USDT (BEP20)');
  await expect(page.getByText('Amount to send', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-to-send')).toHaveText('20.25 USDT (BEP20)');
  await shoot(page, 'payment-status-labelled');

  // the creation flow, next to the QR code: only exact figures
  await page.goto(`/user/scanner?payment=${payment.payment_id}`);
  await expect(page.getByTestId('send-exactly')).toHaveText('Send exactly 20.25 USDT (BEP20) to', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('payment-amount')).toHaveText('20.25 USDT (BEP20)');
  await expect(page.getByText('Amount to send', { exact: true })).toBeVisible();
});
