/**
 * /admin/fraud as an admin uses it: two members give one payout address, a scan raises the signal
 * with both, the admin holds them (a withdrawal request is refused with the review message), then
 * releases one.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, singleUser } from './money-support';
import { adminToken, api, clientNavigate, registerMember, rootSession, shoot, signInAdmin } from './support';

const HELD = 'Your account is under review; claims and withdrawals are paused. Contact support.';

test('an admin finds two members sharing a payout address, holds them, then releases one', async ({
  page,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const address = `0x${randomBytes(20).toString('hex')}`;
  const pair = [
    await registerMember(root.auth.refferal_code, 'Fay Fraud'),
    await registerMember(root.auth.refferal_code, 'Fin Fraud'),
  ];
  const names: string[] = [];
  for (const m of pair) {
    const saved = await api(`/users/${m.auth.id}`, {
      method: 'PUT',
      token: m.auth.token,
      body: { bep20: address },
    });
    expect(saved.status).toBe(200);
    names.push((await singleUser(m.auth.id, admin)).username);
  }

  await signInAdmin(page);
  await clientNavigate(page, '/admin/fraud?limit=50');
  await expect(page.getByRole('heading', { name: 'Fraud signals', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Scan now' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: 'One payout address, several members' })
    .filter({ hasText: address });
  await expect(row).toBeVisible();
  for (const name of names) await expect(row.getByRole('link', { name })).toBeVisible();
  await expectNoSeriousViolations(page, 'fraud signals');
  await shoot(page, 'admin-fraud');

  await row.getByRole('button', { name: /^Hold the members of flag/ }).click();
  await expect(page.getByRole('dialog')).toContainText(names[0]!);
  await page.getByRole('dialog').getByRole('button', { name: 'Hold members' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toHaveCount(0); // no longer open

  // a held member's withdrawal request is refused with the review message
  const refused = await api<{ message: string }>('/withdrawalrequest/add', {
    token: pair[0]!.auth.token,
    body: { amount: 10, network: 'BEP20', password: pair[0]!.password },
  });
  expect(refused.status).toBe(403);
  expect(refused.data.message).toBe(HELD);

  await page.getByLabel('Status').selectOption('held');
  const held = page.getByRole('row').filter({ hasText: address });
  await expect(held.getByText('Held', { exact: true })).toHaveCount(2);
  await held.getByRole('button', { name: `Release ${names[0]}` }).click();
  await expect(held.getByText('Held', { exact: true })).toHaveCount(1);
  await shoot(page, 'admin-fraud-held');
  const after = await api<{ message: string }>('/withdrawalrequest/add', {
    token: pair[0]!.auth.token,
    body: { amount: 10, network: 'BEP20', password: pair[0]!.password },
  });
  expect(after.data.message).not.toBe(HELD);
});
