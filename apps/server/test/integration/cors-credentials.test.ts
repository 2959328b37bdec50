/**
 * CORS_CREDENTIALS (issue 29.21): a browser app on a listed origin that sends credentials
 * (`withCredentials`, `credentials: 'include'`) needs `Access-Control-Allow-Credentials: true` on the
 * preflight and on the answer, with its own origin (never `*`). Off by default; only listed origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';

const ALLOWED = 'https://app.partner.example';
const OTHER = 'https://evil.example';
let withCredentials: TestApp;
let without: TestApp;

beforeAll(async () => {
  withCredentials = await createTestApp({ CORS_ORIGINS: ALLOWED, CORS_CREDENTIALS: 'true' });
  without = await createTestApp({ CORS_ORIGINS: ALLOWED });
});
afterAll(async () => {
  await withCredentials?.close();
  await without?.close();
});

const preflight = (t: TestApp, url: string, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
const signin = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin',
    headers: { origin },
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS_CREDENTIALS=true', () => {
  it('allows credentials for a listed origin, on the preflight and on the answer, naming the origin', async () => {
    const pre = await preflight(withCredentials, '/api/v1/auth/adminsignin', ALLOWED);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(String(pre.headers.vary)).toContain('Origin');
    const res = await signin(withCredentials, ALLOWED);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('still answers nobody else: other origins and non-API paths get no CORS header', async () => {
    const pre = await preflight(withCredentials, '/api/v1/auth/adminsignin', OTHER);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual([]);
    expect(corsHeaders((await signin(withCredentials, OTHER)).headers)).toEqual([]);
    const page = await preflight(withCredentials, '/member/dashboard', ALLOWED);
    expect(corsHeaders(page.headers)).toEqual([]);
  });
});

describe('CORS_CREDENTIALS unset (the default)', () => {
  it('allows the listed origin without credentials, on the preflight and on the answer', async () => {
    const pre = await preflight(without, '/api/v1/auth/adminsignin', ALLOWED);
    expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await signin(without, ALLOWED);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('is off unless asked for, and asked for without listed origins it stops the start', () => {
    expect(loadConfig({}).CORS_CREDENTIALS).toBe(false);
    expect(loadConfig({ CORS_ORIGINS: ALLOWED, CORS_CREDENTIALS: 'on' }).CORS_CREDENTIALS).toBe(true);
    expect(() => loadConfig({ CORS_CREDENTIALS: 'true' })).toThrow(/CORS_CREDENTIALS: .*CORS_ORIGINS/);
    // a wildcard is no origin: credentials are only ever allowed to origins named one by one
    expect(() => loadConfig({ CORS_ORIGINS: '*', CORS_CREDENTIALS: 'true' })).toThrow(/not an origin/);
  });
});
