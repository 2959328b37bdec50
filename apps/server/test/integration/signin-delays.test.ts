import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * The attack: hammer a member's sign-in with wrong passwords to keep the real holder out. Failures
 * only delay the account's next attempt (1 s, 2 s, 4 s... at most LOGIN_DELAY_MAX_SECONDS); an
 * attempt during a delay is refused without extending it, so the holder gets in once it passes.
 */
let t: TestApp;
let rootCode: string;
beforeAll(async () => {
  // the tests' defaults: 5 free failures; a 60 s cap keeps the arithmetic short
  t = await createTestApp({ LOGIN_FAILS_PER_ACCOUNT: '5', LOGIN_DELAY_MAX_SECONDS: '60' });
  rootCode = (await t.register()).code;
});
afterAll(async () => t.close());

const signin = (email: string, password: string) =>
  t.call('POST', '/auth/signin', { body: { email, password } });
const usernameOf = async (id: number) =>
  (await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [id])).rows[0]!
    .username;
const heldFor = (message: string) => {
  const match =
    /^Too many failed sign-ins for this account\. Try again in (\d+) (second|seconds|minutes)\.$/.exec(
      message,
    );
  if (!match) throw new Error(`not a delay message: ${message}`);
  return Number(match[1]) * (match[2] === 'minutes' ? 60 : 1);
};

describe('per-account sign-in delays', () => {
  it('an attacker hammering wrong passwords cannot keep the holder out once the delay passes', async () => {
    const m = await t.register(rootCode);
    for (let i = 0; i < 5; i++) expect((await signin(m.email, 'wrong-password')).status).toBe(401);

    // the 6th attempt waits 1 s; during it every attempt, even the right password, is refused
    const during = await signin(m.email, m.password);
    expect(during.status).toBe(429);
    expect(heldFor(during.body.message)).toBe(1);

    // keep failing exactly when allowed: the delay doubles each time, up to the cap
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      t.clock.advance(60_000);
      expect((await signin(m.email, 'wrong-password')).status).toBe(401);
      delays.push(heldFor((await signin(m.email, 'wrong-password')).body.message));
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60]);

    // a flood during the delay does not push it further
    for (let i = 0; i < 20; i++) expect((await signin(m.email, 'wrong-password')).status).toBe(429);
    t.clock.advance(59_000);
    expect(heldFor((await signin(m.email, 'wrong-password')).body.message)).toBe(1);
    t.clock.advance(1000);

    // the holder signs in, which forgets the failures
    expect((await signin(m.email, m.password)).status).toBe(200);
    expect((await signin(m.email, 'wrong-password')).status).toBe(401);
    expect((await signin(m.email, m.password)).status).toBe(200);
  });

  it('counts the email and the username as one account', async () => {
    const m = await t.register(rootCode);
    const username = await usernameOf(m.id);
    for (let i = 0; i < 3; i++) expect((await signin(username, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await signin(m.email.toUpperCase(), 'wrong-password')).status).toBe(401);
    const byEmail = await signin(m.email, m.password);
    expect(byEmail.status).toBe(429);
    const byUsername = await signin(username.toUpperCase(), m.password);
    expect(byUsername.status).toBe(429);
    t.clock.advance(1000);
    expect((await signin(username, m.password)).status).toBe(200);
  });

  it('a burst of parallel guesses gets no more free tries than a sequence', async () => {
    const m = await t.register(rootCode);
    const results = await Promise.all(Array.from({ length: 20 }, () => signin(m.email, 'wrong-password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    t.clock.advance(1000);
    expect((await signin(m.email, m.password)).status).toBe(200);
  });

  it('throttles names that match nobody the same way (the answers do not tell which accounts exist)', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await signin('nobody@test.local', 'wrong-password')).toMatchObject({
        status: 401,
        body: { message: MSG.invalidCredentials },
      });
    }
    expect((await signin('nobody@test.local', 'wrong-password')).status).toBe(429);
  });

  it('holds the back-office sign-in the same way, and forgets a quiet account after an hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await t.call('POST', '/auth/adminsignin', {
            body: { email: 'admin@test.local', password: 'wrong-pass' },
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await t.call('POST', '/auth/adminsignin', {
          body: { email: 'admin@test.local', password: 'wrong-pass' },
        })
      ).status,
    ).toBe(429);
    t.clock.advance(60 * 60_000 + 1000);
    // a fresh count: five free failures again
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await t.call('POST', '/auth/adminsignin', {
            body: { email: 'admin@test.local', password: 'wrong-pass' },
          })
        ).status,
      ).toBe(401);
    }
    t.clock.advance(1000);
    expect((await t.adminToken()).length).toBeGreaterThan(20);
  });
});
