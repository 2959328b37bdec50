import type { Payment } from '@app/contracts/payments';
import { expect, type Page, test } from '@playwright/test';
import { creditByTwo } from './four-eyes-support';
import {
  adminToken,
  api,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  shoot,
  sql,
  useMemberSession,
} from './support';

/** Issue 37, items 1, 2 and 7: what a member sees of deposits, of scrolling, and of a transfer's recipient. */
const PHONE = { width: 390, height: 844 };

async function newMember(name: string): Promise<NewMember> {
  const root = await rootSession();
  return registerMember(root.auth.refferal_code, name);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('the deposit history shows a credited crypto payment beside an admin-recorded deposit, on desktop and phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await newMember('Cora Crypto');
  const created = await api<Payment>('/nowpayments/create-payment', {
    token: member.auth.token,
    body: { price_amount: 10_000, price_currency: 'usd', pay_currency: 'usdtbsc', id: member.auth.id },
  });
  expect(created.status, created.data.message).toBe(201);
  const pushed = await api(`/nowpayments/sandbox/${created.data.payment_id}/status`, {
    token: await adminToken(),
    body: { status: 'finished' },
  });
  expect(pushed.status).toBe(200);
  const recorded = await api('/deposite/add', {
    token: await adminToken(),
    body: { user_id: member.auth.id, amount: 75, note: 'Bank wire' },
  });
  expect(recorded.status).toBe(201);

  await useMemberSession(page, member);
  await page.goto('/user/deposit-history');
  const list = page.getByRole('table', { name: 'Your deposits' });
  const crypto = list.getByRole('row').filter({ hasText: 'Crypto payment' });
  // the IPN credits the payment within moments; the page shows what the server has at load
  await expect(async () => {
    await page.reload();
    await expect(crypto).toContainText('Credited', { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await expect(crypto).toContainText('10,000.00 USDT');
  await expect(crypto.getByRole('link', { name: /USDTBSC/ })).toBeVisible();
  const admin = list.getByRole('row').filter({ hasText: 'Recorded by an admin' });
  await expect(admin).toContainText('75.00 USDT');
  await expect(admin).toContainText('Pending');
  await expect(admin).toContainText('Bank wire');
  await expect(page.getByText('No deposits yet')).toHaveCount(0);
  await shoot(page, 'polish37-deposit-history');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByText('Crypto payment').first()).toBeVisible();
  await expect(page.getByText('Credited').first()).toBeVisible();
  await expect(page.getByText('Recorded by an admin')).toBeVisible();
});

test('a new page starts at the top, back returns to the place, an anchor lands below the header', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await newMember('Sid Scroll');
  await useMemberSession(page, member);
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(room, 'the dashboard is taller than the screen').toBeGreaterThan(200);
    const y = Math.min(600, room);
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => scrollY(page)).toBe(y);
    // the menu, from a scrolled page (on a phone, through its drawer)
    if (size.width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = size.width < 1024 ? page.getByTestId('nav-drawer') : page.locator('aside');
    // where the member was when they left (opening the phone's drawer may move the page under it)
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(100);
    await nav.getByRole('link', { name: 'Deposit history' }).click();
    await expect(page).toHaveURL(/deposit-history$/);
    await expect(page.getByRole('heading', { name: 'Deposit history' })).toBeInViewport();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/dashboard$/);
    await expect.poll(() => scrollY(page)).toBe(left);
    await page.goForward();
    await expect.poll(() => scrollY(page)).toBe(0);
  }

  // the dashboard's "Verify email" opens the profile at its verification card, below the sticky header
  await page.setViewportSize(PHONE);
  await page.goto('/user/dashboard');
  await page.getByRole('link', { name: 'Verify email' }).first().click();
  await expect(page).toHaveURL(/#verify$/);
  const card = page.locator('#verify');
  await expect(card).toBeInViewport();
  await expect
    .poll(async () => {
      const header = await page.locator('header').first().boundingBox();
      const box = await card.boundingBox();
      return box && header ? Math.round(box.y - (header.y + header.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  // what the member sees on landing (a full-page shot would draw the sticky header mid-page)
  await page.screenshot({ path: `${SHOTS}/polish37-verify-anchor-view-390.png` });
  await shoot(page, 'polish37-verify-anchor');
});

test('the transfer review names the recipient as the server found them', async ({ page }) => {
  test.setTimeout(120_000);
  const sender = await newMember('Sara Sender');
  const omar = await newMember('Omar Haddad');
  await creditByTwo(sender.auth.id, 'fund', 50);
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [sender.auth.id]);

  await useMemberSession(page, sender);
  await page.goto('/user/transfer');
  const form = page.getByRole('form', { name: 'Send to a member' });
  // typed as an e-mail address: the review says who that is
  await form.getByLabel('Member').fill(omar.email);
  await form.getByLabel('Amount (USDT)').fill('12');
  await form.getByLabel('Your password').fill(sender.password);
  await form.getByRole('button', { name: 'Review transfer' }).click();
  const dialog = page.getByRole('dialog');
  const rows = (await sql('SELECT username FROM users WHERE id = $1', [omar.auth.id])) as Array<{
    username: string;
  }>;
  const username = rows[0]?.username;
  await expect(dialog.getByTestId('transfer-recipient')).toHaveText(`Omar Haddad (@${username})`);
  await shoot(page, 'polish37-transfer-review');
  await dialog.getByRole('button', { name: 'Send money' }).click();
  await expect(page.getByTestId('fund-balance')).toHaveText('38.00 USDT');

  // a handle that names nobody is answered at the field, before any review
  await form.getByLabel('Member').fill('no-such-member-37');
  await form.getByLabel('Amount (USDT)').fill('1');
  await form.getByLabel('Your password').fill(sender.password);
  await form.getByRole('button', { name: 'Review transfer' }).click();
  await expect(form.getByText('No member with that username, e-mail or referral code')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
