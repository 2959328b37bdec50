import { randomBytes } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { approveAsSecond, creditByTwo, newSoloDay } from './four-eyes-support';
import { buyPlan } from './plan-support';
import {
  adminToken,
  api,
  clientNavigate,
  latestMail,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  shoot,
  signInAdmin,
  sql,
  useMemberSession,
} from './support';

/**
 * Issue 37, items 10, 13, 18, 19 and 20: what people read is in their words. A ledger reference
 * is "Daily reward claim #n" and "Plan purchase #n", not the server's record names; an income
 * notification keeps "ROI income"; a withdrawal is "Paid" in the list, the notification and the
 * e-mail alike; a member's profile save says "Profile saved"; a plan's buy button shows its
 * accessible name; the activation card says what activation gives; the audit log reads in words.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A TRC20 address with a right base58check checksum (the USDT contract's). */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Story {
  member: NewMember;
  withdrawalId: number;
  planName: string;
}
let story: Story;

/**
 * A member with a 1,000 USDT plan who claimed one daily reward (5 USDT of ROI income, notified) and
 * whose 20 USDT TRC20 withdrawal an admin approved with its payout hash.
 */
async function memberWithHistory(): Promise<Story> {
  const root = await rootSession();
  const admin = await adminToken();
  const member = await registerMember(root.auth.refferal_code, 'Wendy Words');
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  const saved = await api(`/users/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
    body: { trc20: TRC20 },
  });
  expect(saved.status, saved.data.message).toBe(200);
  await buyPlan(admin, member, 1000);
  const plan = await api<{ singleuser: { plan_id: number } }>(`/users/${member.auth.id}`, { token: admin });
  const planName = (
    await api<{ singleplan: { name: string } }>(`/plans/${plan.data.singleuser.plan_id}`, { token: admin })
  ).data.singleplan.name;
  // every income told, whatever its size (the platform's minimum is 10 USDT)
  const prefs = await api('/notifications/settings', {
    method: 'PUT',
    token: member.auth.token,
    body: { income_notify_min: 0 },
  });
  expect(prefs.status, prefs.data.message).toBe(200);

  // the daily reward: a watch session, dated back past the watching time, then the claim
  const session = await api<{ session: { watch_seconds: number } }>('/referral/watch-session', {
    token: member.auth.token,
    body: { purpose: 'video' },
  });
  expect(session.status, session.data.message).toBe(201);
  await sql(
    'UPDATE watch_sessions SET started_at = started_at - make_interval(secs => $2) WHERE user_id = $1',
    [member.auth.id, session.data.session.watch_seconds + 5],
  );
  const claimed = await api(`/referral/self-trade/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
  });
  expect(claimed.status, claimed.data.message).toBe(200);

  // a withdrawal, approved by an admin with the payout's hash: it is paid
  await creditByTwo(member.auth.id, 'earnings', 50, 'E2E words');
  const asked = await api<{ withdrawal: { id: number } }>('/withdrawalrequest/add', {
    token: member.auth.token,
    idempotencyKey: `e2e-words-${member.auth.id}`,
    body: { amount: 20, network: 'TRC20', password: member.password },
  });
  expect(asked.status, asked.data.message).toBe(201);
  await newSoloDay();
  const decided = await api<{ approval?: { id: number } }>(`/withdrawalrequest/${asked.data.withdrawal.id}`, {
    method: 'PUT',
    token: admin,
    body: { status: 'approved', tx_hash: randomBytes(32).toString('hex') },
  });
  if (decided.status === 202) await approveAsSecond(decided);
  else expect(decided.status, decided.data.message).toBe(200);
  return { member, withdrawalId: asked.data.withdrawal.id, planName };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  story = await memberWithHistory();
});

async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await check();
  }
  await page.setViewportSize(DESKTOP);
}

