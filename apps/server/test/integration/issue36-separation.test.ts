/**
 * Issue 36.7 and separation of duties at admin level: an owner finished four eyes alone by inviting
 * a finance account they controlled (the link was in the API answer), accepting it and approving.
 * Now an admin of less than 24 hours is neither pair of eyes of a withdrawal; every other active
 * owner is told when anyone gets finance or owner; with a mail server the link is not in the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOldEnoughSql } from '../../src/modules/identity/admins/separation.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';
import { payoutHash } from './payout-hashes.js';

let t: TestApp;
let owner: string;
let otherOwner: { id: number; email: string };
let seasoned: Awaited<ReturnType<typeof secondEyes>>;
let root: Awaited<ReturnType<TestApp['register']>>;
const BEP20 = `0x${'5a'.repeat(20)}`;

const signIn = async (login: { email: string; password: string }) => {
  const res = await t.call('POST', '/auth/adminsignin', { body: login });
  expect(res.status, res.raw).toBe(200);
  return res.body.admin.token as string;
};

const mailsTo = async (to: string, template: string) =>
  (
    await t.db.query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 AND template = $2 ORDER BY id',
      [to, template],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ FOUR_EYES_ABOVE_USDT: '500' });
  // the platform's owner and a second owner have been on the team for days
  await t.db.query(`UPDATE users SET created_at = created_at - interval '3 days' WHERE email = $1`, [
    ADMIN.email,
  ]);
  otherOwner = await addAdmin(t, 'other-owner', ['owner'], 3);
  owner = await t.adminToken();
  seasoned = await secondEyes(t, ['finance']);
  root = await t.register();
});
afterAll(async () => t?.close());

async function withdrawal(amount: number) {
  const m = await t.register(root.code);
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
  await adjustByTwo(
    t,
    { ask: owner, approve: seasoned.token },
    { user_id: m.id, wallet: 'earnings', amount },
  );
  const res = await t.call('POST', '/withdrawalrequest/add', {
    token: m.token,
    body: { amount, password: m.password },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.withdrawal.id as number;
}

const signOff = (id: number, token: string) => t.call('POST', `/withdrawalrequest/approval/${id}`, { token });
const approve = (id: number, token: string) =>
  t.call('PUT', `/withdrawalrequest/${id}`, {
    token,
    body: { status: 'approved', tx_hash: payoutHash(`separation-${id}`) },
  });
const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0]!
    .status;

describe('separation of duties at admin level', () => {
  let puppet: { email: string; password: string; token: string; id: number };

  it('an owner invites a finance account of their own and accepts it: the other owners are told', async () => {
    const invited = await t.call('POST', '/admins/invitations', {
      token: owner,
      body: { email: 'puppet@test.local', fullname: 'Puppet Finance', roles: ['finance'] },
    });
    expect(invited.status, invited.raw).toBe(201);
    // no mail server in this app: the owner passes the link on themself
    const token = /\/admin-invitation\/([A-Za-z0-9_-]+)$/.exec(invited.body.link)![1]!;
    const password = 'PuppetPass-2026!';
    expect((await t.call('POST', `/admin-invitations/${token}`, { body: { password } })).status).toBe(201);
    const login = { email: 'puppet@test.local', password };
    puppet = { ...login, token: await signIn(login), id: 0 };
    puppet.id = (await t.call('GET', '/admins/me', { token: puppet.token })).body.id;

    const told = await mailsTo(otherOwner.email, 'admin_role_granted');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Puppet Finance can now move money in the back-office');
    expect(told[0]!.body_text).toContain('puppet@test.local');
    expect(told[0]!.body_text).toContain(`accepted an invitation from ${ADMIN.email}`);
    // only owners hear of it, and never the new admin
    expect(await mailsTo(seasoned.email, 'admin_role_granted')).toHaveLength(0);
    expect(await mailsTo('puppet@test.local', 'admin_role_granted')).toHaveLength(0);
    // the mail is for owners' eyes in the outbox
    const row = await t.db.query<{ owner_only: boolean }>(
      `SELECT owner_only FROM mail_outbox WHERE template = 'admin_role_granted'`,
    );
    expect(row.rows.every((r) => r.owner_only)).toBe(true);
  });

  it('the new admin cannot be the second pair of eyes, nor the first, for 24 hours', async () => {
    const id = await withdrawal(1000); // net 900 > 500
    expect((await signOff(id, owner)).status).toBe(200);
    const paid = await approve(id, puppet.token);
    expect(paid.status, paid.raw).toBe(409);
    expect(paid.body.message).toMatch(
      /^Your admin account is less than 24 hours old \(until 2026-11-02 10:00 UTC\): another admin must be the second pair of eyes$/,
    );
    expect(await statusOf(id)).toBe('pending');

    const other = await withdrawal(800);
    const first = await signOff(other, puppet.token);
    expect(first.status, first.raw).toBe(409);
    expect(first.body.message).toMatch(/less than 24 hours old/);
    expect(
      (await t.db.query('SELECT 1 FROM withdrawal_approvals WHERE withdrawal_id = $1', [other])).rowCount ??
        0,
    ).toBe(0);

    // the same rule in SQL, for queries that must count only admins of a day or more
    const oldEnough = async (id: number) =>
      (
        await t.db.query<{ ok: boolean }>(
          `SELECT ${adminOldEnoughSql('u', '$2')} AS ok FROM users u WHERE u.id = $1`,
          [id, t.clock.now()],
        )
      ).rows[0]!.ok;
    expect(await oldEnough(puppet.id)).toBe(false);
    expect(await oldEnough(seasoned.id)).toBe(true);

    // a seasoned finance admin is the second pair of eyes as before
    expect((await approve(id, seasoned.token)).status).toBe(200);
    expect(await statusOf(id)).toBe('approved');
  });

  it('a role change that gives finance or owner is told to the other owners; one that takes it away is not', async () => {
    const before = (await mailsTo(otherOwner.email, 'admin_role_granted')).length;
    const toActor = (await mailsTo(ADMIN.email, 'admin_role_granted')).length;
    const support = await addAdmin(t, 'support-made-finance', ['support'], 5);
    const up = await t.call('PATCH', `/admins/${support.id}`, {
      token: owner,
      body: { roles: ['support', 'finance'] },
    });
    expect(up.status, up.raw).toBe(200);
    const after = await mailsTo(otherOwner.email, 'admin_role_granted');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.body_text).toContain(`was given new roles by ${ADMIN.email}`);
    // the owner who made the change is not mailed about their own change
    expect(await mailsTo(ADMIN.email, 'admin_role_granted')).toHaveLength(toActor);
    await t.call('PATCH', `/admins/${support.id}`, { token: owner, body: { roles: ['support'] } });
    expect(await mailsTo(otherOwner.email, 'admin_role_granted')).toHaveLength(before + 1);
  });

  // last: it moves the clock a day on
  it('a day later the same admin may be the second pair of eyes', async () => {
    const id = await withdrawal(700);
    expect((await signOff(id, owner)).status).toBe(200);
    t.clock.advance(25 * 3600_000);
    const token = await signIn({ email: puppet.email, password: puppet.password });
    const paid = await approve(id, token);
    expect(paid.status, paid.raw).toBe(200);
  });
});

describe('with a mail server the invitation link is not in the answer', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => m?.close());

  it('answers the invitation with link null; the link went by mail only', async () => {
    const res = await m.call('POST', '/admins/invitations', {
      token: await m.adminToken(),
      body: { email: 'mailed@test.local', fullname: 'Mailed Admin', roles: ['support'] },
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.link).toBeNull();
    expect(res.raw).not.toMatch(/admin-invitation\//);
    const mail = await m.db.query(`SELECT 1 FROM mail_outbox WHERE template = 'admin_invitation'`);
    expect(mail.rowCount).toBe(1);
  });
});
