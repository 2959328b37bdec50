import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerMember, rootSession, useMemberSession } from './support';

/**
 * Issue 29.7: a transfer to oneself is refused as the recipient is typed, not after the review,
 * and the refusal names the section by the title the page gives it.
 */
const SHOTS = '/tmp/shots-29';
mkdirSync(SHOTS, { recursive: true });

test('naming yourself as the recipient is refused as you type, naming the section on screen', async ({
  page,
}) => {
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Tess Transfer');
  await useMemberSession(page, member);
  await page.goto('/user/transfer');
  const form = page.getByRole('form', { name: 'Send to a member' });
  const recipient = form.getByLabel('Member');
  const message =
    'You cannot send money to yourself. To move money between your own wallets, use "Earnings to fund wallet".';

  // the code in lower case: the server would find the member by it all the same
  await recipient.fill(member.auth.refferal_code.toLowerCase());
  await expect(form.getByText(message)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Review transfer' })).toBeDisabled();
  // the section it names is there, under that title
  await expect(page.getByRole('form', { name: 'Earnings to fund wallet' })).toBeVisible();
  await expect(page.getByText('Earnings to fund wallet', { exact: true })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/transfer-self-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // another member's code clears it
  await recipient.fill(root.auth.refferal_code);
  await expect(form.getByText(message)).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Review transfer' })).toBeEnabled();
});
