import { ACHIEVER_MSG } from '@app/contracts/achievers';
import { NEWS_MSG } from '@app/contracts/news';
import { QR_MSG } from '@app/contracts/qr-links';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, toast } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  registerMember,
  rootSession,
  shoot,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

const DESKTOP = { width: 1280, height: 800 };

/** A portrait drawn by the browser itself (a real PNG, no fixture file needed). */
async function portraitPng(page: Page): Promise<Buffer> {
  await page.setContent(
    `<div id="p" style="width:240px;height:240px;display:flex;align-items:center;justify-content:center;
      background:radial-gradient(circle at 50% 35%,#fcd34d 0 22%,#4f46e5 23%);color:white;font:600 28px sans-serif">
      RS</div>`,
  );
  return page.locator('#p').screenshot();
}

test('admin posts news and an achiever with a photo; both appear on the home page', async ({ page }) => {
  const photo = await portraitPng(page);
  const tag = uniq();
  const newsTitle = `Sunday payouts ${tag}`;
  const name = `Riya ${tag}`;

  await signInAdmin(page);
  await clientNavigate(page, '/admin/news');
  await expect(page.getByRole('heading', { name: 'News', exact: true })).toBeVisible();

  // News: validation, then publish, then edit.
  await page.getByRole('button', { name: 'Add news' }).click();
  const newsForm = page.getByRole('form', { name: 'News' });
  await newsForm.getByRole('button', { name: 'Publish news' }).click();
  await expect(newsForm.getByText(NEWS_MSG.titleRequired)).toBeVisible();
  await expect(newsForm.getByText(NEWS_MSG.contentRequired)).toBeVisible();
  await newsForm.getByLabel('Title').fill(`Withdrawals ${tag}`);
  await newsForm
    .getByLabel('Content')
    .fill('Withdrawals are now processed on Sundays too.\nRequests sent before noon are paid the same day.');
  await newsForm.getByRole('button', { name: 'Publish news' }).click();
  await expect(newsForm).toHaveCount(0);
  const newsRow = page.getByRole('row', { name: new RegExp(`Withdrawals ${tag}`) });
  await expect(newsRow).toBeVisible();
  await newsRow.getByRole('button', { name: `Edit Withdrawals ${tag}` }).click();
  await expect(newsForm.getByLabel('Title')).toHaveValue(`Withdrawals ${tag}`);
  await newsForm.getByLabel('Title').fill(newsTitle);
  await newsForm.getByRole('button', { name: 'Save news' }).click();
  await expect(page.getByRole('row', { name: new RegExp(newsTitle) })).toBeVisible();
  await expect(toast(page, NEWS_MSG.updated)).toBeHidden(); // axe reads a fading toast as low contrast
  await expectNoSeriousViolations(page, 'admin news');
  await shoot(page, 'content-admin-news');

  // Achievers: validation (text, a non-image picked, a fake image refused by the server), then add.
  await clientNavigate(page, '/admin/achievers');
  await expect(page.getByRole('heading', { name: 'Achievers', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add achiever' }).click();
  const form = page.getByRole('form', { name: 'Achiever' });
  await form.getByRole('button', { name: 'Add achiever' }).click();
  await expect(form.getByText(ACHIEVER_MSG.nameRequired)).toBeVisible();
  await expect(form.getByText(ACHIEVER_MSG.achievementRequired)).toBeVisible();
  await expect(form.getByText('Choose a photo to upload')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Achievement').fill('Reached the Gold rank');
  await form.getByLabel('Photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(form.getByText(ACHIEVER_MSG.photoType)).toBeVisible();
  // Named and typed as a PNG, but its bytes are text: the server looks at the bytes.
  await form.getByLabel('Photo').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  });
  await expect(form.getByText(ACHIEVER_MSG.photoType)).toHaveCount(0);
  await form.getByRole('button', { name: 'Add achiever' }).click();
  await expect(form.getByRole('alert')).toHaveText(ACHIEVER_MSG.photoType);
  await form.getByLabel('Photo').setInputFiles({ name: 'riya.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await form.getByRole('button', { name: 'Add achiever' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Reached the Gold rank');
  await expect(row.locator('img')).toHaveJSProperty('complete', true);
  expect(await row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(toast(page, ACHIEVER_MSG.created)).toBeHidden();
  await expectNoSeriousViolations(page, 'admin achievers');
  await shoot(page, 'content-admin-achievers');
  await page.getByRole('button', { name: 'Add achiever' }).click();
  await shoot(page, 'content-admin-achiever-dialog');
  await page.keyboard.press('Escape');

  // The home page, as a visitor.
  await page.goto('/');
  const achievers = page.getByRole('region', { name: 'Our achievers' });
  await expect(achievers.getByRole('heading', { name })).toBeVisible();
  await expect(achievers.getByText('Reached the Gold rank')).toBeVisible();
  const portrait = achievers.getByRole('img', { name });
  await expect(portrait).toBeVisible();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(240);
  const news = page.getByRole('region', { name: 'Latest news' });
  await expect(news.getByRole('heading', { name: newsTitle })).toBeVisible();
  await expect(news.getByText(/processed on Sundays too/)).toBeVisible();
  await expectNoSeriousViolations(page, 'home');
  await shoot(page, 'content-home');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'content-home-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Deleting (with confirmation) takes the achiever off the home page.
  await signInAdmin(page);
  await clientNavigate(page, '/admin/achievers');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this achiever?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // closed once the server has answered (while it is open the table is hidden behind it)
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Latest news' }).getByText(newsTitle)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('admin adds a QR link; a member sees it on the dashboard as a QR code', async ({ page, browser }) => {
  const tag = uniq();
  const title = `Community chat ${tag}`;
  const url = `https://t.me/earnhub_${tag}`;
  const admin = await adminToken();
  const hidden = await api<{ qrlink: { id: number } }>('/qr/add', {
    token: admin,
    body: { title: `Hidden guide ${tag}`, url: 'https://example.com/guide', active: false },
  });
  expect(hidden.status).toBe(201);
  const posted = await api('/news/add', {
    token: admin,
    body: { title: `Dashboard news ${tag}`, content: 'Members read this on their dashboard.' },
  });
  expect(posted.status).toBe(201);

  await signInAdmin(page);
  await clientNavigate(page, '/admin/qr');
  await expect(page.getByRole('heading', { name: 'QR links', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Hidden guide ${tag}`) })).toContainText('Hidden');
  await page.getByRole('button', { name: 'Add QR link' }).click();
  const form = page.getByRole('form', { name: 'QR link' });
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByText(QR_MSG.titleRequired)).toBeVisible();
  await expect(form.getByText(QR_MSG.urlRequired)).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('URL').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByText(QR_MSG.urlInvalid)).toBeVisible();
  await form.getByLabel('URL').fill(url);
  await expect(form.getByLabel('Show to members')).toBeChecked();
  await form.getByRole('button', { name: 'Add link' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('img', { name: `QR code for ${title}` })).toBeVisible();
  await expect(row.getByRole('link', { name: url })).toHaveAttribute('href', url);
  await expect(toast(page, QR_MSG.created)).toBeHidden();
  await expectNoSeriousViolations(page, 'admin qr');
  await shoot(page, 'content-admin-qr');

  // A member, in a browser of their own.
  const root = await rootSession();
  const member = await registerMember(root.auth.refferal_code, 'Qr Reader');
  const context = await browser.newContext({ viewport: DESKTOP });
  const memberPage = await context.newPage();
  await useMemberSession(memberPage, member);
  await memberPage.goto('/user/dashboard');
  const card = memberPage.locator('section', {
    has: memberPage.getByRole('heading', { name: 'Scan with your phone', exact: true }),
  });
  const item = card.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByRole('img', { name: `QR code for ${title}` })).toBeVisible();
  await expect(item.getByRole('link', { name: /Open link/ })).toHaveAttribute('href', url);
  await expect(card.getByText(`Hidden guide ${tag}`)).toHaveCount(0);
  const newsCard = memberPage.locator('section', {
    has: memberPage.getByRole('heading', { name: 'News', exact: true }),
  });
  await expect(newsCard.getByRole('heading', { name: `Dashboard news ${tag}` })).toBeVisible();
  await expectNoSeriousViolations(memberPage, 'member dashboard');
  await shoot(memberPage, 'content-dashboard');
  await memberPage.emulateMedia({ colorScheme: 'dark' });
  await shoot(memberPage, 'content-dashboard-dark');

  // Switched off by the admin: gone from the member's dashboard.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await form.getByLabel('Show to members').uncheck();
  await form.getByRole('button', { name: 'Save link' }).click();
  await expect(row).toContainText('Hidden');
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: `Dashboard news ${tag}` })).toBeVisible();
  await expect(memberPage.getByText(title)).toHaveCount(0);

  // Deleted with confirmation.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this QR link?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toHaveCount(0);
  // the row leaves the table while the list reloads too: wait for the server to have deleted it
  const titles = async () =>
    (await api<{ qrlinks: Array<{ title: string }> }>('/qr', { token: admin })).data.qrlinks.map(
      (l) => l.title,
    );
  await expect.poll(titles).not.toContain(title);
  await expect(row).toHaveCount(0);
  await context.close();
});

test('the admin content screens show their empty and error states', async ({ page }) => {
  await signInAdmin(page);
  // The server refuses the list: the screen says so instead of showing an empty table.
  await page.route('**/api/v1/achivers/list*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Database is down"}' }),
  );
  await clientNavigate(page, '/admin/achievers');
  // (a 5xx is retried 3 times with backoff first)
  await expect(page.getByRole('alert')).toContainText('Database is down', { timeout: 40_000 });
  await page.unroute('**/api/v1/achivers/list*');

  // An empty list tells the admin what to do next.
  await page.route('**/api/v1/qr?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ qrlinks: [], total: 0, totalPages: 0, currentPage: 1 }),
    }),
  );
  await clientNavigate(page, '/admin/qr');
  await expect(
    page.getByText('No QR links yet. Add one and members can scan it from their dashboard.'),
  ).toBeVisible();
});
