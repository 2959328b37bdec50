/**
 * What other clients of the API see: browser apps on other origins (CORS_ORIGINS), the sign-in
 * answers' `token` and `role`, and list paging as existing clients send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';

const ALLOWED = 'https://app.partner.example';
const OTHER = 'https://evil.example';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` });
  admin = await t.adminToken();
});
afterAll(async () => t.close());

function preflight(app: TestApp['app'], url: string, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('browser apps on other origins (CORS_ORIGINS)', () => {
  it('answers the preflight of an allowed origin: Authorization and Content-Type, no credentials', async () => {
    const res = await preflight(t.app, '/api/v1/auth/signin', ALLOWED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    const allowedHeaders = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type']));
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toContain('Origin');
  });

  it('lets the allowed app make the call itself and read the answer, pictures included', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin',
      headers: { origin: ALLOWED },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(signin.headers['access-control-allow-credentials']).toBeUndefined();
    // helmet's same-origin would stop the app's <img> of the API's pictures (they send no Origin)
    expect(signin.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/banner' });
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('gives an origin not on the list no CORS header at all, and its preflight a 404', async () => {
    const res = await preflight(t.app, '/api/v1/auth/signin', OTHER);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/list',
      headers: { origin: OTHER, authorization: `Bearer ${admin}` },
    });
    expect(call.statusCode).toBe(200);
    expect(corsHeaders(call.headers)).toEqual([]);
    // a prefix of an allowed origin is another origin
    const lookalike = await preflight(t.app, '/api/v1/auth/signin', `${ALLOWED}.evil.example`);
    expect(corsHeaders(lookalike.headers)).toEqual([]);
  });

  it('answers allowed origins on API paths only', async () => {
    for (const url of ['/healthz', '/metrics', '/member/dashboard']) {
      const res = await preflight(t.app, url, ALLOWED);
      expect(corsHeaders(res.headers), url).toEqual([]);
      const get = await t.app.inject({ method: 'GET', url, headers: { origin: ALLOWED } });
      expect(corsHeaders(get.headers), url).toEqual([]);
      expect(get.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // the spec's unversioned /bonus routes are API routes
    expect((await preflight(t.app, '/bonus', ALLOWED)).headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('answers nobody by default (CORS_ORIGINS unset)', async () => {
    const plain = await createTestApp();
    try {
      const res = await preflight(plain.app, '/api/v1/auth/signin', ALLOWED);
      expect(res.statusCode).toBe(404);
      expect(corsHeaders(res.headers)).toEqual([]);
      const get = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/docs',
        headers: { origin: ALLOWED },
      });
      expect(corsHeaders(get.headers)).toEqual([]);
      expect(get.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });

  it('refuses a CORS_ORIGINS entry that is not an origin at start', () => {
    for (const bad of [
      'https://app.example/',
      'app.example',
      'https://app.example/path',
      'ftp://app.example',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS\.0: .* is not an origin/);
    }
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example , http://localhost:5173 ' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });
});

describe('sign-in answers for existing clients', () => {
  it('carry the token at the top level too, and the role, next to the spec keys', async () => {
    const registered = await t.call('POST', '/auth/register', {
      body: {
        fullname: 'Client Root',
        email: 'client-root@test.local',
        phone: '5550001111',
        password: 'Client-Pass-2026',
      },
    });
    expect(registered.status, registered.raw).toBe(201);
    expect(registered.body.token).toBe(registered.body.auth.token);
    expect(registered.body.auth).toMatchObject({ role: 'user', refferal_code: expect.any(String) });
    expect(registered.body.expireAt).toEqual(expect.any(String));

    const signin = await t.call('POST', '/auth/signin', {
      body: { email: 'client-root@test.local', password: 'Client-Pass-2026' },
    });
    expect(signin.status, signin.raw).toBe(200);
    expect(signin.body.token).toBe(signin.body.auth.token);
    expect(signin.body.auth.role).toBe('user');
    expect((await t.call('GET', '/auth/signout', { token: signin.body.token })).status).toBe(200);

    const adminSignin = await t.call('POST', '/auth/adminsignin', { body: ADMIN });
    expect(adminSignin.status, adminSignin.raw).toBe(200);
    expect(adminSignin.body.token).toBe(adminSignin.body.admin.token);
    expect(adminSignin.body.admin).toMatchObject({ role: 'admin', email: ADMIN.email });
    expect((await t.call('GET', '/users/list', { token: adminSignin.body.token })).status).toBe(200);
  });
});

describe('list paging as clients send it', () => {
  it('takes a missing, empty or non-numeric page or limit as the default', async () => {
    for (const query of [
      '',
      '?page=undefined&limit=undefined',
      '?page=&limit=',
      '?page=abc&limit=null',
      '?page=%20',
    ]) {
      const res = await t.call('GET', `/users/list${query}`, { token: admin });
      expect(res.status, `${query}: ${res.raw}`).toBe(200);
      expect(res.body.currentPage, query).toBe(1);
      expect(res.body.allusers.length, query).toBeLessThanOrEqual(10);
    }
    const second = await t.call('GET', '/users/list?page=2&limit=1', { token: admin });
    expect(second.status).toBe(200);
    expect(second.body.currentPage).toBe(2);
  });

  it('still refuses a number out of range or not whole, changing nothing', async () => {
    for (const query of [
      '?page=0',
      '?page=-1',
      '?limit=0',
      '?limit=101',
      '?page=1.5',
      '?page=99999999999999',
    ]) {
      const res = await t.call('GET', `/users/list${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });

  it('applies to every paged query, the referral lists included', async () => {
    const root = await t.call('POST', '/auth/signin', {
      body: { email: 'client-root@test.local', password: 'Client-Pass-2026' },
    });
    const code = root.body.auth.refferal_code;
    const token = root.body.token;
    const list = await t.call('GET', `/referral/list/${code}?page=undefined&limit=`, { token });
    expect(list.status, list.raw).toBe(200);
    expect(list.body.currentPage).toBe(1);
    const full = await t.call('GET', `/referral/full/${code}?page=undefined&limit=undefined`, { token });
    expect(full.status, full.raw).toBe(200);
    const tooMany = await t.call('GET', `/referral/full/${code}?limit=51`, { token });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Limit is 1 to 50') },
    });
  });
});
