/**
 * Member sessions are remembered in process (auth/session-cache.ts) and still end at once: on the
 * instance that ends them and, through PostgreSQL NOTIFY, on every other instance over the same
 * database. The cache is shown to be in use by revoking behind its back (the notifying trigger off):
 * the instance keeps answering from memory until a real revocation notice comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { createTestApp, cutNoticeListeners, eventually, type TestApp } from '../helpers.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  // a second instance over the same database, with its own process memory
  other = await buildApp({
    config: t.config,
    db: t.db,
    clock: t.clock,
    jwtSecret: 'x'.repeat(48),
    logger: false,
    jobs: new Scheduler(t.db),
  });
  await other.ready();
  root = (await t.register()).code;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type App = typeof other;
const me = async (app: App, token: string, id: number) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/v1/users/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

/** Ends sessions without telling anyone: the notifying triggers are off for this one statement. */
async function revokeQuietly(sql: string, params: unknown[]) {
  const c = await t.db.connect();
  try {
    await c.query('BEGIN');
    await c.query('ALTER TABLE sessions DISABLE TRIGGER sessions_changed');
    await c.query('ALTER TABLE users DISABLE TRIGGER users_access_changed');
    await c.query(sql, params);
    await c.query('ALTER TABLE sessions ENABLE TRIGGER sessions_changed');
    await c.query('ALTER TABLE users ENABLE TRIGGER users_access_changed');
    await c.query('COMMIT');
  } finally {
    c.release();
  }
}

/** The first status answered that is `want`, within helpers' generous wait. */
const statusEventually = (check: () => Promise<number>, want: number) =>
  eventually(check, (status) => status === want);

describe('session cache', () => {
  it('answers from memory once a session was checked: a revocation nobody announces goes unseen', async () => {
    const m = await t.register(root);
    expect(await me(t.app, m.token, m.id)).toBe(200);
    expect(await me(other, m.token, m.id)).toBe(200);
    await revokeQuietly('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [m.id]);
    expect(await me(t.app, m.token, m.id)).toBe(200);
    expect(await me(other, m.token, m.id)).toBe(200);
    // a token never checked before is read from the database: refused
    const fresh = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    await revokeQuietly('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [m.id]);
    expect(await me(t.app, fresh.body.auth.token, m.id)).toBe(401);
  });

  it('sign-out ends the session at once on this instance, and on the other through the notice', async () => {
    const m = await t.register(root);
    expect(await me(t.app, m.token, m.id)).toBe(200);
    expect(await me(other, m.token, m.id)).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/signout',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(await me(t.app, m.token, m.id)).toBe(401);
    expect(await statusEventually(() => me(other, m.token, m.id), 401)).toBe(401);
  });

  it('blocking, a role changed by hand and sign-out everywhere end the member’s sessions everywhere', async () => {
    const admin = await t.adminToken();
    const blocked = await t.register(root);
    const moved = await t.register(root);
    const everywhere = await t.register(root);
    for (const m of [blocked, moved, everywhere]) {
      expect(await me(t.app, m.token, m.id)).toBe(200);
      expect(await me(other, m.token, m.id)).toBe(200);
    }
    expect(
      (
        await other.inject({
          method: 'PUT',
          url: `/api/v1/users/${blocked.id}`,
          headers: { authorization: `Bearer ${admin}` },
          payload: { status: 'block' },
        })
      ).statusCode,
    ).toBe(200);
    // an operator fixing a role by hand is announced too (the trigger, not the code path)
    await t.db.query(`UPDATE users SET role = 'admin', admin_roles = '{auditor}' WHERE id = $1`, [moved.id]);
    const signout = await other.inject({
      method: 'POST',
      url: '/api/v1/auth/signout/everywhere',
      headers: { authorization: `Bearer ${everywhere.token}` },
    });
    expect(signout.statusCode).toBe(200);
    for (const m of [blocked, moved, everywhere]) {
      expect(await statusEventually(() => me(t.app, m.token, m.id), 401)).toBe(401);
      expect(await statusEventually(() => me(other, m.token, m.id), 401)).toBe(401);
    }
  });

  it('reads every session from the database while its listening connection is down', async () => {
    const m = await t.register(root);
    expect(await me(t.app, m.token, m.id)).toBe(200);
    expect(await cutNoticeListeners(t.db)).toBeGreaterThanOrEqual(2);
    // once an instance notices its listener is gone it forgets everything: a quiet revocation is seen
    await revokeQuietly('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [m.id]);
    expect(await statusEventually(() => me(t.app, m.token, m.id), 401)).toBe(401);
    // and it listens again (a second later): a session checked from then on is remembered again
    const remembered = await statusEventually(async () => {
      const signin = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
      const token = signin.body.auth.token as string;
      await me(t.app, token, m.id);
      await revokeQuietly('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sid(token)]);
      return me(t.app, token, m.id);
    }, 200);
    expect(remembered).toBe(200);
  });
});

function sid(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
}
