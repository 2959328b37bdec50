/**
 * Admin → Mail (GET /mail, GET /mail/{id}, issue 27.6): the outbox as support reads it, mail about
 * admin accounts kept to owners, codes and links masked for every admin (issue 36); and support
 * marking a member's e-mail verified by hand. Revealing and re-sending: mail-reveal.test.ts.
 */

import { readFile } from 'node:fs/promises';
import { MAIL_MASK, type MailDetail, type MailListResponse } from '@app/contracts/mail-log';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let owner: string;
let support: string;
let auditor: string;
let content: string;
let root: Awaited<ReturnType<TestApp['register']>>;

const signIn = async (login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
  support = await signIn(await addAdmin(t, 'support', ['support']));
  auditor = await signIn(await addAdmin(t, 'auditor', ['auditor']));
  content = await signIn(await addAdmin(t, 'content', ['content']));
  root = await t.register();
});
afterAll(async () => t?.close());

const list = async (token: string, query = '') => {
  const res = await t.call('GET', `/mail${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as MailListResponse;
};
const codeMailOf = async (member: { id: number; email: string; token: string }) => {
  const sent = await t.call('POST', '/otp/send', {
    token: member.token,
    body: { userId: member.id, email: member.email },
  });
  expect(sent.status).toBe(200);
};

describe('the Mail screen', () => {
  it("lists a registration's verification mail, newest first, with its code masked in subject and body", async () => {
    const member = await t.register(root.code);
    await codeMailOf(member);
    const { mails, total, currentPage } = await list(support, `?search=${encodeURIComponent(member.email)}`);
    expect(total).toBe(1);
    expect(currentPage).toBe(1);
    expect(mails[0]).toMatchObject({
      to: member.email,
      template: 'otp',
      status: 'pending',
      attempts: 0,
      sent_at: null,
      subject: `Your verification code: ${MAIL_MASK}`,
    });

    const detail = await t.call('GET', `/mail/${mails[0]!.id}`, { token: support });
    expect(detail.status).toBe(200);
    const mail = detail.body.mail as MailDetail;
    expect(mail.body).toContain(`Your email verification code is ${MAIL_MASK}.`);
    expect(mail.body).not.toMatch(/\d{6}/);
    // support may re-send it, not reveal it
    expect(mail).toMatchObject({ has_secret: true, revealable: false, resendable: true });
    // the member's own mail (the test's channel: the sealed copy, as a mail server delivers it) has it
    const code = /\b(\d{6})\b/.exec((await lastMail(t.db, member.email))!.body_text)![1]!;
    expect(detail.raw).not.toContain(code);
    const verified = await t.call('POST', '/otp/verify', {
      token: member.token,
      body: { userId: member.id, otp: code },
    });
    expect(verified.status).toBe(200);
  });

  it('stores no secret in clear: the outbox row itself holds only the masked text', async () => {
    const member = await t.register(root.code);
    await codeMailOf(member);
    await t.call('POST', '/pass/forget', { body: { email: member.email } });
    const { rows } = await t.db.query<{
      template: string;
      subject: string;
      body_text: string;
      has_secret: boolean;
    }>(`SELECT template, subject, body_text, has_secret FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [
      member.email,
    ]);
    expect(rows.map((r) => [r.template, r.has_secret])).toEqual([
      ['otp', true],
      ['password_reset', true],
    ]);
    expect(rows[0]!.subject + rows[0]!.body_text).not.toMatch(/\d{6}/);
    expect(rows[1]!.body_text).toContain(`http://app.test/reset-password?token=${MAIL_MASK}\n`);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.db, member.email))!.body_text)![1]!;
    const dump = JSON.stringify(
      (await t.db.query('SELECT to_address, subject, body_text, last_error FROM mail_outbox')).rows,
    );
    expect(dump).not.toContain(token);
    // the sealed copy is not the token either (AES-GCM, a key derived from the server secret)
    expect(JSON.stringify((await t.db.query('SELECT sealed FROM mail_secrets')).rows)).not.toContain(token);
  });

  it('searches by the start of the address, pages, filters by status and says how each mail went', async () => {
    const a = await t.register(root.code, { email: `searchable-a-${Date.now()}@mail.test` });
    const b = await t.register(root.code, { email: `searchable-b-${Date.now()}@mail.test` });
    await codeMailOf(a);
    await codeMailOf(b);
    const both = await list(support, '?search=SEARCHABLE-&limit=1');
    expect(both).toMatchObject({ total: 2, totalPages: 2 });
    expect(both.mails[0]!.to).toBe(b.email);
    expect((await list(support, '?search=searchable-&limit=1&page=2')).mails[0]!.to).toBe(a.email);
    // LIKE's wildcards are plain characters in a search
    expect((await list(support, '?search=searchable_')).total).toBe(0);
    expect((await list(support, '?search=%25')).total).toBe(0);

    await t.db.query(`UPDATE mail_outbox SET status = 'logged', sent_at = now() WHERE to_address = $1`, [
      a.email,
    ]);
    await t.db.query(
      `UPDATE mail_outbox SET status = 'failed', last_error = 'refused' WHERE to_address = $1`,
      [b.email],
    );
    const logged = await list(support, '?search=searchable-&status=logged-only');
    expect(logged.mails.map((m) => [m.to, m.status])).toEqual([[a.email, 'logged-only']]);
    const failed = (await list(support, '?search=searchable-&status=failed')).mails[0]!;
    expect(failed.status).toBe('failed');
    const detail = (await t.call('GET', `/mail/${failed.id}`, { token: support })).body.mail as MailDetail;
    expect(detail.last_error).toBe('refused');
    expect((await t.call('GET', '/mail?status=sent', { token: support })).status).toBe(400);
  });

  it('opens to owners, support and auditors; content admins and members get 403', async () => {
    expect((await t.call('GET', '/mail', { token: owner })).status).toBe(200);
    expect((await t.call('GET', '/mail', { token: auditor })).status).toBe(200);
    expect((await t.call('GET', '/mail', { token: content })).status).toBe(403);
    expect((await t.call('GET', '/mail/1', { token: content })).status).toBe(403);
    expect((await t.call('GET', '/mail', { token: root.token })).status).toBe(403);
    expect((await t.call('GET', '/mail')).status).toBe(401);
    expect((await t.call('GET', '/mail/999999', { token: support })).status).toBe(404);
    for (const action of ['reveal', 'resend']) {
      expect((await t.call('POST', `/mail/1/${action}`, { token: content })).status).toBe(403);
      expect((await t.call('POST', `/mail/1/${action}`, { token: root.token })).status).toBe(403);
      expect((await t.call('POST', `/mail/1/${action}`)).status).toBe(401);
    }
  });

  it("keeps an admin's reset mail to owners: support and auditors neither list nor open it", async () => {
    await t.call('POST', '/pass/forget', { body: { email: ADMIN.email } });
    const ownerView = await list(owner, `?search=${encodeURIComponent(ADMIN.email)}`);
    expect(ownerView.mails.map((m) => m.template)).toEqual(['password_reset']);
    const id = ownerView.mails[0]!.id;
    const body = (await t.call('GET', `/mail/${id}`, { token: owner })).body.mail.body as string;
    // owners see it, its link masked like every other
    expect(body).toContain(`/reset-password?token=${MAIL_MASK}`);
    for (const token of [support, auditor]) {
      expect((await list(token, `?search=${encodeURIComponent(ADMIN.email)}`)).total).toBe(0);
      expect((await t.call('GET', `/mail/${id}`, { token })).status).toBe(404);
      expect((await t.call('POST', `/mail/${id}/resend`, { token })).status).toBe(
        token === support ? 404 : 403,
      );
    }
  });
});

