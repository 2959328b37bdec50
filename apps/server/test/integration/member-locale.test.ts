import { LOCALES } from '@app/contracts/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SETS_NO_LOCALE } from '../../src/modules/identity/users/service.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let rootCode: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  rootCode = (await t.register()).code;
  admin = await t.adminToken();
});
afterAll(async () => t.close());

const localeOf = async (id: number, token: string) =>
  (await t.call('GET', `/users/${id}`, { token })).body.singleuser.locale;

/** Registers through the API with an Accept-Language header (the helper sends none). */
async function registerWith(acceptLanguage: string | undefined, extra: Record<string, unknown> = {}) {
  const email = `loc-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    payload: {
      fullname: 'Locale Member',
      email,
      phone: '5550001234',
      password: 'MemberPass123',
      reffer_by: rootCode,
      ...extra,
    },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe("the member's language (issue 38)", () => {
  it('is stored from the registration body, else from Accept-Language, else null', async () => {
    const chosen = await registerWith('fr-FR,fr;q=0.9', { locale: 'es' });
    expect(chosen.status).toBe(201);
    expect(await localeOf(chosen.body.auth.id, chosen.body.auth.token)).toBe('es');

    const browser = await registerWith('de-DE;q=0.9, pt-PT, en;q=0.5');
    expect(await localeOf(browser.body.auth.id, browser.body.auth.token)).toBe('pt-BR');

    const arabic = await registerWith('ar-EG');
    expect(await localeOf(arabic.body.auth.id, arabic.body.auth.token)).toBe('ar');

    const unknown = await registerWith('de-DE, ja;q=0.8');
    expect(await localeOf(unknown.body.auth.id, unknown.body.auth.token)).toBeNull();

    const none = await registerWith(undefined);
    expect(await localeOf(none.body.auth.id, none.body.auth.token)).toBeNull();
  });

  it('refuses a language we do not ship with a 400 naming the field', async () => {
    const res = await registerWith(undefined, { locale: 'de' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^locale: /);
    expect(res.body.code).toBe('validation.locale');
  });

  it('is changed by the member on their own profile, seen but never set by staff', async () => {
    const m = await t.register(rootCode);
    expect(await localeOf(m.id, m.token)).toBeNull();
    for (const locale of LOCALES) {
      const put = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { locale } });
      expect(put.status).toBe(200);
      expect(await localeOf(m.id, m.token)).toBe(locale);
    }
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { locale: 'hi' } });
    expect(await localeOf(m.id, admin)).toBe('hi');
    const staff = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { locale: 'en' } });
    expect(staff).toMatchObject({ status: 403, body: { message: STAFF_SETS_NO_LOCALE } });
    expect(await localeOf(m.id, m.token)).toBe('hi');
    const bad = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { locale: 'xx' } });
    expect(bad.status).toBe(400);
  });

  it('is refused by the database outside the shipped list', async () => {
    const m = await t.register(rootCode);
    await expect(t.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [m.id])).rejects.toThrow(
      /users_locale_shipped/,
    );
  });
});
