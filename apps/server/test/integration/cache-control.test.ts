import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

it('marks every answer to a signed-in caller no-store, refusals included', async () => {
  const m = await t.register();
  const admin = await t.adminToken();
  for (const [url, token] of [
    [`/api/v1/users/${m.id}`, m.token],
    [`/api/v1/users/${m.id}/wallets`, m.token],
    ['/api/v1/users/list', admin],
  ] as const) {
    const res = await get(url, token);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-store');
  }
  const anonymous = await get(`/api/v1/users/${m.id}`);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.headers['cache-control']).toBe('no-store');
  const wrongAudience = await get('/api/v1/users/list', m.token);
  expect(wrongAudience.statusCode).toBe(403);
  expect(wrongAudience.headers['cache-control']).toBe('no-store');
});

it('leaves public answers to their own caching', async () => {
  const res = await get('/api/v1/docs');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).not.toBe('no-store');
});
