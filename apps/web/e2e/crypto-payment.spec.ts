import type { Payment } from '@app/contracts/payments';
import { expect, test } from '@playwright/test';
import { newSoloDay } from './four-eyes-support';
import { expectNoSeriousViolations } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  shoot,
  signInAdmin,
  useMemberSession,
} from './support';

/**
 * Crypto payments through the sandbox provider (spec 2.8, 2.9): the test server asks for it
 * (PAYMENT_PROVIDER=sandbox in playwright.config.ts; the default is off); it speaks the NOWPayments
 * protocol and calls back with signed IPNs. Every screen marks its payments as test payments.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newMember(name: string): Promise<NewMember> {
  const root = await rootSession();
  return registerMember(root.auth.refferal_code, name);
}

async function createPayment(member: NewMember, amount: number): Promise<Payment> {
  const res = await api<Payment>('/nowpayments/create-payment', {
    token: member.auth.token,
    body: { price_amount: amount, price_currency: 'usd', pay_currency: 'usdtbsc', id: member.auth.id },
  });
  expect(res.status, res.data.message).toBe(201);
  return res.data;
}

/** The admin's sandbox control: the sandbox moves the payment and sends its signed IPN. */
async function push(paymentId: string, status: string) {
  const res = await api<{ payment: Payment }>(`/nowpayments/sandbox/${paymentId}/status`, {
    token: await adminToken(),
    body: { status },
  });
  expect(res.status, res.data.message).toBe(200);
  expect(res.data.payment.payment_status).toBe(status);
}