describe('mails queued before the upgrade (migration 036)', () => {
  it('are masked where each template put its secret; one still pending is given up', async () => {
    const old = [
      [
        'otp',
        'Your verification code: 123456',
        'Your email verification code is 123456.\nIt expires in 10 minutes.',
      ],
      [
        'password_reset',
        'Reset your password',
        'open:\nhttp://app.test/reset-password?token=abcDEF_123-xyz\n\nThe link works once',
      ],
      ['admin_invitation', 'You are invited', 'open:\nhttp://app.test/admin-invitation/Tok_en-9876543210\n'],
      [
        'ticket_answered',
        'Your query #123456 has been answered',
        'Support has replied to your query #123456',
      ],
    ];
    const to = `pre-036-${Date.now()}@test.local`;
    for (const [template, subject, body] of old) {
      await t.db.query(
        `INSERT INTO mail_outbox (to_address, subject, body_text, template, status) VALUES ($1, $2, $3, $4, 'logged')`,
        [to, subject, body, template],
      );
    }
    await t.db.query(
      `INSERT INTO mail_outbox (to_address, subject, body_text, template) VALUES ($1, 'Your verification code: 654321', 'code is 654321.', 'otp')`,
      [to],
    );
    // the migration's data steps (its table and column exist already in the test database)
    const sql = await readFile(
      new URL('../../src/db/migrations/036_mail_secrets.sql', import.meta.url),
      'utf8',
    );
    await t.db.query(sql.slice(sql.indexOf('UPDATE mail_outbox')));
    const { rows } = await t.db.query(
      `SELECT template, subject, body_text, status, has_secret FROM mail_outbox WHERE to_address = $1 ORDER BY id`,
      [to],
    );
    expect(rows.map((r) => [r.template, r.has_secret, r.status])).toEqual([
      ['otp', true, 'logged'],
      ['password_reset', true, 'logged'],
      ['admin_invitation', true, 'logged'],
      ['ticket_answered', false, 'logged'],
      ['otp', true, 'failed'],
    ]);
    expect(rows[0]!.subject).toBe(`Your verification code: ${MAIL_MASK}`);
    expect(rows[0]!.body_text).toContain(`code is ${MAIL_MASK}.`);
    expect(rows[1]!.body_text).toContain(`/reset-password?token=${MAIL_MASK}\n`);
    expect(rows[2]!.body_text).toContain(`/admin-invitation/${MAIL_MASK}\n`);
    // a mail without a secret keeps its numbers
    expect(rows[3]!.subject).toBe('Your query #123456 has been answered');
    expect(rows[4]!.body_text).toBe(`code is ${MAIL_MASK}.`);
  });
});

