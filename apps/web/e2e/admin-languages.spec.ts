import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, toast } from './money-support';
import { adminToken, api, clientNavigate, shoot, signInAdmin } from './support';

/**
 * Admin → Languages (issue 38): the languages with their coverage, and one message edited in Spanish
 * beside its English source — a text that does not parse is refused with the server's words, a good
 * one is saved and served on the public catalog members load, and a revert brings the shipped text back.
 */
test('an admin finds a message by its English text, edits it in Spanish and reverts it', async ({ page }) => {
  // a run stopped half-way leaves its edit behind: start from the shipped text
  const token = await adminToken();
  const left = await api<{ translations: Array<{ id: string }> }>(
    '/translations?locale=es&q=Dashboard&edited=true',
    {
      token,
    },
  );
  for (const { id } of left.data.translations)
    await api(`/translations/es/${id}`, { method: 'DELETE', token });
  await signInAdmin(page);
  await clientNavigate(page, '/admin/languages');
  await expect(page.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
  const languages = page.getByRole('table', { name: 'Languages' });
  await expect(languages.getByText('Español')).toBeVisible();
  await expect(languages.getByText('العربية')).toBeVisible();

  await page.getByLabel('Search').fill('Dashboard');
  const field = page.getByRole('textbox', { name: 'Text in es for “Dashboard”' });
  await expect(field).toHaveValue('Panel');
  // the exact text comes first, before "Back to my dashboard" and the others that contain it
  await expect(page.getByRole('table', { name: 'Words' }).getByRole('textbox').first()).toHaveAccessibleName(
    'Text in es for “Dashboard”',
  );
  // the message's own row (the search also finds "Back to my dashboard" and others)
  const row = page.getByRole('row').filter({ has: field });
  await shoot(page, 'admin-languages');

  await field.fill('Mi {panel');
  await row.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not a well-formed ICU message' })).toBeVisible();

  await field.fill('Mi panel');
  await row.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Translation saved')).toBeVisible();
  await expect(row.getByText(/^Edited by /)).toBeVisible();
  const served = await api<{ messages: Record<string, unknown> }>('/i18n/es');
  expect(Object.values(served.data.messages)).toContainEqual(['Mi panel']);
  await expectNoSeriousViolations(page, 'admin languages');

  await row.getByRole('button', { name: 'Revert to shipped text' }).click();
  await expect(toast(page, 'Translation reverted to the shipped text')).toBeVisible();
  await expect(field).toHaveValue('Panel');
  expect(
    Object.values((await api<{ messages: Record<string, unknown> }>('/i18n/es')).data.messages),
  ).not.toContainEqual(['Mi panel']);
});

test('an admin adds a language from a JSON catalog; it waits for its coverage threshold', async ({
  page,
}) => {
  const tag = `de-${Date.now().toString(36).slice(-6)}`;
  await signInAdmin(page);
  await clientNavigate(page, '/admin/languages');
  const form = page.getByRole('form', { name: 'Add a language' });
  await form.getByLabel('Language tag').fill(tag);
  await form.getByLabel('Name in that language').fill('Deutsch');
  await form.getByLabel('Shown from coverage (%)').fill('50');
  await form.getByLabel('Catalog (JSON or PO)').setInputFiles({
    name: 'de.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ Dashboard: 'Übersicht', 'Not a message of the app': 'Nein' })),
  });
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(toast(page, 'Language added: 1 message')).toBeVisible();
  await expect(
    form.getByText('Left out: Not a message of the app (No message of the app has this id)'),
  ).toBeVisible();
  const row = page.getByRole('table', { name: 'Languages' }).getByRole('row').filter({ hasText: tag });
  await expect(row.getByText('Waiting for 50 % coverage')).toBeVisible();
  await shoot(page, 'admin-languages-added');
  // not in the members' picker until then
  const picker = await api<{ languages: Array<{ locale: string }> }>('/i18n');
  expect(picker.data.languages.map((l) => l.locale)).not.toContain(tag);
});

test("an operator's Spanish words reach a Spanish visitor's page without a release; a revert brings the shipped ones back", async ({
  browser,
}) => {
  const token = await adminToken();
  const found = await api<{ translations: Array<{ id: string; source: string | null }> }>(
    '/translations?locale=es&q=Create%20account',
    { token },
  );
  const id = found.data.translations.find((r) => r.source === 'Create account')?.id;
  expect(id).toBeTruthy();
  await api(`/translations/es/${id}`, { method: 'DELETE', token });
  const saved = await api(`/translations/es/${id}`, {
    method: 'PUT',
    token,
    body: { message: 'Abrir una cuenta', source: 'Create account' },
  });
  expect(saved.status).toBe(200);

  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Abrir una cuenta' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear cuenta' })).toHaveCount(0);

  await api(`/translations/es/${id}`, { method: 'DELETE', token });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Crear cuenta' }).first()).toBeVisible();
  await context.close();
});
