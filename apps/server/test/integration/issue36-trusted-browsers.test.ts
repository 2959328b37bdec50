/**
 * Issue 36.8: trusted-browser tokens survived a block and unblock and a password set by someone
 * else, and worked from any machine. Now they end with every event that ends the admin's sessions
 * (and an unblock, and `admin:create`), and count only from the browser that got them: the one
 * holding the HttpOnly `admin_device` cookie set with the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../src/modules/identity/admins/bootstrap.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, codeAt, enrol } from './admin-fixtures.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
});
afterAll(async () => t.close());

type Login = { id: number; email: string; password: string; secret: string };

async function passwordStep(a: { email: string; password: string }, trusted?: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin',
    headers: cookie ? { cookie } : {},
    payload: { email: a.email, password: a.password, ...(trusted ? { trusted_browser: trusted } : {}) },
  });
  return res.json() as { totp_required?: boolean; ticket?: string; admin?: { token: string } };
}

/** An admin with TOTP on. */
async function enrolled(name: string): Promise<Login> {
  const a = await addAdmin(t, name, ['support']);
  const { secret } = await enrol(t, (await passwordStep(a)).admin!.token);
  return { ...a, secret };
}

/** Both steps, trusting this browser: the token and the device cookie the answer set. */
async function trust(a: Login, cookie?: string) {
  const step = await passwordStep(a);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin/totp',
    headers: cookie ? { cookie } : {},
    payload: { ticket: step.ticket, code: codeAt(t, a.secret), trust_browser: true },
  });
  t.clock.advance(30_000);
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { token: res.json().trusted_browser.token as string, setCookie, cookie: setCookie.split(';')[0]! };
}

const skips = async (a: Login, b: { token: string; cookie: string }) =>
  Boolean((await passwordStep(a, b.token, b.cookie)).admin);

describe('a trusted browser is bound to the browser that got it', () => {
  it('sets an HttpOnly, SameSite=Strict device cookie for the sign-in routes only', async () => {
    const a = await enrolled('cookie');
    const b = await trust(a);
    expect(b.setCookie).toMatch(/^admin_device=[A-Za-z0-9_-]{43}; /);
    expect(b.setCookie).toContain('HttpOnly');
    expect(b.setCookie).toContain('SameSite=Strict');
    expect(b.setCookie).toContain('Path=/api/v1/auth/adminsignin');
    expect(b.setCookie).toContain('Max-Age=43200');
    expect(await skips(a, b)).toBe(true);
  });

  it('the token alone, or with another browser cookie, does not spare the code', async () => {
    const a = await enrolled('copied');
    const b = await trust(a);
    expect(await passwordStep(a, b.token)).toMatchObject({ totp_required: true });
    const other = await trust(a);
    expect(await passwordStep(a, b.token, other.cookie)).toMatchObject({ totp_required: true });
    // the same browser keeps its device secret for a second grant: both tokens work from it
    const again = await trust(a, b.cookie);
    expect(again.cookie).toBe(b.cookie);
    expect(await skips(a, b)).toBe(true);
    expect(await skips(a, { token: again.token, cookie: b.cookie })).toBe(true);
  });
});

describe('a trusted browser ends with every event that ends sessions', () => {
  it('a block and unblock by an owner (team screen)', async () => {
    const a = await enrolled('team-block');
    const b = await trust(a);
    const patch = (status: string) => t.call('PATCH', `/admins/${a.id}`, { token: owner, body: { status } });
    expect((await patch('block')).status).toBe(200);
    expect((await patch('unblock')).status).toBe(200);
    expect(await passwordStep(a, b.token, b.cookie)).toMatchObject({ totp_required: true });
  });

  it('a block and unblock through the member edit (PUT /users/{id})', async () => {
    const a = await enrolled('users-block');
    const b = await trust(a);
    const put = (status: string) => t.call('PUT', `/users/${a.id}`, { token: owner, body: { status } });
    expect((await put('block')).status).toBe(200);
    expect((await put('unblock')).status).toBe(200);
    expect(await passwordStep(a, b.token, b.cookie)).toMatchObject({ totp_required: true });
  });

  it('a password set by the operator (admin:create on their address)', async () => {
    const a = await enrolled('cli-password');
    const b = await trust(a);
    const password = 'Operator-Set-Pass-1';
    await createOwner(t.db, { email: a.email, password, now: t.clock.now() });
    expect(await passwordStep({ ...a, password }, b.token, b.cookie)).toMatchObject({ totp_required: true });
  });

  it('sign out everywhere', async () => {
    const a = await enrolled('everywhere');
    const b = await trust(a);
    const session = (await passwordStep(a, b.token, b.cookie)).admin!.token;
    expect((await t.call('POST', '/auth/signoutadmin/everywhere', { token: session })).status).toBe(200);
    expect(await passwordStep(a, b.token, b.cookie)).toMatchObject({ totp_required: true });
  });
});
