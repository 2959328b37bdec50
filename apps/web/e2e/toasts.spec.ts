import { MSG } from '@app/contracts/messages';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  api,
  clientNavigate,
  registerMember,
  rootSession,
  SHOTS,
  signInAdmin,
  useMemberSession,
} from './support';

/**
 * Issue 37.9: a toast covers neither the app header nor the control just pressed ("Backup started"
 * sat on "Back up now", the code-sent toast on the verification card's header), at 1280 and 390 px,
 * and can be dismissed: its close button, or Escape.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast saying `text`: its whole bar (the bordered box a person sees). */
const toastBar = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast').filter({ hasText: text }).locator('..');

async function expectClear(page: Page, bar: Locator, pressed: Locator) {
  await expect(bar).toBeVisible();
  // the pointer on the toast holds it (react-hot-toast pauses while hovered): measured at leisure
  await bar.hover();
  const box = (await bar.boundingBox())!;
  const button = (await pressed.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(
    intersects(box, button),
    `toast ${JSON.stringify(box)} over the button ${JSON.stringify(button)}`,
  ).toBe(false);
  expect(
    intersects(box, header),
    `toast ${JSON.stringify(box)} over the header ${JSON.stringify(header)}`,
  ).toBe(false);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

for (const size of SIZES) {
  test(`the code-sent toast clears the verification card and the header, and closes (${size.width} px)`, async ({
    page,
  }) => {
    const root = await rootSession();
    const member = await registerMember(root.auth.refferal_code, `Toast ${size.width}`);
    await page.setViewportSize(size);
    await useMemberSession(page, member);
    await page.goto(`/user/profile/${member.auth.id}#verify`);
    const card = page.locator('#verify');
    const send = card.getByRole('button', { name: 'Send code' });
    await expect(send).toBeInViewport();
    await send.click();
    const bar = toastBar(page, MSG.otpSent);
    // the same button, now named for a second code (the code field appeared above it)
    await expectClear(page, bar, card.getByRole('button', { name: 'Send a new code' }));
    // nor the card's header (its title and badge)
    const title = (await card
      .getByRole('heading', { name: 'Email verification' })
      .locator('..')
      .boundingBox())!;
    expect(intersects((await bar.boundingBox())!, title)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/toast-code-sent-${size.width}.png` });
    await bar.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(bar).toHaveCount(0);

    // a minute later (one code a minute), a new code: that toast goes with Escape
    expect((await api('/test/clock', { body: { advance_seconds: 61 } })).status).toBe(200);
    await card.getByRole('button', { name: 'Send a new code' }).click();
    const next = toastBar(page, MSG.otpSent);
    await expect(next).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(next).toHaveCount(0);
  });

  test(`"Backup started" clears "Back up now" and the header, and closes (${size.width} px)`, async ({
    page,
  }) => {
    await signInAdmin(page);
    await page.setViewportSize(size);
    await clientNavigate(page, '/admin/backups');
    const backUp = page.getByRole('button', { name: 'Back up now' });
    // one backup at a time: a run left by the other size's test ends first
    await expect(backUp).toBeEnabled({ timeout: 60_000 });
    await backUp.click();
    const bar = toastBar(page, 'Backup started');
    await expectClear(page, bar, backUp);
    await page.screenshot({ path: `${SHOTS}/toast-backup-started-${size.width}.png` });
    await bar.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(bar).toHaveCount(0);
    await expect(backUp).toBeEnabled({ timeout: 60_000 });
  });
}
