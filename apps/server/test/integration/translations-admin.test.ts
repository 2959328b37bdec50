/**
 * The back-office's part of the catalogs (issue 38): measured apart from the members' part, and a
 * language offered to admins only once every back-office message has words, on every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestApp } from '../helpers.js';
import {
  BACK_OFFICE,
  ID,
  type Instance,
  type LanguagesTest,
  po,
  publicCatalog,
  setupLanguages,
} from './translations-fixtures.js';

let world: LanguagesTest;
let t: TestApp;
let other: Instance;
let content: string;
let finance: string;

beforeAll(async () => {
  world = await setupLanguages();
  ({ t, other, content, finance } = world);
});
afterAll(async () => world?.close());

describe("the back-office in the operator's languages", () => {
  it('measures the back-office apart, and offers a language to admins once it is complete there', async () => {
    type Named = { locale: string; native_name: string; dir: string };
    const picker = async (app: typeof other) =>
      (await app.inject({ method: 'GET', url: '/api/v1/i18n' })).json() as {
        languages: Named[];
        admin_languages: Named[];
      };
    const language = async (locale: string) =>
      (await t.call('GET', '/languages', { token: content })).body.languages.find(
        (l: { locale: string }) => l.locale === locale,
      );
    // Spanish is complete for members; of the back-office it has only "Dashboard" (the members' word)
    expect(await language('es')).toMatchObject({
      shown: true,
      coverage: { covered: 4, total: 4, percent: 100 },
      offered_to_admins: false,
      admin_coverage: { covered: 1, total: 3, percent: 33 },
      admin_shown: false,
    });
    expect(await language('en')).toMatchObject({ admin_shown: true, admin_coverage: { percent: 100 } });
    expect((await picker(t.app)).admin_languages.map((l) => l.locale)).toEqual(['en']);

    // what is left to translate for the back-office
    const left = await t.call('GET', '/translations?locale=es&part=back-office&missing=true', {
      token: content,
    });
    expect(left.status).toBe(200);
    expect(left.body.translations.map((r: { id: string }) => r.id).sort()).toEqual(
      [ID.approve, ID.audit].sort(),
    );

    // offered to admins while incomplete: waits, not shown (no screen mixing two languages)
    const offered = await t.call('PATCH', '/languages/es', {
      token: content,
      body: { offered_to_admins: true },
    });
    expect(offered.status).toBe(200);
    expect(offered.body.language).toMatchObject({ offered_to_admins: true, admin_shown: false });
    expect((await picker(t.app)).admin_languages.map((l) => l.locale)).toEqual(['en']);
    // a finance admin cannot offer it
    expect(
      (await t.call('PATCH', '/languages/es', { token: finance, body: { offered_to_admins: false } })).status,
    ).toBe(403);

    // the operator's words complete it: shown to admins on both instances, members' part unchanged
    const done = await t.call('POST', '/languages/es/catalog', {
      token: content,
      body: {
        catalog: po([
          [BACK_OFFICE.approve, 'Aprobar el retiro {id}'],
          [BACK_OFFICE.audit, 'Registro de auditoría'],
        ]),
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.language).toMatchObject({
      admin_coverage: { covered: 3, total: 3, percent: 100 },
      admin_shown: true,
      coverage: { percent: 100 },
    });
    const seen = await eventually(
      () => picker(other),
      (p) => p.admin_languages.some((l) => l.locale === 'es'),
    );
    expect(seen.admin_languages).toEqual([
      { locale: 'en', native_name: 'English', dir: 'ltr' },
      { locale: 'es', native_name: 'Español', dir: 'ltr' },
    ]);

    // a language for admins only (not offered to members) is served, and stays out of the members' picker
    const padding = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [`Not a message of the app ${i} ${'x'.repeat(100)}`, 'y']),
    );
    // nobody but the content role gets to send that much
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/languages',
      payload: { locale: 'sv', native_name: 'Svenska', catalog: padding },
    });
    expect(anonymous.statusCode).toBe(401);
    const sv = await t.call('POST', '/languages', {
      token: content,
      body: {
        locale: 'sv',
        native_name: 'Svenska',
        offered: false,
        catalog: {
          [ID.dashboard]: 'Översikt',
          [ID.approve]: 'Godkänn uttag {id}',
          [ID.audit]: 'Granskningslogg',
          // a whole catalog weighs more than the 100 KB other bodies may (the back-office's ~250 KB)
          ...padding,
        },
      },
    });
    expect(sv.status).toBe(201);
    expect(sv.body).toMatchObject({ saved: 3, skipped: 3000 });
    expect(sv.body.language).toMatchObject({
      shown: false,
      admin_shown: false,
      admin_coverage: { percent: 100 },
    });
    expect((await publicCatalog(t.app, 'sv')).status).toBe(404);
    await t.call('PATCH', '/languages/sv', { token: content, body: { offered_to_admins: true } });
    const both = await picker(t.app);
    expect(both.admin_languages.map((l) => l.locale)).toEqual(['en', 'es', 'sv']);
    expect(both.languages.map((l) => l.locale)).not.toContain('sv');
    const served = await publicCatalog(t.app, 'sv');
    expect(served.status).toBe(200);
    expect(served.body.messages[ID.audit]).toEqual(['Granskningslogg']);
  });
});
