import { expect, type Page, test } from '@playwright/test';
import { approveAsSecond, creditByTwo } from './four-eyes-support';
import { withdrawingMember } from './money-support';
import { offToTheRight, PHONE_SHOTS, sideways } from './phone-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

/** The money lists at phone width (issue 29.5): split from money-admin.spec.ts. */
/** A member with something in every money list: a pending withdrawal, a transfer, a plan bought. */
async function busyMember(admin: string): Promise<NewMember> {
  const root = await rootSession();
  const member = await withdrawingMember(root.auth.refferal_code, 'Phone Member');
  const friend = await registerMember(root.auth.refferal_code, 'Phone Friend');
  for (const wallet of ['fund', 'earnings'] as const) {
    await creditByTwo(member.auth.id, wallet, 200, 'E2E setup');
  }
  const requested = await api('/withdrawalrequest/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-phone-w-${member.auth.id}`,
    body: { amount: 25, network: 'BEP20', password: member.password },
  });
  expect(requested.status, requested.data.message).toBe(201);
  const sent = await api('/transfer/friend', {
    token: member.auth.token,
    idempotencyKey: `e2e-phone-t-${member.auth.id}`,
    body: { amount: 5, password: member.password, recipient: friend.auth.refferal_code },
  });
  expect(sent.status, sent.data.message).toBeLessThan(300);
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Phone plan ${uniq()}`, min_amount: 10, max_amount: 100_000 },
  });
  const bought = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-phone-p-${member.auth.id}`,
    body: { plan_id: plan.data.plan.id, amount: 50 },
  });
  expect(bought.status, bought.data.message).toBe(201);
  return member;
}

/**
 * Issue 29.5: on a phone a list's rows show their status and buttons without scrolling sideways (a
 * table in a scroll box kept the page from scrolling, yet hid them off to the right).
 */
async function fitsThePhone(page: Page, path: string, previous: { title: string }) {
  // the page itself, not the one before it (an in-app navigation keeps it until the next one loads)
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  await expect(title).not.toHaveText(previous.title);
  previous.title = (await title.textContent()) ?? '';
  await page.waitForLoadState('networkidle');
  expect(await sideways(page), `${path} scrolls sideways`).toEqual([]);
  expect(await offToTheRight(page), `${path}: out of view sideways`).toEqual([]);
  await page.screenshot({ path: `${PHONE_SHOTS}/phone${path.replaceAll('/', '-')}.png`, fullPage: true });
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the money screens fit a 375 px screen, every row with its status and buttons in view', async ({
    page,
  }) => {
    const member = await busyMember(await adminToken());
    await useMemberSession(page, member);
    const previous = { title: '' };
    for (const path of [
      '/user/withdrawal',
      '/user/subscription',
      '/user/topup',
      '/user/transfer',
      '/user/deposit-history',
      '/transactions/all',
      '/user/income',
      '/user/direct-members',
      '/user/queries',
    ]) {
      await page.goto(path);
      await fitsThePhone(page, path, previous);
    }
    // the rows were there: the pending request, its status and Cancel
    await page.goto('/user/withdrawal');
    const requests = page.getByRole('list', { name: 'Your withdrawal requests' });
    await expect(requests.getByText('Requested', { exact: true })).toBeVisible();
    await expect(requests.getByRole('button', { name: /^Cancel the Profit withdrawal/ })).toBeVisible();
  });

  test('the back-office lists fit a 375 px screen, every row with its status and buttons in view', async ({
    page,
  }) => {
    const admin = await adminToken();
    await busyMember(admin);
    await approveAsSecond(await api('/codes', { token: admin, body: { count: 2, value: 10 } }));
    const tag = uniq();
    await api('/news/add', {
      token: admin,
      body: { title: `Phone news ${tag}`, content: 'Read on a phone.' },
    });
    await api('/notifications', {
      token: admin,
      body: { title: `Phone note ${tag}`, message: 'For everyone', type: 'notification', users: true },
    });
    await api('/qr/add', {
      token: admin,
      body: { title: `Phone guide ${tag}`, url: 'https://example.com/guide' },
    });
    await signInAdmin(page);
    const previous = { title: 'Dashboard' };
    for (const path of [
      '/admin/plans',
      '/admin/deposits',
      '/admin/withdrawals',
      '/admin/topup',
      '/admin/codes',
      '/admin/approvals',
      '/admin/users',
      '/admin/roi-request',
      '/admin/reward-plans',
      '/admin/reward-transactions',
      '/admin/salary',
      '/admin/cto',
      '/admin/leadership',
      '/admin/tickets',
      '/admin/support',
      '/admin/notification/list',
      '/admin/mail',
      '/admin/bonuses',
      '/admin/news',
      '/admin/achievers',
      '/admin/qr',
      '/admin/team',
      '/admin/audit',
    ]) {
      await clientNavigate(page, path);
      await fitsThePhone(page, path, previous);
    }
    // the rows were there: a plan's Edit and Retire, a request's Approve and Reject
    await clientNavigate(page, '/admin/plans');
    await expect(page.getByRole('button', { name: /^Retire Phone plan/ }).first()).toBeVisible();
    await clientNavigate(page, '/admin/withdrawals');
    await expect(page.getByRole('button', { name: /^Reject withdrawal/ }).first()).toBeVisible();
  });
});