test('a withdrawal is "Paid" in the list, the notification and the e-mail (37.18)', async ({ page }) => {
  const { member, withdrawalId } = story;
  await useMemberSession(page, member);
  await page.goto('/user/withdrawal');
  await page.setViewportSize(DESKTOP);
  const table = page.getByRole('table', { name: 'Your withdrawal requests' });
  await expect(table.getByRole('row').filter({ hasText: '20.00 USDT' })).toContainText('Paid');
  await expect(table.getByText('Approved', { exact: true })).toHaveCount(0);
  await expect(table.locator('[title="Approved and sent to the payout address."]')).toHaveText('Paid');
  // the status filter speaks the same words
  await expect(page.getByLabel('Status').locator('option')).toHaveText([
    'All statuses',
    'Requested',
    'Paid',
    'Rejected',
  ]);
  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'Your withdrawal requests' });
  await expect(cards.getByRole('listitem').filter({ hasText: '20.00 USDT' })).toContainText('Paid');
  await shoot(page, 'words37-withdrawal');

  await page.goto('/user/notifications');
  const notes = page.getByRole('list', { name: 'Notifications' });
  await atBothWidths(page, async () => {
    await expect(notes.getByRole('listitem', { name: 'Withdrawal paid' })).toContainText(
      'Your profit withdrawal of 20.00 USDT is paid',
    );
  });
  const mail = await latestMail(member.email);
  expect(mail.subject).toBe(`Your withdrawal #${withdrawalId} is paid`);
});

test("ledger references, income notifications and plan purchases in the member's words (37.13)", async ({
  page,
}) => {
  const { member } = story;
  await useMemberSession(page, member);
  await page.goto('/user/notifications');
  const notes = page.getByRole('list', { name: 'Notifications' });
  const roi = notes.getByRole('listitem', { name: 'ROI income paid' });
  await atBothWidths(page, async () => {
    await expect(roi).toContainText('5.00 USDT of ROI income was credited to you.');
  });
  await expect(page.getByText(/roi income/)).toHaveCount(0); // case-sensitive: the lowercased label
  await shoot(page, 'words37-notifications');

  await page.goto('/transactions/all');
  await page.getByRole('button', { name: 'Details of the ROI income of 5 USDT' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Daily reward claim #\d+$/)).toBeVisible();
  await expect(dialog.getByText(/roi claim/i)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/words37-roi-entry.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await atBothWidths(page, async () => {
    await expect(page.getByText(/plan bought with your fund \(Plan purchase #\d+\)/).first()).toBeVisible();
  });
  await expect(page.getByText(/top-up #/i)).toHaveCount(0);
  await shoot(page, 'words37-transactions');
});

test('a plan button shows its name, activation says what it gives, a profile save says "Profile saved" (37.20, 37.10, 37.19)', async ({
  page,
}) => {
  const { member, planName } = story;
  await useMemberSession(page, member);
  await page.goto('/user/subscription');
  await atBothWidths(page, async () => {
    // the visible text is the accessible name (WCAG 2.5.3)
    const buy = page.getByRole('button', { name: `Buy ${planName}`, exact: true });
    await expect(buy).toHaveText(`Buy ${planName}`);
    await expect(buy).toHaveAccessibleDescription('Adds to your active plan.');
    await expect(page.getByRole('button', { name: /this plan/i })).toHaveCount(0);
  });
  const activation = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Membership activation' }) });
  await expect(activation.getByText('Optional', { exact: true })).toBeVisible();
  await expect(page.getByText('Not activated')).toHaveCount(0);
  await expect(activation.getByTestId('activation-what')).toContainText(
    'marks your account as a paid member. That is all it does: your active plan earns without it',
  );
  await shoot(page, 'words37-subscription');

  await page.goto(`/user/profile/${member.auth.id}`);
  await page.getByLabel('Full name').fill('Wendy Wordsmith');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.userUpdated)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/words37-profile-saved.png` });
});

test('the audit log reads its actions in words, the code in a tooltip (37.13)', async ({ page }) => {
  const { withdrawalId } = story;
  await signInAdmin(page);
  await clientNavigate(page, '/admin/audit?action=withdrawal.approved');
  // a table at 1280, cards on a phone: the words either way, the code in the tooltip
  const action = page.locator('[title="withdrawal.approved"]');
  await atBothWidths(page, async () => {
    await expect(action.first()).toHaveText('Withdrawal approved as paid');
    await expect(action.first()).toBeVisible();
    await expect(page.getByText('withdrawal.approved', { exact: true })).toHaveCount(0);
  });
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: `#${withdrawalId}` });
  await expect(row).toContainText('Withdrawal approved as paid');
  await expect(page.getByLabel('Action').locator('option:checked')).toHaveText('Withdrawal approved as paid');
  await shoot(page, 'words37-audit');
  await row.getByRole('button', { name: /^View changes of entry \d+$/ }).click();
  const entry = page.getByRole('dialog', { name: 'Withdrawal approved as paid' });
  await expect(entry).toContainText('withdrawal.approved');
  await page.screenshot({ path: `${SHOTS}/words37-audit-entry.png` });
});
