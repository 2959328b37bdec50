import { VIDEO_MSG } from '@app/contracts/videos';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './money-support';
import { adminToken, api, clientNavigate, SHOTS, signInAdmin, uniq } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('admin video library: empty state, validation, add, edit, delete', async ({ page }) => {
  // start from an empty library (the watch-and-earn test may have added videos before)
  const token = await adminToken();
  const existing = await api<{ data: Array<{ id: number }> }>('/videos', { token });
  for (const v of existing.data.data) await api(`/videos/${v.id}`, { method: 'DELETE', token });

  await signInAdmin(page);
  await clientNavigate(page, '/admin/video-manager');
  await expect(page.getByRole('heading', { name: 'Video Library', exact: true })).toBeVisible();
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();
  await shoot(page, 'video-library-empty');

  // Add: validation messages of spec 5, cleared as the field is edited
  await page.getByRole('button', { name: 'Add Your First Video' }).click();
  const form = page.getByRole('form', { name: 'Video' });
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(form.getByText(VIDEO_MSG.titleRequired)).toBeVisible();
  await expect(form.getByText(VIDEO_MSG.urlRequired)).toBeVisible();
  await form.getByLabel('Title').fill('   ');
  await expect(form.getByText(VIDEO_MSG.titleRequired)).toBeHidden();
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(form.getByText(VIDEO_MSG.titleRequired)).toBeVisible(); // whitespace only fails
  const title = `Daily lesson ${uniq()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Video URL').fill('https://example.com/clip.mp4');
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(form.getByText(VIDEO_MSG.urlInvalid)).toBeVisible();
  await shoot(page, 'video-library-form');
  await form.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(form.getByText(VIDEO_MSG.urlInvalid)).toBeHidden();
  await form.getByLabel('Description').fill('How the daily reward works, in two minutes.');
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(form).toHaveCount(0);
  const created = page.getByRole('status').filter({ hasText: VIDEO_MSG.created });
  const cards = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(title);
  await expect(
    cards.first().getByRole('link', { name: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
  ).toBeVisible();
  await expect(cards.first()).toContainText('Uploaded');
  await expect(created).toBeHidden({ timeout: 5000 }); // store messages clear after 3 s

  // A second video goes to the top of the grid
  await page.getByRole('button', { name: 'Add New Video' }).click();
  await form.getByLabel('Title').fill('Vimeo tour');
  await form.getByLabel('Video URL').fill('https://vimeo.com/76979871');
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Vimeo tour');
  await expect(cards.first()).toContainText("Today's video");

  // Edit
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await form.getByLabel('Title').fill(`${title} (updated)`);
  await form.getByRole('button', { name: 'Update Video' }).click();
  await expect(cards.nth(1)).toContainText(`${title} (updated)`);
  await expectNoSeriousViolations(page, 'video library');
  await shoot(page, 'video-library');

  // Delete: the spec's confirmation text; Cancel keeps it, Delete removes it
  await page.getByRole('button', { name: 'Delete Vimeo tour' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to delete Vimeo tour? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Vimeo tour' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  const latest = await api<{ data: { title: string } }>('/videos/latest', { token });
  expect(latest.data.data.title).toBe(`${title} (updated)`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/video-library-dark.png`, fullPage: true });
});
