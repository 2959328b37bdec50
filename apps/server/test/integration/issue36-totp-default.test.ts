/**
 * Issue 36, two-factor for all staff by default: a fresh install requires two-factor authentication
 * of every admin (the first start stores admin_totp_required = true); an existing install keeps its
 * setting; owners may relax it per role, and the setup list then warns with the roles it spares.
 * Other owners also see who got finance or owner in the last week on the setup list.
 */
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/modules/identity/admins/bootstrap.js';
import { readSettings } from '../../src/modules/operations/settings/service.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, enrol } from './admin-fixtures.js';

describe('a fresh install', () => {
  let t: TestApp;
  beforeAll(async () => {
    // as main.ts starts a new platform: ADMIN_TOTP_REQUIRED is on unless the operator says otherwise
    t = await createTestApp({ ADMIN_TOTP_REQUIRED: 'on' });
  });
  afterAll(async () => t?.close());

  it('requires two-factor of every admin: the first owner must set it up before anything else', async () => {
    expect((await readSettings(t.db)).admin_totp_required).toBe(true);
    const signin = await t.call('POST', '/auth/adminsignin', { body: ADMIN });
    expect(signin.status).toBe(200);
    expect(signin.body.admin.totp_setup_required).toBe(true);
    const team = await t.call('GET', '/admins', { token: signin.body.admin.token });
    expect(team).toMatchObject({ status: 403, body: { message: MSG.totpSetupRequired } });
  });

  it('a later start (an existing install) keeps the setting the owners chose', async () => {
    await t.db.query(`UPDATE settings SET value = 'false' WHERE key = 'admin_totp_required'`);
    await ensureAdmin(t.db, t.clock, t.app.log, { email: ADMIN.email, password: ADMIN.password });
    expect((await readSettings(t.db)).admin_totp_required).toBe(false);
  });
});

describe('relaxed per role, with a warning on the setup list', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(); // two-factor relaxed, as the demo and the browser tests start
    owner = await t.adminToken();
    // the owner's own authenticator first: requiring two-factor of a role they hold asks for it
    await enrol(t, owner);
  });
  afterAll(async () => t?.close());

  const item = async (id: string) => {
    const res = await t.call('GET', '/setup', { token: owner });
    expect(res.status, res.raw).toBe(200);
    return res.body.items.find((i: { id: string }) => i.id === id) as { done: boolean; explanation: string };
  };

  it('lists the roles two-factor is not required of, until it is required of all', async () => {
    const relaxed = await item('two-factor-all');
    expect(relaxed.done).toBe(false);
    expect(relaxed.explanation).toBe(
      'Two-factor authentication is not required of: Owner, Finance, Support, Content, Auditor. One stolen password of such an admin is enough to sign in as them.',
    );
    const some = await t.call('PUT', '/settings', {
      token: owner,
      body: { admin_totp_required: false, admin_totp_required_roles: ['owner', 'finance'] },
    });
    expect(some.status, some.raw).toBe(200);
    expect((await item('two-factor-all')).explanation).toMatch(
      /not required of: Support, Content, Auditor\./,
    );
    const all = await t.call('PUT', '/settings', { token: owner, body: { admin_totp_required: true } });
    expect(all.status, all.raw).toBe(200);
    expect((await item('two-factor-all')).done).toBe(true);
  });

  it('shows who got finance or owner in the last 7 days', async () => {
    expect((await item('team-grants')).done).toBe(true);
    const support = await addAdmin(t, 'grant-watch', ['support'], 3);
    const res = await t.call('PATCH', `/admins/${support.id}`, {
      token: owner,
      body: { roles: ['support', 'finance'] },
    });
    expect(res.status, res.raw).toBe(200);
    const grants = await item('team-grants');
    expect(grants.done).toBe(false);
    expect(grants.explanation).toBe(
      `In the last 7 days: Admin grant-watch (${support.email}) on 2026-11-01 10:00 UTC, by ${ADMIN.email}. If no owner expected it, block the account under Team.`,
    );
  });
});
