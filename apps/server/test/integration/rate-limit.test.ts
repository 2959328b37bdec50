import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_PER_IP: '8', LOGIN_FAILS_PER_ACCOUNT: '5' });
});
afterAll(async () => t.close());

describe('sign-in throttling', () => {
  it('after 5 failed passwords an account waits a delay (no lock), then the right password works', async () => {
    const m = await t.register();
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call('POST', '/auth/signin', { body: { email: m.email, password: 'wrong-pass' } })).status,
      ).toBe(401);
    }
    const held = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(held).toMatchObject({
      status: 429,
      body: { message: `${MSG.accountDelayed} Try again in 1 second.` },
    });
    // more than the per-IP window too, so the next test starts from a fresh one (signin-delays.test.ts
    // has the delays themselves)
    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })).status,
    ).toBe(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await t.call('POST', '/auth/signin', {
            body: { email: `nobody${i}@test.local`, password: 'whatever1' },
          })
        ).status,
      );
    }
    // 8 per minute in this app; the windows follow the app's clock, which the test above moved on
    expect(statuses).toContain(429);
    const last = await t.call('POST', '/auth/adminsignin', {
      body: { email: 'x@test.local', password: 'whatever1' },
    });
    expect(last.status).toBe(401); // each route keeps its own bucket
  });
});