describe('marking an e-mail verified by hand', () => {
  it('lets support verify a member, audited, and the member can then transfer', async () => {
    const member = await t.register(root.code);
    // a manual credit takes two admins (issue 36)
    const second = await secondEyes(t);
    await adjustByTwo(
      t,
      { ask: owner, approve: second.token },
      {
        user_id: member.id,
        wallet: 'earnings',
        amount: 30,
      },
    );
    const transfer = () =>
      t.call('POST', '/transfer/touser', {
        token: member.token,
        body: { amount: 10, password: member.password },
      });
    expect((await transfer()).body.message).toBe('Verify your email before transferring');

    const marked = await t.call('POST', `/users/${member.id}/verify-email`, { token: support });
    expect(marked).toMatchObject({ status: 200, body: { message: 'E-mail marked as verified' } });
    const user = (await t.call('GET', `/users/${member.id}`, { token: member.token })).body.singleuser;
    expect(user.verify_at).toBe(t.clock.now().toISOString());
    const { rows } = await t.db.query(
      `SELECT a.before, a.after, u.email AS by FROM audit_log a JOIN users u ON u.id = a.admin_id
        WHERE a.action = 'user.verify_email' AND a.target_id = $1`,
      [String(member.id)],
    );
    expect(rows).toEqual([
      {
        before: { email: member.email, verify_at: null },
        after: { email: member.email, verify_at: t.clock.now().toISOString() },
        by: expect.stringMatching(/^support-/),
      },
    ]);
    expect((await transfer()).status).toBe(201);

    // once is enough; admins are not members; content admins may not
    expect((await t.call('POST', `/users/${member.id}/verify-email`, { token: support })).body.message).toBe(
      MSG.alreadyVerified,
    );
    const other = await t.register(root.code);
    expect((await t.call('POST', `/users/${other.id}/verify-email`, { token: content })).status).toBe(403);
    expect((await t.call('POST', `/users/${other.id}/verify-email`, { token: auditor })).status).toBe(403);
    expect((await t.call('POST', `/users/${other.id}/verify-email`, { token: other.token })).status).toBe(
      403,
    );
    const adminId = (await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email])).rows[0].id;
    expect((await t.call('POST', `/users/${adminId}/verify-email`, { token: owner })).status).toBe(404);
  });
});
