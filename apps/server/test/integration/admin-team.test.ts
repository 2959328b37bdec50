/**
 * The back-office team through its own API: an owner invites admins (a one-time link, 48 h), the
 * invited admin chooses a password and works within their roles; owners change roles, block, end
 * sessions and reset 2FA, all audited; the last owner stays; `admin:create` makes an owner.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { MSG } from '@app/contracts/messages';
import { TEAM_MSG } from '@app/contracts/team-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../src/modules/identity/admins/bootstrap.js';
import { ADMIN, createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep, codeAt, enrol } from './admin-fixtures.js';

let t: TestApp;
let owner: string;
let ownerId: number;
let root: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
  ownerId = (await t.call('GET', '/admins/me', { token: owner })).body.id as number;
  root = await t.register();
});
afterAll(async () => t.close());

const STRONG = 'Invited-Admin-Pass-42';

function withoutAdminPassword(env: NodeJS.ProcessEnv) {
  const { ADMIN_PASSWORD: _, ...rest } = env;
  return rest;
}

/** Invites `email` with `roles` and accepts through the link of the mail; answers a session token. */
async function inviteAndJoin(email: string, roles: string[]) {
  const invited = await t.call('POST', '/admins/invitations', {
    token: owner,
    body: { email, fullname: `Admin ${roles.join(' ')}`, roles },
  });
  expect(invited.status, invited.raw).toBe(201);
  const mail = await lastMail(t.db, email);
  const token = /admin-invitation\/([A-Za-z0-9_-]+)/.exec(mail!.body_text)![1]!;
  expect(invited.body.link).toContain(token);
  const accepted = await t.call('POST', `/admin-invitations/${token}`, { body: { password: STRONG } });
  expect(accepted.status, accepted.raw).toBe(201);
  const signin = await adminPasswordStep(t, { email, password: STRONG });
  expect(signin.status).toBe(200);
  return { token: signin.body.admin.token as string, link: token };
}

async function auditActions(targetId: number) {
  const { rows } = await t.db.query<{ action: string; admin_id: string }>(
    'SELECT action, admin_id FROM audit_log WHERE target_id = $1 ORDER BY id',
    [String(targetId)],
  );
  return rows;
}

