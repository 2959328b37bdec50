/**
 * Issue 36.9: a request whose content type says multipart/form-data while its body is JSON (or
 * anything that is not a well-formed form) is the client's mistake: a 400 or 415, never a 500, on
 * every route, upload routes included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const json = JSON.stringify({ title: 'x', fullname: 'Jo', name: 'x', message: 'hello' });

describe('a wrong content type', () => {
  const routes: [string, string][] = [
    ['POST', '/api/v1/notifications/banner'],
    ['POST', '/api/v1/achivers/add'],
    ['PUT', '/api/v1/achivers/1'],
    ['POST', '/api/v1/news/add'],
    ['PUT', '/api/v1/settings'],
  ];
  const types = [
    'multipart/form-data',
    'multipart/form-data; boundary=----abc',
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=----abc',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'application/json; charset=latin1',
  ];

  for (const [method, url] of routes) {
    for (const type of types) {
      it(`${method} ${url} with ${type} and a JSON body is a 400 or 415`, async () => {
        const res = await t.app.inject({
          method: method as 'POST' | 'PUT',
          url,
          headers: { authorization: `Bearer ${admin}`, 'content-type': type },
          payload: json,
        });
        expect([400, 415], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.json()).toHaveProperty('message');
      });
    }
  }
});
