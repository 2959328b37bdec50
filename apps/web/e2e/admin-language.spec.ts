import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type PoFile, parsePo, stringifyPo } from 'pofile-ts';
import { api, clientNavigate, shoot, signInAdmin } from './support';

/**
 * The back-office in the operator's language (issue 38): it runs through the `admin` catalogs
 * (English shipped). A language the operator completes for the back-office — here from a PO file
 * made of every back-office message, uploaded through Admin → Languages — and offers to admins
 * appears in the back-office's own picker; choosing it turns the menu and pages into it, it stays
 * after a reload, the members' picker and the visitor's own choice are untouched, and withdrawing
 * it brings the back-office back to English.
 */
const LOCALES = path.resolve(import.meta.dirname, '../src/locales/en');

/** Every back-office message of this build, each "translated" as `DE: ` + its English text. */
function backOfficeCatalog(): string {
  const [admin, signIn] = ['admin.po', 'admin-login.po'].map((file) =>
    parsePo(readFileSync(path.join(LOCALES, file), 'utf8')),
  ) as [PoFile, PoFile];
  admin.items = [...admin.items, ...signIn.items].filter((item) => !item.obsolete && item.msgid);
  for (const item of admin.items) item.msgstr = [`DE: ${item.msgid}`];
  return stringifyPo(admin);
}

/** The language's row in the table, or its card on a phone. */
const languageEntry = (page: Page, tag: string) =>
  page
    .getByRole('table', { name: 'Languages' })
    .or(page.getByRole('list', { name: 'Languages' }))
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Languages' }).getByRole('listitem'))
    .filter({ hasText: tag });

for (const width of [1280, 390]) {
  test(`an operator completes a language for the back-office and an admin runs it in that language (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = `de-${Date.now().toString(36).slice(-6)}`;
    await signInAdmin(page);
    await clientNavigate(page, '/admin/languages');
    const form = page.getByRole('form', { name: 'Add a language' });
    await form.getByLabel('Language tag').fill(tag);
    await form.getByLabel('Name in that language').fill('Deutsch');
    await form.getByLabel('Catalog (JSON or PO)').setInputFiles({
      name: `${tag}.po`,
      mimeType: 'text/plain',
      buffer: Buffer.from(backOfficeCatalog()),
    });
    await form.getByRole('button', { name: 'Add language' }).click();
    const row = languageEntry(page, tag);
    // complete for the back-office, far from it for members (only the words both share)
    await expect(row.getByText(/^100 % \((\d+) of \1\)$/)).toBeVisible();
    await row.getByRole('button', { name: 'Offer Deutsch to admins' }).click();
    await expect(row.getByText('Offered to admins')).toBeVisible();
    const listed = await api<{
      languages: Array<{ locale: string }>;
      admin_languages: Array<{ locale: string }>;
    }>('/i18n');
    expect(listed.data.admin_languages.map((l) => l.locale)).toContain(tag);
    expect(listed.data.languages.map((l) => l.locale)).not.toContain(tag);

    // the back-office's picker: the menu, the page and the header's roles in the language
    const picker = page.getByRole('banner').getByTestId('language-picker');
    await expect(picker.locator(`option[value="${tag}"]`)).toHaveCount(1);
    await picker.selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.getByRole('heading', { name: 'DE: Languages', exact: true })).toBeVisible();
    if (width < 1024) await page.getByRole('button', { name: 'DE: Open menu' }).click();
    await expect(page.getByRole('link', { name: 'DE: Dashboard' }).first()).toBeVisible();
    await shoot(page, `admin-language-${width}`);

    // this browser keeps the admin's choice; the visitor's own language is not touched
    await page.reload();
    await expect(page.getByRole('heading', { name: 'DE: Languages', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('earnhub.locale'))).toBeNull();

    // withdrawn from admins: the back-office is English again on the next load
    const again = languageEntry(page, tag);
    await again.getByRole('button', { name: 'Withdraw Deutsch from admins' }).click();
    await expect(again.getByText('Offered to admins')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
}
