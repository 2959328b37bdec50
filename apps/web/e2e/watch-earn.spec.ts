import { AUTH_STORAGE_KEY } from '@app/contracts/client';
import { ROI_CHECK, WATCH_EARN } from '@app/contracts/roi';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { approveDeposit } from './four-eyes-support';
import { expectNoSeriousViolations } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  type NewMember,
  registerMember,
  rootSession,
  SHOTS,
  signInAdmin,
  sql,
  useMemberSession,
} from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DAY_S = 86_400;

async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Moves the server's clock (CLOCK_CONTROL=on). */
async function serverLater(seconds: number) {
  const moved = await api('/test/clock', { body: { advance_seconds: seconds } });
  expect(moved.status).toBe(200);
}

/** POST /bonus lives outside /api/v1 (spec 7); an existing bonus of the type is kept. */
async function ensureBonus(token: string, body: Record<string, unknown>) {
  const res = await fetch(`${BASE_URL}/bonus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect([201, 409]).toContain(res.status);
}

async function investor(sponsor: string, token: string, amount: number) {
  const m = await registerMember(sponsor, 'Wanda Watcher');
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token,
    body: { name: 'Watch plan', min_amount: 10, max_amount: 100_000 },
  });
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token,
    body: { user_id: m.auth.id, amount },
  });
  await approveDeposit(dep.data.deposite.id, token);
  const bought = await api('/topup/add', {
    token: m.auth.token,
    body: { plan_id: plan.data.plan.id, amount },
  });
  expect(bought.status).toBe(201);
  return m;
}

/** Signs the member in (a fresh session, e.g. after the server's clock moved past the old one) and opens the screen. */
async function signInAgain(page: Page, m: NewMember) {
  const res = await api<{ auth: NewMember['auth']; expireAt: string }>('/auth/signin', {
    body: { email: m.email, password: m.password },
  });
  expect(res.status).toBe(200);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { auth: res.data.auth, expireAt: res.data.expireAt }, version: 0 }),
    ],
  );
  await page.goto('/watch/adds');
}

/** Start Watching, the 10 s countdown (server and browser clocks moved), then Claim Reward. */
async function watchAndClaim(page: Page) {
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: WATCH_EARN.startWatching }).click();
  await expect(modal.getByText(WATCH_EARN.pleaseWatch(10))).toBeVisible();
  await expect(modal.getByRole('button', { name: WATCH_EARN.claim })).toHaveCount(0);
  await serverLater(10);
  await page.clock.runFor(10_000);
  await expect(modal.getByText(WATCH_EARN.watched)).toBeVisible();
  await expect(modal.getByRole('button', { name: WATCH_EARN.watchAgain })).toBeVisible();
  await expect(
    modal.getByTestId('watch-modal').getByRole('button', { name: WATCH_EARN.close }),
  ).toBeVisible();
  await modal.getByRole('button', { name: WATCH_EARN.claim }).click();
  const success = page.getByRole('dialog', { name: WATCH_EARN.successTitle });
  await expect(success).toContainText(WATCH_EARN.successBody);
  return success;
}

test('watch and earn: claim, limit reached with countdown, 24 h later claim again; ad bonus', async ({
  page,
}) => {
  const root = await rootSession();
  const token = await adminToken();
  await ensureBonus(token, { title: 'Ad bonus', bonus_type: 'add_income', amount: 0.5, period_hours: 12 });
  // an empty library first: members then watch the bundled default video
  const library = await api<{ data: Array<{ id: number }> }>('/videos', { token });
  for (const v of library.data.data) await api(`/videos/${v.id}`, { method: 'DELETE', token });
  const m = await investor(root.auth.refferal_code, token, 1000);
  await page.clock.install();
  await useMemberSession(page, m);
  await page.goto('/watch/adds');

  await expect(page.getByRole('heading', { name: 'Watch and Earn' })).toBeVisible({ timeout: 30_000 });
  for (const tile of ['Earn in 10 seconds', 'Fresh rewards every 24 hours', 'Track progress']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  // the member's plan by its name, not 'Premium Active' for every plan (issue 29.10)
  await expect(page.getByTestId('plan-status')).toContainText('Watch plan');
  await expect(page.getByTestId('plan-status')).not.toContainText(WATCH_EARN.premium);
  const watch = page.getByRole('button', { name: WATCH_EARN.watchButton });
  await expect(watch).toBeVisible();
  await expectNoSeriousViolations(page, 'watch and earn');
  await shoot(page, 'watch-earn-eligible');

  // The modal: 700 wide, the bundled default video (the library is empty)
  await watch.click();
  const modal = page.getByRole('dialog');
  const box = await modal.boundingBox();
  expect(Math.round(box!.width)).toBe(WATCH_EARN.modalWidth);
  await expect(modal.locator('video')).toHaveAttribute('src', '/default-video.webm');
  await shoot(page, 'watch-earn-modal');
  const success = await watchAndClaim(page);
  // it says what the claim earned: 0.5 % of the 1,000 USDT plan
  await expect(success.getByTestId('claim-amount')).toHaveText('You earned 5.00 USDT');
  // the success dialog shows for 1.5 s, then the page rechecks and reloads after 1 s (real time)
  await expect(success).toBeHidden();
  await page.waitForEvent('load');
  const [roi] = await sql(
    `SELECT balance::float8 / 1e6 AS roi FROM accounts WHERE owner_user_id = $1 AND kind = 'roi'`,
    [m.auth.id],
  );
  expect(roi.roi).toBe(5);

  // after the reload: what the claim earned, and today's reward claimed (not 'Reward Limit Reached',
  // which read like an error) with when the next one opens, counting down every 60 s (issue 29.10)
  await expect(page.getByTestId('earned')).toHaveText('You earned 5.00 USDT of daily ROI.');
  await expect(page.getByRole('heading', { name: "Today's reward is claimed" })).toBeVisible();
  await expect(page.getByText(WATCH_EARN.limitReached)).toHaveCount(0);
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toContainText(/The next one opens (today|tomorrow) at \d{1,2}:\d\d/);
  await expect(countdown).toContainText(/23:59:\d\d/);
  const before = await countdown.textContent();
  await page.clock.runFor(60_000);
  await expect(countdown).not.toHaveText(before!);
  await expect(countdown).toContainText(/23:58:\d\d/);
  await expect(page.getByTestId('plan-status')).toContainText('Last claim');
  await expect(page.getByRole('button', { name: WATCH_EARN.watchButton })).toHaveCount(0);
  await shoot(page, 'watch-earn-limit');

  // The ad bonus: watch an ad, claim it
  await page.getByRole('button', { name: 'Watch ad' }).click();
  await expect(page.getByRole('dialog')).toContainText('Watch the ad to claim your ad bonus.');
  const adSuccess = await watchAndClaim(page);
  await expect(adSuccess).toContainText('Bonus has been claimed');
  await expect(adSuccess.getByTestId('claim-amount')).toHaveText('You earned 0.50 USDT');
  await page.waitForEvent('load');
  await expect(page.getByTestId('earned')).toHaveText('You earned 0.50 USDT with the ad bonus.');
  await expect(page.getByTestId('ad-bonus')).toContainText('Claimed. Next ad in');

  // 24 hours later on the server's clock (which decides, and which the countdown counts from): the
  // reward is back; the member's 24 h session has ended meanwhile, so they sign in again
  // today's video is now a YouTube link: the modal embeds its player
  await serverLater(DAY_S);
  const added = await api('/videos', {
    token: await adminToken(),
    body: { title: 'Lesson of the day', url: 'https://youtu.be/dQw4w9WgXcQ' },
  });
  expect(added.status).toBe(201);
  await signInAgain(page, m);
  await expect(page.getByRole('button', { name: WATCH_EARN.watchButton })).toBeVisible();
  await page.getByRole('button', { name: WATCH_EARN.watchButton }).click();
  const player = page.getByRole('dialog').locator('iframe[title="Lesson of the day"]');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  await watchAndClaim(page);
  await page.waitForEvent('load');
  await expect(page.getByRole('heading', { name: "Today's reward is claimed" })).toBeVisible();
  // said once: a later reload of the page does not repeat it
  await page.reload();
  await expect(page.getByRole('heading', { name: "Today's reward is claimed" })).toBeVisible();
  await expect(page.getByTestId('earned')).toHaveCount(0);
  const [after] = await sql(
    `SELECT balance::float8 / 1e6 AS roi FROM accounts WHERE owner_user_id = $1 AND kind = 'roi'`,
    [m.auth.id],
  );
  expect(after.roi).toBe(10);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/watch-earn-limit-dark.png`, fullPage: true });
});