describe('admin team', () => {
  it('the first admin is an owner and sees the team', async () => {
    const me = await t.call('GET', '/admins/me', { token: owner });
    expect(me.body).toMatchObject({ email: ADMIN.email, roles: ['owner'] });
    const team = await t.call('GET', '/admins', { token: owner });
    expect(team.status).toBe(200);
    expect(team.body.admins.map((a: { email: string }) => a.email)).toContain(ADMIN.email);
  });

  it('an invitation works once, for 48 hours, with the admin password policy', async () => {
    const email = 'finance-one@test.local';
    const invited = await t.call('POST', '/admins/invitations', {
      token: owner,
      body: { email, fullname: 'Fin One', roles: ['finance'] },
    });
    expect(invited.status).toBe(201);
    const link = /admin-invitation\/([A-Za-z0-9_-]+)/.exec(invited.body.link as string)![1]!;
    expect((await t.call('GET', `/admin-invitations/${link}`)).body).toEqual({ email, roles: ['finance'] });
    const weak = await t.call('POST', `/admin-invitations/${link}`, { body: { password: 'short1' } });
    expect(weak.status).toBe(400);
    expect((await t.call('POST', `/admin-invitations/${link}`, { body: { password: STRONG } })).status).toBe(
      201,
    );
    const again = await t.call('POST', `/admin-invitations/${link}`, { body: { password: STRONG } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(TEAM_MSG.invitationUnusable);

    const late = await t.call('POST', '/admins/invitations', {
      token: owner,
      body: { email: 'late@test.local', fullname: 'Late', roles: ['support'] },
    });
    const lateLink = /admin-invitation\/([A-Za-z0-9_-]+)/.exec(late.body.link as string)![1]!;
    t.clock.advance(48 * 3600_000 + 1000);
    owner = await t.adminToken(); // admin sessions last less than 48 h
    expect((await t.call('GET', `/admin-invitations/${lateLink}`)).status).toBe(404);
    expect(
      (await t.call('POST', `/admin-invitations/${lateLink}`, { body: { password: STRONG } })).status,
    ).toBe(404);
    // an address that has an account cannot be invited
    const taken = await t.call('POST', '/admins/invitations', {
      token: owner,
      body: { email, fullname: 'Again', roles: ['support'] },
    });
    expect(taken.status).toBe(409);
  });

  it('each admin works within their roles: 403 outside them, members get 403 too', async () => {
    const support = await inviteAndJoin('support-one@test.local', ['support']);
    const finance = await inviteAndJoin('finance-two@test.local', ['finance']);
    const auditor = await inviteAndJoin('auditor-one@test.local', ['auditor']);
    const call = (token: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
      t.call(method, url, { token, ...(body ? { body } : {}) }).then((r) => r.status);

    expect(await call(support.token, 'GET', '/withdrawalrequest/list')).toBe(403);
    expect(await call(finance.token, 'GET', '/withdrawalrequest/list')).toBe(200);
    expect(await call(support.token, 'GET', '/tickets')).toBe(200);
    expect(await call(finance.token, 'GET', '/tickets')).toBe(403);
    expect(await call(auditor.token, 'GET', '/tickets')).toBe(200);
    expect(await call(auditor.token, 'GET', '/admins')).toBe(200);
    expect(await call(auditor.token, 'PUT', '/settings', { min_withdrawal: 10 })).toBe(403);
    expect(await call(finance.token, 'GET', '/admins')).toBe(403);
    const refused = await t.call('GET', '/tickets', { token: finance.token });
    expect(refused.body.message).toBe(TEAM_MSG.adminRoleMissing);
    // a member holding a valid session is told they may not, not that their session ended
    const member = await t.register(root.code);
    const asMember = await t.call('GET', '/tickets', { token: member.token });
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe(MSG.forbidden);
    // an owner's account is the owners' to change: support edits members, not admins
    expect(await call(support.token, 'PUT', `/users/${ownerId}`, { fullname: 'Hijacked' })).toBe(403);
  });

  it('owners change roles, block, end sessions and reset 2FA; all audited', async () => {
    const joined = await inviteAndJoin('content-one@test.local', ['content']);
    const id = (await t.call('GET', '/admins/me', { token: joined.token })).body.id as number;
    expect((await t.call('GET', '/news/list', { token: joined.token })).status).toBe(200);

    const patch = await t.call('PATCH', `/admins/${id}`, {
      token: owner,
      body: { roles: ['content', 'support'] },
    });
    expect(patch.status).toBe(200);
    // roles hold at once, on the session already open
    expect((await t.call('GET', '/tickets', { token: joined.token })).status).toBe(200);

    const { secret } = await enrol(t, joined.token);
    // they trust this browser at their next sign-in: an owner's reset takes that away too
    const step = await adminPasswordStep(t, { email: 'content-one@test.local', password: STRONG });
    const trusted = await t.call('POST', '/auth/adminsignin/totp', {
      body: { ticket: step.body.ticket, code: codeAt(t, secret), trust_browser: true },
    });
    expect(trusted.status, trusted.raw).toBe(200);
    const reset = await t.call('POST', `/admins/${id}/reset-2fa`, { token: owner });
    expect(reset.status).toBe(200);
    const { rows: open } = await t.db.query(
      'SELECT 1 FROM admin_trusted_browsers WHERE admin_id = $1 AND revoked_at IS NULL',
      [id],
    );
    expect(open).toHaveLength(0);
    expect((await t.call('GET', '/admins/me', { token: joined.token })).status).toBe(401);
    const back = await adminPasswordStep(t, { email: 'content-one@test.local', password: STRONG });
    expect(back.body.admin?.token).toBeTruthy(); // no code asked: 2FA is off

    expect((await t.call('POST', `/admins/${id}/signout`, { token: owner })).status).toBe(200);
    expect((await t.call('GET', '/admins/me', { token: back.body.admin?.token })).status).toBe(401);

    expect((await t.call('PATCH', `/admins/${id}`, { token: owner, body: { status: 'block' } })).status).toBe(
      200,
    );
    const blocked = await adminPasswordStep(t, { email: 'content-one@test.local', password: STRONG });
    expect(blocked.status).not.toBe(200);

    const actions = (await auditActions(id)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'admin.invitation_accept',
        'admin.update',
        'admin.totp_reset',
        'admin.sessions_end',
      ]),
    );
    expect(actions.filter((a) => a === 'admin.update')).toHaveLength(2);
  });

  it('the last owner cannot be demoted or blocked, by themself or another', async () => {
    const demote = await t.call('PATCH', `/admins/${ownerId}`, {
      token: owner,
      body: { roles: ['finance'] },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(TEAM_MSG.lastOwner);
    const second = await addAdmin(t, 'owner2');
    const signin = await adminPasswordStep(t, second);
    const block = await t.call('PATCH', `/admins/${ownerId}`, {
      token: signin.body.admin.token,
      body: { status: 'block' },
    });
    expect(block.status).toBe(200);
    // now `second` is the last active owner
    const self = await t.call('PATCH', `/admins/${second.id}`, {
      token: signin.body.admin.token,
      body: { roles: ['auditor'] },
    });
    expect(self.status).toBe(409);
    const unblock = await t.call('PATCH', `/admins/${ownerId}`, {
      token: signin.body.admin.token,
      body: { status: 'unblock' },
    });
    expect(unblock.status).toBe(200);
    owner = await t.adminToken();
  });

  it('admin:create makes an owner, or makes an admin an active owner again', async () => {
    const created = await createOwner(t.db, {
      email: 'Rescue@Test.local',
      password: STRONG,
      now: t.clock.now(),
    });
    expect(created.created).toBe(true);
    const signin = await adminPasswordStep(t, { email: 'rescue@test.local', password: STRONG });
    expect((await t.call('GET', '/admins/me', { token: signin.body.admin.token })).body.roles).toEqual([
      'owner',
    ]);

    const auditor = await addAdmin(t, 'blocked-auditor', ['auditor']);
    await t.db.query(`UPDATE users SET status = 'block' WHERE id = $1`, [auditor.id]);
    const restored = await createOwner(t.db, { email: auditor.email, password: STRONG, now: t.clock.now() });
    expect(restored).toEqual({ id: auditor.id, created: false });
    const again = await adminPasswordStep(t, { email: auditor.email, password: STRONG });
    const me = await t.call('GET', '/admins/me', { token: again.body.admin.token });
    expect(me.body.roles).toEqual(expect.arrayContaining(['auditor', 'owner']));
    expect((await auditActions(auditor.id)).map((r) => r.action)).toContain('admin.create_cli');

    const member = await t.register(root.code);
    await expect(
      createOwner(t.db, { email: member.email, password: STRONG, now: t.clock.now() }),
    ).rejects.toThrow(/belongs to a member/);
  });

  it('admin:create runs from the command line on the server configuration', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', 'cli-owner@test.local'],
      {
        cwd: root,
        env: { ...withoutAdminPassword(process.env), DATABASE_URL: t.databaseUrl, NODE_ENV: 'test' },
        timeout: 60_000,
      },
    );
    expect(stdout).toContain('Created the owner cli-owner@test.local');
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(stdout)![1]!;
    const signin = await adminPasswordStep(t, { email: 'cli-owner@test.local', password });
    expect(signin.status).toBe(200);
  }, 90_000);
});
