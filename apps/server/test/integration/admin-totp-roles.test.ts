import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep, enrol } from './admin-fixtures.js';

/**
 * Two-factor authentication required per role (`admin_totp_required_roles`): an admin holding any
 * listed role and without TOTP is held at the set-up, like everyone when `admin_totp_required`
 * (all roles) is on; the others are not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sessionOf = (res: { status: number; body: { admin?: { token: string } }; raw: string }) => {
  expect(res.status, res.raw).toBe(200);
  return res.body.admin!.token;
};

describe('two-factor authentication required for some roles', () => {
  it('holds the admins of a listed role at the set-up, and only them; lifting it frees them at once', async () => {
    const owner = await addAdmin(t, 'roles-owner');
    const ownerToken = sessionOf(await adminPasswordStep(t, owner));
    await enrol(t, ownerToken);

    const finance = await addAdmin(t, 'roles-finance', ['finance']);
    const both = await addAdmin(t, 'roles-both', ['support', 'finance']);
    const support = await addAdmin(t, 'roles-support', ['support']);
    const financeToken = sessionOf(await adminPasswordStep(t, finance));

    const on = await t.call('PUT', '/settings', {
      token: ownerToken,
      body: { admin_totp_required_roles: ['finance'] },
    });
    expect(on.status, on.raw).toBe(200);
    expect(on.body.changed).toEqual(['admin_totp_required_roles']);
    expect(on.body.settings).toMatchObject({
      admin_totp_required: false,
      admin_totp_required_roles: ['finance'],
    });

    // a session opened before is held at once, like a new one
    expect(await t.call('GET', '/users/stats', { token: financeToken })).toMatchObject({
      status: 403,
      body: { message: MSG.totpSetupRequired },
    });
    for (const a of [finance, both]) {
      const step = await adminPasswordStep(t, a);
      expect(step.body.admin).toMatchObject({ totp_setup_required: true });
      const token = step.body.admin.token as string;
      expect((await t.call('GET', '/users/stats', { token })).status).toBe(403);
      expect((await t.call('GET', '/totp', { token })).body).toMatchObject({
        enabled: false,
        required: true,
        required_for_all: false,
        required_for_roles: ['finance'],
      });
    }
    const supportStep = await adminPasswordStep(t, support);
    expect(supportStep.body.admin).toMatchObject({ totp_setup_required: false });
    const supportToken = supportStep.body.admin.token as string;
    expect((await t.call('GET', '/users/stats', { token: supportToken })).status).toBe(200);
    expect((await t.call('GET', '/totp', { token: supportToken })).body).toMatchObject({ required: false });

    // the set-up opens the rest
    await enrol(t, financeToken);
    expect((await t.call('GET', '/users/stats', { token: financeToken })).status).toBe(200);

    // lifted: the one still without it is free at once, in the session they have
    const bothToken = sessionOf(await adminPasswordStep(t, both));
    expect((await t.call('GET', '/users/stats', { token: bothToken })).status).toBe(403);
    const off = await t.call('PUT', '/settings', {
      token: ownerToken,
      body: { admin_totp_required_roles: [] },
    });
    expect(off.status, off.raw).toBe(200);
    expect((await t.call('GET', '/users/stats', { token: bothToken })).status).toBe(200);
  });

  it('the all-roles switch still holds everyone', async () => {
    const owner = await addAdmin(t, 'all-owner');
    const ownerToken = sessionOf(await adminPasswordStep(t, owner));
    await enrol(t, ownerToken);
    const content = await addAdmin(t, 'all-content', ['content']);
    const on = await t.call('PUT', '/settings', {
      token: ownerToken,
      body: { admin_totp_required: true, admin_totp_required_roles: ['finance'] },
    });
    expect(on.status, on.raw).toBe(200);
    expect((await adminPasswordStep(t, content)).body.admin).toMatchObject({ totp_setup_required: true });
    const off = await t.call('PUT', '/settings', { token: ownerToken, body: { admin_totp_required: false } });
    expect(off.status, off.raw).toBe(200);
    expect((await adminPasswordStep(t, content)).body.admin).toMatchObject({ totp_setup_required: false });
    await t.call('PUT', '/settings', { token: ownerToken, body: { admin_totp_required_roles: [] } });
  });

  it('an owner without TOTP may not require it of a role they hold, but may of others', async () => {
    const owner = await addAdmin(t, 'bare-owner', ['owner', 'support']);
    const token = sessionOf(await adminPasswordStep(t, owner));
    for (const roles of [['owner'], ['support', 'content']]) {
      expect(
        await t.call('PUT', '/settings', { token, body: { admin_totp_required_roles: roles } }),
        roles.join(),
      ).toMatchObject({ status: 409, body: { message: ACCOUNT_MSG.totpEnrolFirstRole } });
    }
    const others = await t.call('PUT', '/settings', {
      token,
      body: { admin_totp_required_roles: ['content'] },
    });
    expect(others.status, others.raw).toBe(200);
    expect((await t.call('GET', '/users/stats', { token })).status).toBe(200);
    // a role named twice or unknown is refused by the contract
    for (const roles of [['content', 'content'], ['janitor']]) {
      expect(
        (await t.call('PUT', '/settings', { token, body: { admin_totp_required_roles: roles } })).status,
      ).toBe(400);
    }
    await t.call('PUT', '/settings', { token, body: { admin_totp_required_roles: [] } });
  });
});
