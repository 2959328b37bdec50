/**
 * An owner moves another admin to a new e-mail address from Team (issue 37.5): a link goes to the new
 * address, the address changes only when it is confirmed there, audited, and the old address is told.
 * And the setup item about an admin at example.com points to Team, where it is fixed.
 */
import type { SetupResponse } from '@app/contracts/setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
});
afterAll(async () => t?.close());

const signIn = async (login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;
const emailOf = async (id: number) =>
  (await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id])).rows[0]!.email;
const tokenIn = (text: string) => /\/admin-email\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe("an owner changes another admin's e-mail", () => {
  it('sends a link to the new address; only confirming it changes the address, audited, the old one told', async () => {
    const fiona = await addAdmin(t, 'fiona', ['finance']);
    await t.db.query('UPDATE users SET email = $2 WHERE id = $1', [fiona.id, 'fiona@example.com']);

    // the dashboard item points the owner to Team, where another admin's address is changed
    const setup = (await t.call('GET', '/setup', { token: owner })).body as SetupResponse;
    const item = setup.items.find((i) => i.id === 'admin-email')!;
    expect(item).toMatchObject({ done: false, path: '/admin/team' });
    expect(item.explanation).toContain('fiona@example.com');
    expect(item.explanation).toContain('under Team');

    const started = await t.call('POST', `/admins/${fiona.id}/email`, {
      token: owner,
      body: { email: 'Fiona.Real@Company.test' },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ pending_email: 'fiona.real@company.test' });
    // no mail server in the test app: the owner is handed the link, as with invitations
    expect(started.body.link).toMatch(/^http:\/\/app\.test\/admin-email\/[A-Za-z0-9_-]{40,}$/);
    // nothing changed yet; Team shows the change waiting
    expect(await emailOf(fiona.id)).toBe('fiona@example.com');
    const team = (await t.call('GET', '/admins', { token: owner })).body as {
      admins: Array<{ id: number; pending_email: string | null }>;
    };
    expect(team.admins.find((a) => a.id === fiona.id)?.pending_email).toBe('fiona.real@company.test');

    const mail = (await lastMail(t.db, 'fiona.real@company.test'))!;
    expect(mail.template).toBe('admin_email_link');
    const token = tokenIn(mail.body_text);
    expect(started.body.link).toContain(token);
    // the outbox keeps the token masked
    const stored = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE to_address = 'fiona.real@company.test'`,
    );
    expect(stored.rows[0]!.body_text).not.toContain(token);

    // opening the link shows the change and changes nothing
    const preview = await t.call('GET', `/admin-email-links/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      fullname: 'Admin fiona',
      email: 'fiona@example.com',
      new_email: 'fiona.real@company.test',
      requested_by: ADMIN.email,
    });
    expect(await emailOf(fiona.id)).toBe('fiona@example.com');

    const confirmed = await t.call('POST', `/admin-email-links/${token}`);
    expect(confirmed.status).toBe(200);
    expect(await emailOf(fiona.id)).toBe('fiona.real@company.test');
    // spent: the link works once
    expect((await t.call('POST', `/admin-email-links/${token}`)).status).toBe(404);
    expect((await t.call('GET', `/admin-email-links/${token}`)).status).toBe(404);

    const audit = await t.db.query<{ action: string; admin_id: string; before: unknown; after: unknown }>(
      `SELECT action, admin_id, before, after FROM audit_log
        WHERE action LIKE 'admin.email.%' AND target_id = $1 ORDER BY id`,
      [String(fiona.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['admin.email.change_start', 'admin.email.change']);
    expect({ ...audit.rows[1], admin_id: Number(audit.rows[1]!.admin_id) }).toMatchObject({
      admin_id: fiona.id,
      before: { email: 'fiona@example.com' },
      after: { email: 'fiona.real@company.test', requested_by: ADMIN.email },
    });
    const notice = (await lastMail(t.db, 'fiona@example.com'))!;
    expect(notice.template).toBe('admin_email_changed');
    expect(notice.body_text).toContain('fiona.real@company.test');

    // she signs in with the new address; the item is done
    expect(await signIn({ email: 'fiona.real@company.test', password: fiona.password })).toBeTruthy();
    const after = (await t.call('GET', '/setup', { token: owner })).body as SetupResponse;
    expect(after.items.find((i) => i.id === 'admin-email')?.done).toBe(true);
  });

  it('a newer request replaces the open link; an expired link changes nothing', async () => {
    const gus = await addAdmin(t, 'gus', ['support']);
    const first = await t.call('POST', `/admins/${gus.id}/email`, {
      token: owner,
      body: { email: 'gus.one@company.test' },
    });
    const second = await t.call('POST', `/admins/${gus.id}/email`, {
      token: owner,
      body: { email: 'gus.two@company.test' },
    });
    expect(second.status).toBe(200);
    expect((await t.call('POST', `/admin-email-links/${tokenIn(first.body.link)}`)).status).toBe(404);
    expect(await emailOf(gus.id)).toBe(gus.email);

    t.clock.advance(49 * 3600_000);
    // (the owner's session ended meanwhile: the next test signs in again)
    const late = await t.call('POST', `/admin-email-links/${tokenIn(second.body.link)}`);
    expect(late.status).toBe(404);
    expect(late.body.message).toMatch(/expired/);
    expect(await emailOf(gus.id)).toBe(gus.email);
  });

  it('refuses a taken address, the same address, the owner themself, a member, and non-owners', async () => {
    owner = await t.adminToken();
    const hal = await addAdmin(t, 'hal', ['content']);
    const other = await addAdmin(t, 'ida', ['support']);
    const taken = await t.call('POST', `/admins/${hal.id}/email`, {
      token: owner,
      body: { email: other.email },
    });
    expect(taken.status).toBe(409);
    const same = await t.call('POST', `/admins/${hal.id}/email`, {
      token: owner,
      body: { email: hal.email },
    });
    expect(same.status).toBe(400);
    const bad = await t.call('POST', `/admins/${hal.id}/email`, {
      token: owner,
      body: { email: 'not-mail' },
    });
    expect(bad.status).toBe(400);
    const me = (await t.call('GET', '/admins/me', { token: owner })).body as { id: number };
    const self = await t.call('POST', `/admins/${me.id}/email`, {
      token: owner,
      body: { email: 'x@company.test' },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/under Account/);
    const member = await t.register();
    const notAdmin = await t.call('POST', `/admins/${member.id}/email`, {
      token: owner,
      body: { email: 'y@company.test' },
    });
    expect(notAdmin.status).toBe(404);
    const support = await signIn(other);
    const forbidden = await t.call('POST', `/admins/${hal.id}/email`, {
      token: support,
      body: { email: 'z@company.test' },
    });
    expect(forbidden.status).toBe(403);
    expect((await t.call('GET', '/admin-email-links/short')).status).toBe(400);

    // the address is taken between the request and the confirmation: 409, nothing changes
    const started = await t.call('POST', `/admins/${hal.id}/email`, {
      token: owner,
      body: { email: 'hal.new@company.test' },
    });
    await t.db.query('UPDATE users SET email = $2 WHERE id = $1', [other.id, 'hal.new@company.test']);
    expect((await t.call('POST', `/admin-email-links/${tokenIn(started.body.link)}`)).status).toBe(409);
    expect(await emailOf(hal.id)).toBe(hal.email);
  });
});
