/**
 * Issue 28.5: `Strict-Transport-Security` only on answers to requests that came over HTTPS, which
 * behind a TLS proxy means `X-Forwarded-Proto: https` from a proxy named in TRUST_PROXY. A client on
 * plain HTTP that sends the header itself gets none. API answers, the web app's files, its SPA
 * fallback and 404s alike; every other security header is the same either way.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const HSTS = 'strict-transport-security';
const OTHERS = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'];
const URLS = ['/api/v1/docs', '/healthz', '/', '/assets/app.js', '/user/dashboard', '/api/v1/nope'];

const webDist = mkdtempSync(path.join(tmpdir(), 'hsts-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>EarnHub</title>');
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A request from the socket address `from`, with `X-Forwarded-Proto` when `proto` is given. */
const get = (t: TestApp, url: string, from: string, proto?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: from,
    headers: proto ? { 'x-forwarded-proto': proto } : {},
  });

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', WEB_DIST: webDist });
  });
  afterAll(async () => t.close());

  it('sends HSTS on what the proxy says came over HTTPS, and only that', async () => {
    for (const url of URLS) {
      const https = await get(t, url, '127.0.0.1', 'https');
      expect(https.statusCode, url).toBe(url === '/api/v1/nope' ? 404 : 200);
      expect(https.headers[HSTS], url).toBe('max-age=31536000; includeSubDomains');
      const plain = await get(t, url, '127.0.0.1');
      expect(plain.headers[HSTS], url).toBeUndefined();
      expect((await get(t, url, '127.0.0.1', 'http')).headers[HSTS], url).toBeUndefined();
      for (const name of OTHERS) {
        expect(https.headers[name], `${url} ${name}`).toBeTruthy();
        expect(plain.headers[name], `${url} ${name}`).toBe(https.headers[name]);
      }
    }
  });

  it('ignores the header from a client that is not the proxy', async () => {
    for (const url of URLS) {
      const forged = await get(t, url, '203.0.113.9', 'https');
      expect(forged.headers[HSTS], url).toBeUndefined();
      expect(forged.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('does so on a real socket too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const https = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get(HSTS)).toBe('max-age=31536000; includeSubDomains');
    const plain = await fetch(`${base}/`);
    expect(plain.headers.get(HSTS)).toBeNull();
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => t.close());

  it('sends no HSTS over plain HTTP, whatever X-Forwarded-Proto says', async () => {
    for (const url of URLS) {
      for (const from of ['127.0.0.1', '203.0.113.9']) {
        for (const proto of [undefined, 'https']) {
          const res = await get(t, url, from, proto);
          expect(res.headers[HSTS], `${url} ${from} ${proto}`).toBeUndefined();
          for (const name of OTHERS) expect(res.headers[name], `${url} ${name}`).toBeTruthy();
        }
      }
    }
  });
});
