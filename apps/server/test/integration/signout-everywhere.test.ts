import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * The attack: a session token was left on a shared computer or copied off a lost phone. "Sign out
 * everywhere" ends every session of the caller at once, on the next request of any of them.
 */
let t: TestApp;
let rootCode: string;
beforeAll(async () => {
  t = await createTestApp();
  rootCode = (await t.register()).code;
});
afterAll(async () => t.close());

const memberSignin = async (email: string, password: string) => {
  const res = await t.call('POST', '/auth/signin', { body: { email, password } });
  expect(res.status, res.raw).toBe(200);
  return res.body.auth.token as string;
};

describe('sign out everywhere', () => {
  it('ends every session of the member, this one included, and nobody else’s', async () => {
    const m = await t.register(rootCode);
    const phone = m.token;
    const laptop = await memberSignin(m.email, m.password);
    const other = await t.register(rootCode);
    expect((await t.call('GET', `/users/${m.id}`, { token: phone })).status).toBe(200);

    const res = await t.call('POST', '/auth/signout/everywhere', { token: laptop });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.signedOutEverywhere } });
    for (const token of [phone, laptop]) {
      expect(await t.call('GET', `/users/${m.id}`, { token })).toMatchObject({
        status: 401,
        body: { message: MSG.sessionEnded },
      });
    }
    expect((await t.call('GET', `/users/${other.id}`, { token: other.token })).status).toBe(200);
    // signing in again works as usual
    const fresh = await memberSignin(m.email, m.password);
    expect((await t.call('GET', `/users/${m.id}`, { token: fresh })).status).toBe(200);
  });

  it('ends every session of the admin the same way', async () => {
    const one = await t.adminToken();
    const two = await t.adminToken();
    const res = await t.call('POST', '/auth/signoutadmin/everywhere', { token: two });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.signedOutEverywhere } });
    for (const token of [one, two]) expect((await t.call('GET', '/users/stats', { token })).status).toBe(401);
    expect((await t.call('GET', '/users/stats', { token: await t.adminToken() })).status).toBe(200);
  });

  it('each audience has its own route: a member token cannot call the admin one, nor the reverse', async () => {
    const m = await t.register(rootCode);
    expect((await t.call('POST', '/auth/signoutadmin/everywhere', { token: m.token })).status).toBe(403);
    const admin = await t.adminToken();
    expect((await t.call('POST', '/auth/signout/everywhere', { token: admin })).status).toBe(403);
    // neither refused call ended anything
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(200);
    expect((await t.call('GET', '/users/stats', { token: admin })).status).toBe(200);
  });
});