test('an admin adds the video bonus; members without a plan claim it', async ({ page }) => {
  const root = await rootSession();
  const token = await adminToken();
  const listed = await api<{ bonus: Array<{ id: number; bonus_type: string }> }>('/bonus', { token });
  for (const b of listed.data.bonus.filter((x) => x.bonus_type === 'roi_income')) {
    await fetch(`${BASE_URL}/bonus/${b.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  // Admin: Bonuses screen (POST /bonus without the version prefix)
  await signInAdmin(page);
  await clientNavigate(page, '/admin/bonuses');
  await expect(page.getByRole('heading', { name: 'Bonuses', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add bonus' }).click();
  const form = page.getByRole('form', { name: 'Bonus' });
  await form.getByRole('button', { name: 'Add bonus' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill('Video bonus');
  await form.getByLabel('Type').fill('roi_income');
  await form.getByLabel('Amount (USDT)').fill('1');
  await form.getByRole('button', { name: 'Add bonus' }).click();
  await expect(form).toHaveCount(0);
  const row = page.getByRole('row', { name: /Video bonus/ });
  await expect(row).toContainText('roi_income');
  await expect(row).toContainText('1.00 USDT');
  await expect(row).toContainText('24 h');
  await expectNoSeriousViolations(page, 'admin bonuses');
  await shoot(page, 'admin-bonuses');

  const m = await registerMember(root.auth.refferal_code, 'Nora Noplan');
  await page.clock.install();
  await signInAgain(page, m); // the page holds the admin's (unpersisted) state: store the member's session
  await expect(page.getByTestId('plan-status')).toContainText(WATCH_EARN.noPlan);
  await expect(page.getByText('video bonus of 1.00 USDT')).toBeVisible();
  await page.getByRole('button', { name: WATCH_EARN.watchButton }).click();
  const success = await watchAndClaim(page);
  await expect(success).toContainText('Bonus has been claimed');
  await page.waitForEvent('load');
  await expect(page.getByRole('heading', { name: "Today's video bonus is claimed" })).toBeVisible();
  await expect(page.getByTestId('earned')).toHaveText('You earned 1.00 USDT with the video bonus.');
  const [earned] = await sql(
    `SELECT balance::float8 / 1e6 AS v FROM accounts WHERE owner_user_id = $1 AND kind = 'earnings'`,
    [m.auth.id],
  );
  expect(earned.v).toBe(1);
  await shoot(page, 'watch-earn-no-plan');
});

test('the eligibility check retries at 2, 4 and 6 s, then shows the error with Retry; blocked members see Access Denied', async ({
  page,
}) => {
  const root = await rootSession();
  const token = await adminToken();
  const m = await investor(root.auth.refferal_code, token, 100);
  let calls = 0;
  await page.route('**/api/v1/tr/roi-check/**', async (route) => {
    calls += 1;
    await route.fulfill({ status: 503, json: { message: 'down' } });
  });
  await page.clock.install();
  await useMemberSession(page, m);
  await page.goto('/watch/adds');
  await expect(page.getByText(WATCH_EARN.checking)).toBeVisible();
  await expect.poll(() => calls).toBe(1);
  await page.clock.runFor(2000);
  await expect.poll(() => calls).toBe(2);
  await page.clock.runFor(4000);
  await expect.poll(() => calls).toBe(3);
  await expect(page.getByText(ROI_CHECK.server)).toHaveCount(0);
  await page.clock.runFor(6000);
  await expect.poll(() => calls).toBe(4);
  await expect(page.getByRole('alert')).toContainText(ROI_CHECK.server);
  await shoot(page, 'watch-earn-error');
  await page.unroute('**/api/v1/tr/roi-check/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: WATCH_EARN.watchButton })).toBeVisible();

  // a blocked member (as the member record says) sees Access Denied
  await page.route(`**/api/v1/users/${m.auth.id}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.singleuser.status = 'block';
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: WATCH_EARN.accessDenied })).toBeVisible();
  await expect(page.getByRole('button', { name: WATCH_EARN.watchButton })).toHaveCount(0);
  await shoot(page, 'watch-earn-denied');
});
