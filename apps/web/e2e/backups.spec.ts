import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './money-support';
import { clientNavigate, SHOTS, shoot, signInAdmin } from './support';

/**
 * Backups from the back-office (issue 28): the owner sees "No backup yet" on the dashboard, opens
 * Admin → Backups, backs up now, watches it run and end OK with a size, and the dashboard's card then
 * shows it. At 390 px the list is cards: each backup's result in view, no sideways scrolling.
 * (This server runs with BACKUP_TIME=off and needs a pg_dump of PostgreSQL 17: npm run pg-tools.)
 */

/** Watches the page for the running backup's progress, however briefly it shows (a small database is quick). */
async function watchForRunning(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawRunning?: boolean };
    w.sawRunning = false;
    const seen = () => {
      if (document.querySelector('[data-testid="backup-running"]')) w.sawRunning = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
}

test('the owner backs up now from Admin → Backups and the dashboard shows it', async ({ page }) => {
  await signInAdmin(page);

  // nothing backed up yet (a fresh database): the dashboard's card says so
  const figure = page.getByTestId('dashboard-backup');
  const card = figure.locator('xpath=ancestor::section[1]');
  await expect(figure).toHaveText('No backup yet');
  await expect(card).toContainText('Scheduled backups are off');

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Backups' })
    .click();
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await expect(page.getByText('Scheduled backups are off (BACKUP_TIME=off)')).toBeVisible();
  await expect(page.getByTestId('backup-last-ok')).toHaveText('None yet');
  // the pg_dump in use, not a problem (CI and this machine have one: npm run pg-tools)
  await expect(page.getByTestId('backup-tools-problem')).toHaveCount(0);
  await expect(page.getByText(/^pg_dump \(PostgreSQL\) 1[7-9]/)).toBeVisible();
  await expect(page.getByText('No backup yet. Back up now')).toBeVisible();
  await expect(page.getByText('npm run restore -- FILE --key KEYFILE')).toBeVisible();
  // no key yet: it is made by the first backup
  await expect(page.getByTestId('backup-key-on-server')).toHaveCount(0);

  await watchForRunning(page);
  const backUp = page.getByRole('button', { name: 'Back up now' });
  await backUp.click();
  await expect(page.getByText('Backup started')).toBeVisible();

  const table = page.getByRole('table', { name: 'Recent backups' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('by admin@e2e.test');
  // running, then OK with its size: the progress showed while it ran, then went away
  await expect(row.getByText('OK', { exact: true })).toBeVisible({ timeout: 60_000 });
  // the toast says how it ended (it lasts two seconds)
  await expect(page.getByText(/^Backup done: \d/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawRunning: boolean }).sawRunning)).toBe(true);
  await expect(page.getByTestId('backup-running')).toHaveCount(0);
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expect(row.getByText(/^earnhub-.+\.tar\.age$/)).toBeVisible();
  // the first backup made the backup key: its file is on the server until the operator moves it
  await expect(page.getByTestId('backup-key-on-server')).toHaveText(/\/backup-key-[a-z0-9]+\.txt$/);
  await expect(page.getByTestId('backup-last-ok')).toHaveText(/just now|minute/);
  // the whole path of the last good one, as npm run restore is given it
  await expect(page.getByTestId('backup-last-ok-file')).toHaveText(/\/backups\/earnhub-[^/]+\.tar\.age$/);
  await expect(backUp).toBeEnabled();
  // (a toast under the pointer stays: it sits over the button just clicked)
  await page.mouse.move(400, 600);
  await expect(page.getByText(/^Backup done/)).toBeHidden();
  await expectNoSeriousViolations(page, 'backups');
  await shoot(page, 'admin-backups');

  // at 390 px the list is cards: the result and the size in view, the page does not scroll sideways
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Recent backups' });
  await expect(table).toBeHidden();
  const first = cards.getByRole('listitem').first();
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByText('OK', { exact: true })).toBeInViewport();
  await expect(first.getByRole('button', { name: /^Copy file path / })).toBeInViewport();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // back on the dashboard, the card shows the backup just taken
  await clientNavigate(page, '/admin/dashboard');
  await expect(figure).toHaveText(/just now|minute/);
  await expect(card.getByText('OK', { exact: true })).toBeVisible();
  await expect(card).toContainText(/\d+(\.\d)? (KB|MB)/);
  await figure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/admin-dashboard-backups.png` });
  await card.getByRole('link', { name: 'Open backups' }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
});
