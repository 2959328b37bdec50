/**
 * The test clock moves the server's time only with CLOCK_CONTROL=on, and then only for a caller on
 * the machine itself (how the browser tests call it) or an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const OUTSIDE = '203.0.113.9';

describe('test clock with CLOCK_CONTROL=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLOCK_CONTROL: 'on' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function advance(seconds: number, opts: { from?: string; token?: string; forwarded?: string } = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      remoteAddress: opts.from ?? '127.0.0.1',
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.forwarded ? { 'x-forwarded-for': opts.forwarded } : {}),
      },
      payload: { advance_seconds: seconds },
    });
    return { status: res.statusCode, body: res.json() as { now?: string; message?: string } };
  }

  it('moves the clock for a caller on loopback, as the browser tests call it', async () => {
    const before = t.clock.now().getTime();
    const res = await advance(60);
    expect(res.status).toBe(200);
    expect(t.clock.now().getTime() - before).toBe(60_000);
    expect(res.body.now).toBe(t.clock.now().toISOString());
  });

  it('refuses an anonymous caller from elsewhere, and one behind a proxy, without moving the clock', async () => {
    const before = t.clock.now().getTime();
    const outside = await advance(3600, { from: OUTSIDE });
    expect(outside.status).toBe(401);
    expect(outside.body.message).toBeTruthy();
    const proxied = await advance(3600, { forwarded: OUTSIDE });
    expect(proxied.status).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/test/clock', remoteAddress: OUTSIDE });
    expect(read.statusCode).toBe(401);
    expect(t.clock.now().getTime()).toBe(before);
  });

  it('refuses a member from elsewhere (403) and lets an admin move it', async () => {
    const member = await t.register();
    const before = t.clock.now().getTime();
    const asMember = await advance(3600, { from: OUTSIDE, token: member.token });
    expect(asMember.status).toBe(403);
    expect(t.clock.now().getTime()).toBe(before);

    const asAdmin = await advance(3600, { from: OUTSIDE, token: await t.adminToken() });
    expect(asAdmin.status).toBe(200);
    expect(t.clock.now().getTime() - before).toBe(3_600_000);
  });
});

describe('test clock without CLOCK_CONTROL', () => {
  it('does not exist, even for loopback and admins', async () => {
    const t = await createTestApp();
    try {
      const token = await t.adminToken();
      const before = t.clock.now().getTime();
      const res = await t.call('POST', '/test/clock', { token, body: { advance_seconds: 60 } });
      expect(res.status).toBe(404);
      expect(t.clock.now().getTime()).toBe(before);
    } finally {
      await t.close();
    }
  });
});