test('a new member deposits through the sandbox provider, from the form to Payment Successful!', async ({
  page,
}) => {
  // form, creation, four sandbox steps, three screens: two minutes and more on two loaded cores
  test.setTimeout(240_000);
  const member = await newMember('Paula Payer');
  await useMemberSession(page, member);
  await page.goto('/user/dashboard');
  // the menu's one Deposit entry, then its crypto payment method
  await page
    .getByRole('navigation', { name: 'Member navigation' })
    .getByRole('link', { name: 'Deposit', exact: true })
    .click();
  await page.getByRole('link', { name: 'Pay with crypto' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto payment', exact: true })).toBeVisible();
  await expect(page.getByTestId('payments-mode-notice')).toHaveText(
    'Test mode: crypto payments here are simulated by the sandbox provider. No real money moves.',
  );
  await expect(page.getByTestId('fund-balance')).toHaveText('0.00 USDT');
  await expect(page.getByText('No crypto payments yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Crypto payment' });
  // the member's words, not the provider's (issue 29.11)
  await expect(form.getByLabel('Pay with')).toHaveValue('usdtbsc');
  await expect(form.getByLabel('Pay with').locator('option')).toHaveText(['USDT (BEP20)']);
  await expect(form.getByLabel('Currency', { exact: true })).toHaveValue('USDT');
  for (const providerWord of ['Price amount', 'Price currency', 'Pay currency']) {
    await expect(form.getByLabel(providerWord)).toHaveCount(0);
  }
  // the menu shows where the member is: the crypto payment is a Deposit page
  const menu = page.getByRole('navigation', { name: 'Member navigation' });
  await expect(menu.getByRole('link', { name: 'Deposit', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(form.getByText('At least 2 USDT')).toBeVisible();
  await form.getByRole('button', { name: 'Create Payment' }).click();
  await expect(form.getByText('Enter an amount')).toBeVisible();
  await form.getByLabel('Amount to pay').fill('1');
  await form.getByRole('button', { name: 'Create Payment' }).click();
  await expect(form.getByText('The amount must be at least 2 USDT')).toBeVisible();
  await form.getByLabel('Amount to pay').fill('12.345');
  await form.getByRole('button', { name: 'Create Payment' }).click();
  await expect(form.getByText('The amount can have at most 2 decimals')).toBeVisible();
  await form.getByLabel('Amount to pay').fill('25');
  await shoot(page, 'crypto-payment-form');
  await form.getByRole('button', { name: 'Create Payment' }).click();

  // the created view: QR panel, what to send, the tracker
  await expect(page).toHaveURL(/\/user\/scanner\?payment=\d+$/);
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  await expect(page.getByText('Send exactly 25 USDT (BEP20) to')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Waiting');
  await expect(page.getByTestId('payment-hint')).toHaveText(
    'Waiting for payment to be sent to the provided address.',
  );
  await expect(page.getByText('Auto-refreshing every 10s')).toBeVisible();
  await expect(page.getByText(/Test mode: the sandbox provider simulates this payment/)).toBeVisible();
  // the mark beside the tracker's status, and beside the payment in the member's list below
  await expect(page.getByTestId('test-payment-mark')).toHaveText(['Test payment', 'Test payment']);
  await expect(page.locator('[data-testid="qr-frame"] svg')).toBeVisible();
  await shoot(page, 'crypto-payment-created');

  // the sandbox moves one step every 15 s of server time: move the server clock on
  await api('/test/clock', { body: { advance_seconds: 120 } });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
  // the price through the money format (issue 38), as every amount of the member's screens
  await expect(page.getByText('Thank you for your payment of 25.00 USDT.')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Finished');
  await expect(page.getByText('Auto-refreshing every 10s')).toHaveCount(0);
  await expect(page.getByTestId('fund-balance')).toHaveText('25.00 USDT');
  // one way on from the success box: spec 2.9's Return Home
  const success = page.getByRole('region', { name: 'Payment Successful!' });
  await expect(success.getByRole('link')).toHaveText(['Return Home']);
  await shoot(page, 'crypto-payment-success');

  // the balance everywhere: the dashboard's fund wallet, and the status screen
  await clientNavigate(page, '/user/dashboard');
  await expect(page.getByTestId('wallet-fund')).toHaveText('25.00 USDT');
  const id = (await api<{ payments: Payment[] }>('/nowpayments/payments', { token: member.auth.token })).data
    .payments[0]!.payment_id;
  await clientNavigate(page, `/user/payment/${id}`);
  await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Deposit', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('test-payment-mark')).toHaveText('Test payment');
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  await expectNoSeriousViolations(page, 'payment status (finished)');
});

test('the Payment Status screen: failed, expired, polling while open, and the error view', async ({
  page,
}) => {
  // many steps, each waiting for a poll: over a minute on two loaded cores
  const member = await newMember('Fiona Failed');
  const failed = await createPayment(member, 10.2);
  const expired = await createPayment(member, 30);
  const open = await createPayment(member, 12);
  // pushed by hand, a sandbox payment leaves the timer: it waits until pushed again
  await push(open.payment_id, 'waiting');
  await push(failed.payment_id, 'failed');
  await push(expired.payment_id, 'expired');
  await useMemberSession(page, member);

  await page.goto(`/user/payment/${failed.payment_id}`);
  // a full page load: on two loaded cores the app's chunks alone can take 20 s
  await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Failed');
  await expect(
    page.getByText('Payment processing has failed. Please contact support.').first(),
  ).toBeVisible();
  await expect(page.getByTestId('payment-id')).toHaveText(failed.payment_id);
  // spec 2.9: the amount is rounded up to a whole number plus 0.5, one decimal (10.2 -> 11.5)
  await expect(page.getByTestId('payment-amount')).toHaveText('11.5 USDT (BEP20)');
  await expect(page.getByTestId('payment-price')).toHaveText('10.20 USDT');
  await expect(page.getByText(/Auto-refreshing/)).toHaveCount(0);
  const badge = page.getByTestId('payment-status').locator('..');
  await expect(badge).toHaveClass(/bg-red-50/);
  await shoot(page, 'payment-status-failed');

  await clientNavigate(page, `/user/payment/${expired.payment_id}`);
  await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Expired');
  await expect(
    page.getByText('Payment time limit has expired without receiving funds.').first(),
  ).toBeVisible();
  await shoot(page, 'payment-status-expired');

  // an open payment polls every 15 s and follows the provider
  await clientNavigate(page, `/user/payment/${open.payment_id}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Waiting');
  await expect(page.getByText('Auto-refreshing every 15s')).toBeVisible();
  await expect(page.getByTestId('payment-status').locator('..')).toHaveClass(/bg-blue-50/);
  await push(open.payment_id, 'partially_paid');
  await expect(page.getByTestId('payment-status')).toHaveText('Partially paid', { timeout: 20_000 });
  await expect(page.getByTestId('payment-hint')).toHaveText(
    "You've sent less than the required amount. Please send the remaining amount.",
  );
  await expect(page.getByTestId('payment-received')).toHaveText('6 USDT (BEP20)');
  await shoot(page, 'payment-status-partial');

  // the error view: the server's text and Retry, which reloads the page
  await clientNavigate(page, '/user/payment/999999');
  await expect(page.getByTestId('payment-status-error')).toContainText('Payment not found');
  const other = await newMember('Otto Other');
  const theirs = await createPayment(other, 5);
  await page.goto(`/user/payment/${theirs.payment_id}`);
  await expect(page.getByTestId('payment-status-error')).toContainText('You are not allowed to do this');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('payment-status-error')).toBeVisible();
  await shoot(page, 'payment-status-error');
});

test('the QR panel: the payment URI at the default size, no size picker, copy address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await newMember('Quinn QR');
  const payment = await createPayment(member, 25);
  await useMemberSession(page, member);
  await page.goto(`/user/scanner?payment=${payment.payment_id}`);
  // a full page load: on two loaded cores the app's chunks alone can take 20 s
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible({ timeout: 45_000 });

  const frame = page.getByTestId('qr-frame');
  const qr = frame.locator('svg');
  // spec 2.8's default size; the size picker is not offered to members (issue 29.11)
  await expect(qr).toHaveAttribute('width', '250');
  await expect(page.getByLabel('QR size')).toHaveCount(0);
  // the QR carries the payment URI with the address and the amount (BEP20 USDT, 18 decimals)
  await expect(frame).toHaveAttribute(
    'data-uri',
    `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${payment.pay_address}&uint256=25000000000000000000`,
  );
  await expect(page.getByTestId('pay-address')).toHaveText(payment.pay_address);
  await expectNoSeriousViolations(page, 'crypto payment details');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/crypto-payment-created-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // what stays of a copy is the clipboard, not its short-lived toast
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(payment.pay_address);

  // a browser that refuses the clipboard
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    document.execCommand = () => false;
  });
  await page.getByRole('button', { name: 'Copy address' }).click();
  // the result stays in the live region screen readers announce (the toast goes after 2 s)
  await expect(page.getByTestId('copy-announcer')).toHaveText('Failed to copy address');

  await page.setViewportSize(PHONE);
  const box = await qr.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(PHONE.width - 32);
  await page.screenshot({ path: `${SHOTS}/crypto-payment-qr-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Create New Payment' }).click();
  await expect(page).toHaveURL(/\/user\/scanner$/);
  await expect(page.getByRole('form', { name: 'Crypto payment' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Payment status of ${payment.payment_id}` })).toBeVisible();
});

test('admin: crypto payments beside admin deposits, history, sandbox push and settling a partial payment', async ({
  page,
}) => {
  // dashboard, list, dialog, push, settle: near two minutes on two loaded cores
  test.setTimeout(240_000);
  const member = await newMember('Sam Settle');
  // the owner settles 20 USDT alone below: the suite's earlier solo approvals are a day old
  await newSoloDay();
  const payment = await createPayment(member, 40);
  await push(payment.payment_id, 'waiting');
  await signInAdmin(page);
  // the sandbox credits money nobody paid: the dashboard says so before any figure
  await clientNavigate(page, '/admin/dashboard');
  await expect(page.getByTestId('payments-mode-banner')).toContainText(
    'Crypto payments are simulated (PAYMENT_PROVIDER=sandbox)',
    { timeout: 45_000 }, // the dashboard's first queries, on two loaded cores
  );
  await clientNavigate(page, '/admin/deposits');
  await expect(page.getByRole('heading', { name: 'Record a deposit' })).toBeVisible();
  await page.getByRole('tab', { name: 'Crypto payments' }).click();
  await expect(page).toHaveURL(/tab=crypto/);
  const row = page.getByRole('row').filter({ hasText: payment.payment_id });
  await expect(row).toContainText(/sam/i);
  await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible();
  await expect(row.getByTestId('test-payment-mark')).toHaveText('Test payment');
  await expect(page.getByTestId('payments-mode-banner')).toContainText('test payments finish by themselves');
  await shoot(page, 'admin-crypto-payments');

  await row.getByRole('button', { name: `Details of payment ${payment.payment_id}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('test-payment-mark')).toHaveText('Test payment');
  await expect(dialog.getByRole('list', { name: 'Status history' })).toContainText('Created');
  await dialog.getByLabel('Status', { exact: true }).selectOption('partially_paid');
  await dialog.getByRole('button', { name: 'Push status' }).click();
  // what stays after the push: the history's callback, the status, the decision it now needs
  await expect(dialog.getByRole('list', { name: 'Status history' })).toContainText('Provider callback');
  await expect(dialog.getByText('Partially paid', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('Needs a decision')).toBeVisible();

  const settle = dialog.getByRole('form', { name: 'Settle the payment' });
  await expect(settle.getByLabel('Amount (USDT)')).toHaveValue('20');
  await settle.getByLabel('Reason').fill('Half arrived, checked on chain');
  await settle.getByRole('button', { name: 'Review' }).click();
  await shoot(page, 'admin-crypto-payment-settle');
  await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
  await expect(dialog.getByTestId('payment-credited')).toContainText('20.00 USDT');
  await expect(dialog.getByText('Settled by hand', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  const wallets = await api<{ wallets: { fund: number } }>(`/users/${member.auth.id}/wallets`, {
    token: member.auth.token,
  });
  expect(wallets.data.wallets.fund).toBe(20);
  await page.getByRole('tab', { name: 'Admin deposits' }).click();
  await expect(page.getByRole('heading', { name: 'All deposits' })).toBeVisible();
});
