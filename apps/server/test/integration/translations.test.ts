/**
 * The operator's words and languages (issue 38): a save shows on the public catalog at once, on this
 * instance and on another one over the same database (NOTIFY, no restart); a revert removes it; a
 * message that does not parse or loses a variable is refused; only the content role (and owners)
 * may change words; an added language reaches the picker only once its coverage reaches its threshold.
 * The shipped catalogs are a small fixture (translations-fixtures.ts), so the counts are known.
 */
import { LOCALES } from '@app/contracts/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../src/db/listener.js';
import { DEFAULT_LOCALES_DIR, loadSourceCatalog } from '../../src/modules/content/translations/catalog.js';
import { cutNoticeListeners, eventually, type TestApp } from '../helpers.js';
import {
  ID,
  type Instance,
  type LanguagesTest,
  po,
  publicCatalog,
  SOURCE,
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

describe('the shipped catalogs', () => {
  it("are found where the server looks by default (the checkout's apps/web/src/locales)", () => {
    const shipped = loadSourceCatalog(DEFAULT_LOCALES_DIR);
    expect(shipped.source.size).toBeGreaterThan(0);
    // every shipped language has a catalog beside English's, measured against the same ids
    expect([...shipped.shipped.keys()].sort()).toEqual([...LOCALES].sort());
  });
});

describe('operator translations', () => {
  it('a saved message is served compiled for Lingui with an ETag; a revert removes it', async () => {
    const before = await publicCatalog(t.app, 'es');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ locale: 'es', dir: 'ltr', messages: {} });
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await publicCatalog(t.app, 'es', etag)).status).toBe(304);

    const saved = await t.call('PUT', `/translations/es/${ID.hello}`, {
      token: content,
      body: { message: '¡Hola, {name}!', source: SOURCE.hello },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.translation).toMatchObject({
      id: ID.hello,
      source: SOURCE.hello,
      shipped: 'Hola {name}',
    });
    const after = await publicCatalog(t.app, 'es', etag);
    expect(after.status).toBe(200);
    expect(after.body.messages).toEqual({ [ID.hello]: ['¡Hola, ', ['name'], '!'] });
    expect(after.headers.etag).not.toBe(etag);

    const listed = await t.call('GET', '/translations?locale=es&q=hola', { token: content });
    expect(listed.status).toBe(200);
    expect(listed.body.translations).toEqual([
      expect.objectContaining({ id: ID.hello, override: '¡Hola, {name}!', updated_by: 'Admin i18n-content' }),
    ]);
    const audit = await t.db.query(
      `SELECT action, target_id, after FROM audit_log WHERE action LIKE 'translation.%' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'translation.save', target_id: `es:${ID.hello}`, after: { message: '¡Hola, {name}!' } },
    ]);

    const reverted = await t.call('DELETE', `/translations/es/${ID.hello}`, { token: content });
    expect(reverted.status).toBe(200);
    expect((await publicCatalog(t.app, 'es')).body.messages).toEqual({});
    expect((await t.call('DELETE', `/translations/es/${ID.hello}`, { token: content })).status).toBe(404);
  });

  it('refuses a malformed message, a lost or invented variable or tag, and an unknown id or language', async () => {
    const put = (locale: string, id: string, body: object) =>
      t.call('PUT', `/translations/${locale}/${id}`, { token: content, body });
    const bad = await put('es', ID.hello, { message: 'Hola {name' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The message is not a well-formed ICU message: /);
    // the source known to the server is used when the editor sends none
    const lost = await put('es', ID.hello, { message: 'Hola' });
    expect(lost.status).toBe(400);
    expect(lost.body.message).toBe(
      'The message must use the same variables as the English source (missing {name})',
    );
    expect((await put('es', ID.items, { message: 'Tienes {n, plural, other {# cosas}}' })).status).toBe(400);
    expect((await put('es', ID.terms, { message: 'Lee los términos' })).body.message).toMatch(/missing <0>/);
    expect((await put('es', 'nope12', { message: 'x' })).status).toBe(404);
    const noLanguage = await put('xx', ID.hello, { message: 'Hi {name}' });
    expect(noLanguage.status).toBe(404);
    expect(noLanguage.body).toEqual({ message: 'Language not found', code: 'translation.unknownLanguage' });
    expect((await put('es', ID.items, { message: 'Tienes {count, plural, other {# cosas}}' })).status).toBe(
      200,
    );
    expect((await t.call('DELETE', `/translations/es/${ID.items}`, { token: content })).status).toBe(200);
  });

  it('refuses an edit that plants an address, a link, an e-mail, a handle or a phone number, and saves nothing', async () => {
    const put = (message: string, source?: string) =>
      t.call('PUT', `/translations/es/${ID.hello}`, { token: content, body: { message, source } });
    for (const planted of [
      'Hola {name}, envía tus USDT a 0x52908400098527886E0F7030069857D2E4169EE7',
      'Hola {name}, depósitos a TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMY',
      'Hola {name}, soporte en https://evil.example/pay',
      'Hola {name}, escríbenos a t.me/earnhub_help',
      'Hola {name}, paga en pagos-rapidos.xyz',
      'Hola {name}, soporte: ayuda@pagos.example',
      'Hola {name}, WhatsApp +44 7700 900123',
      'Hola {name}, Telegram @earnhub_support',
    ]) {
      // a source sent by the client does not make a detail its own: the shipped English decides
      const refused = await put(planted, planted);
      expect(refused.status, planted).toBe(400);
      expect(refused.body.message, planted).toMatch(/^A translation cannot add an address, a link/);
    }
    expect((await publicCatalog(t.app, 'es')).body.messages?.[ID.hello]).toBeUndefined();
    // the same sentence in other words, numbers of a few digits included, is fine
    expect((await put('¡Hola {name}! Tienes 30 días')).status).toBe(200);
    expect((await t.call('DELETE', `/translations/es/${ID.hello}`, { token: content })).status).toBe(200);
  });

  it('lets the content role change words; another role gets 403, a member 403, nobody 401', async () => {
    const body = { message: 'Hi {name}' };
    const url = `/translations/fr/${ID.hello}`;
    expect((await t.call('PUT', url, { token: finance, body })).status).toBe(403);
    const member = await t.register();
    expect((await t.call('PUT', url, { token: member.token, body })).status).toBe(403);
    expect((await t.call('GET', '/languages', { token: member.token })).status).toBe(403);
    expect((await t.call('PUT', url, { body })).status).toBe(401);
    // the finance admin may not read the back-office list either (auditors and owners may)
    expect((await t.call('GET', '/translations?locale=fr', { token: finance })).status).toBe(403);
    expect((await t.call('GET', '/translations?locale=fr', { token: content })).status).toBe(200);
    const owner = await t.adminToken();
    expect((await t.call('GET', '/languages', { token: owner })).status).toBe(200);
  });

  it('a save on one instance is served by another over the same database without a restart', async () => {
    // the other instance has the catalog in memory first
    const first = await publicCatalog(other, 'ru');
    expect(first.body.messages).toEqual({});
    expect((await publicCatalog(other, 'ru')).headers.etag).toBe(first.headers.etag);
    const saved = await t.call('PUT', `/translations/ru/${ID.dashboard}`, {
      token: content,
      body: { message: 'Панель' },
    });
    expect(saved.status).toBe(200);
    const seen = await eventually(
      () => publicCatalog(other, 'ru'),
      (r) => r.body.messages[ID.dashboard] !== undefined,
    );
    expect(seen.body.messages).toEqual({ [ID.dashboard]: ['Панель'] });
    // and the revert reaches it too
    await t.call('DELETE', `/translations/ru/${ID.dashboard}`, { token: content });
    const gone = await eventually(
      () => publicCatalog(other, 'ru'),
      (r) => r.body.messages[ID.dashboard] === undefined,
    );
    expect(gone.body.messages).toEqual({});
  });

  it('serves from memory while notices arrive, and reads the database again once they may be missed', async () => {
    const first = await publicCatalog(other, 'hi');
    expect(first.body.messages).toEqual({});
    // a row written behind the cache's back (no notice): the instance keeps its answer...
    await t.db.query(
      `INSERT INTO translation_overrides (locale, message_id, message) VALUES ('hi', $1, 'डैशबोर्ड')`,
      [ID.dashboard],
    );
    expect((await publicCatalog(other, 'hi')).body.messages).toEqual({});
    // ...until its listening connection drops: then it forgets, since notices could be missed
    expect(await cutNoticeListeners(t.db)).toBeGreaterThanOrEqual(2);
    const seen = await eventually(
      () => publicCatalog(other, 'hi'),
      (r) => r.body.messages[ID.dashboard] !== undefined,
    );
    expect(seen.body.messages).toEqual({ [ID.dashboard]: ['डैशबोर्ड'] });
    await t.db.query(`DELETE FROM translation_overrides WHERE locale = 'hi'`);
    // both instances listen again before the next test relies on notices
    await eventually(
      async () =>
        (
          await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [
            LISTENER_NAME,
          ])
        ).rows[0].n,
      (n) => n >= 2,
    );
  });

  it('an uploaded language reaches the picker once its coverage reaches its threshold', async () => {
    const picker = async (app: typeof other) =>
      (await app.inject({ method: 'GET', url: '/api/v1/i18n' })).json() as {
        default: string;
        languages: Array<{ locale: string; native_name: string; dir: string }>;
      };
    expect((await picker(t.app)).languages.map((l) => l.locale)).toEqual([
      'en',
      'es',
      'pt-BR',
      'fr',
      'ru',
      'hi',
      'id',
      'ar',
    ]);
    // two of the four messages, keyed by id and by English text; one more entry does not parse
    const added = await t.call('POST', '/languages', {
      token: content,
      body: {
        locale: 'de',
        native_name: 'Deutsch',
        min_coverage: 75,
        catalog: {
          [ID.dashboard]: 'Übersicht',
          [SOURCE.hello]: 'Hallo {name}',
          [ID.items]: 'Du hast {count',
        },
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ saved: 2, skipped: 1 });
    expect(added.body.language).toMatchObject({
      locale: 'de',
      offered: true,
      shown: false,
      coverage: { covered: 2, total: 4, percent: 50 },
    });
    expect((await picker(other)).languages.map((l) => l.locale)).not.toContain('de');
    expect((await publicCatalog(t.app, 'de')).status).toBe(404);
    expect(
      (await t.call('PUT', '/languages/default', { token: content, body: { locale: 'de' } })).status,
    ).toBe(409);
    const empty = await t.call('POST', '/languages', {
      token: content,
      body: { locale: 'nl', native_name: 'Nederlands', catalog: { unknown: 'x' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The catalog has no message of the app');

    // a PO file (keyed by the English msgid, as Lingui writes them) brings it to 3 of 4 = 75 %
    const more = await t.call('POST', '/languages/de/catalog', {
      token: content,
      body: { catalog: po([[SOURCE.items, 'Du hast {count, plural, one {# Artikel} other {# Artikel}}']]) },
    });
    expect(more.status).toBe(200);
    expect(more.body.language).toMatchObject({ shown: true, coverage: { covered: 3, percent: 75 } });
    const seen = await eventually(
      () => picker(other),
      (p) => p.languages.some((l) => l.locale === 'de'),
    );
    expect(seen.languages.at(-1)).toEqual({ locale: 'de', native_name: 'Deutsch', dir: 'ltr' });
    expect(Object.keys((await publicCatalog(other, 'de')).body.messages).sort()).toEqual(
      [ID.dashboard, ID.hello, ID.items].sort(),
    );

    // the default moves to it, and a hidden default is refused
    expect(
      (await t.call('PUT', '/languages/default', { token: content, body: { locale: 'de' } })).status,
    ).toBe(200);
    expect((await picker(t.app)).default).toBe('de');
    expect(
      (await t.call('PATCH', '/languages/de', { token: content, body: { offered: false } })).status,
    ).toBe(409);
    expect(
      (await t.call('PUT', '/languages/default', { token: content, body: { locale: 'en' } })).status,
    ).toBe(200);
    // withdrawing a language takes it out of the picker
    expect(
      (await t.call('PATCH', '/languages/de', { token: content, body: { offered: false } })).status,
    ).toBe(200);
    expect((await picker(t.app)).languages.map((l) => l.locale)).not.toContain('de');
    const languages = await t.call('GET', '/languages', { token: content });
    expect(languages.body.languages.find((l: { locale: string }) => l.locale === 'es')).toMatchObject({
      coverage: { covered: 4, total: 4, percent: 100 },
      shown: true,
    });
  });

  it('refuses a catalog that is neither JSON nor PO, and a language that exists', async () => {
    const body = { locale: 'it', native_name: 'Italiano', catalog: 'just some words' };
    const res = await t.call('POST', '/languages', { token: content, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The catalog is neither a JSON object of id to message nor a PO file');
    const again = await t.call('POST', '/languages', {
      token: content,
      body: { ...body, locale: 'es', catalog: { [ID.dashboard]: 'Tablero' } },
    });
    expect(again.status).toBe(409);
  });
});
