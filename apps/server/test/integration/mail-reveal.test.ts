/**
 * Staff never see a member's secrets (issue 36, item 1): no admin route tells support or an auditor
 * a member's code or reset link; without a mail server an owner may reveal one (POST
 * /mail/{id}/reveal), audited, and the member is told; with one, nobody may; support re-sends a mail
 * with a new code or link and the old one dies.
 */
import { MAIL_MASK, MAIL_TEXT } from '@app/contracts/mail-log';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

let t: TestApp;
let owner: string;
let support: string;
let auditor: string;
let root: Awaited<ReturnType<TestApp['register']>>;
type Member = Awaited<ReturnType<TestApp['register']>>;

const signIn = async (t: TestApp, login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
  support = await signIn(t, await addAdmin(t, 'support', ['support']));
  auditor = await signIn(t, await addAdmin(t, 'auditor', ['auditor']));
  root = await t.register();
});
afterAll(async () => t?.close());

/** The id of the newest mail to `to` (read as the owner: the list shows no secret). */
const newestMailId = async (app: TestApp, to: string, token = owner) =>
  (await app.call('GET', `/mail?search=${encodeURIComponent(to)}&limit=1`, { token })).body.mails[0]
    .id as number;
const resetTokenOf = async (to: string) =>
  /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.db, to))!.body_text)![1]!;
const codeOf = async (to: string) => /\b(\d{6})\b/.exec((await lastMail(t.db, to))!.body_text)![1]!;
const sendCode = async (m: Member) =>
  expect(
    (await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } })).status,
  ).toBe(200);
const verify = (m: Member, otp: string) =>
  t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp } });
const signInAs = (m: Member, password: string) =>
  t.call('POST', '/auth/signin', { body: { email: m.email, password } });

/** Every operation of the Mail screen in the API description, with `id` in its path. */
async function mailOperations(id: number) {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops = Object.entries(doc.paths)
    .filter(([path]) => path === '/api/v1/mail' || path.startsWith('/api/v1/mail/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', path })),
    );
  return ops.map((op) => ({ ...op, url: op.path.replace('/api/v1', '').replace('{id}', String(id)) }));
}

describe('item 1: support or an auditor takes over a member through the reset mail', () => {
  it('fails at the read step: no mail route tells them the link, and the victim keeps the account', async () => {
    const victim = await t.register(root.code);
    expect((await t.call('POST', '/pass/forget', { body: { email: victim.email } })).status).toBe(200);
    const realToken = await resetTokenOf(victim.email);
    const id = await newestMailId(t, victim.email);
    t.clock.advance(61_000); // a re-send may follow a link by a minute

    // every route of the Mail screen, as each of them (resend last: it issues a new link)
    const ops = (await mailOperations(id)).sort((a, b) => a.url.localeCompare(b.url));
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /api/v1/mail',
      'GET /api/v1/mail/{id}',
      'POST /api/v1/mail/{id}/resend',
      'POST /api/v1/mail/{id}/reveal',
    ]);
    const answers: string[] = [];
    for (const token of [auditor, support]) {
      for (const op of ops) {
        const url =
          op.method === 'GET' && op.path === '/api/v1/mail'
            ? `/mail?search=${encodeURIComponent(victim.email)}`
            : op.url;
        const res = await t.call(op.method, url, { token });
        answers.push(res.raw);
        if (op.url.endsWith('/reveal')) expect(res.status).toBe(403);
        if (op.url.endsWith('/resend')) expect(res.status).toBe(token === support ? 201 : 403);
      }
    }
    const detail = (await t.call('GET', `/mail/${id}`, { token: support })).body.mail;
    expect(detail.body).toContain(`/reset-password?token=${MAIL_MASK}`);
    // what a link in the answers leads to: the mask, which resets nothing
    const seen = /reset-password\?token=([^\s"\\]+)/.exec(detail.body)![1]!;
    expect(seen).toBe(MAIL_MASK);
    const tried = await t.call('POST', '/pass/reset', { body: { token: seen, password: 'Stolen-Pass-123' } });
    expect(tried.status).toBe(400);

    // support's re-send made a new link (sent to the victim alone) and killed the one asked for
    const newToken = await resetTokenOf(victim.email);
    expect(newToken).not.toBe(realToken);
    for (const answer of answers) {
      expect(answer).not.toContain(realToken);
      expect(answer).not.toContain(newToken);
    }
    expect(
      (await t.call('POST', '/pass/reset', { body: { token: realToken, password: 'Stolen-Pass-123' } })).body,
    ).toEqual({
      message: MSG.resetTokenInvalid,
      code: 'msg.resetTokenInvalid',
    });
    expect((await signInAs(victim, victim.password)).status).toBe(200);
    // the member's own new link still works: the re-send is useful, not a dead end
    const own = await t.call('POST', '/pass/reset', { body: { token: newToken, password: 'MyOwnNewPass9' } });
    expect(own.status).toBe(200);
    expect((await signInAs(victim, 'MyOwnNewPass9')).status).toBe(200);
  });
});

describe('an owner reveals a secret while no mail server is set', () => {
  it("reveals a member's code: audited, the member notified and mailed, and the code works", async () => {
    const member = await t.register(root.code);
    await sendCode(member);
    const id = await newestMailId(t, member.email);
    const asOwner = (await t.call('GET', `/mail/${id}`, { token: owner })).body.mail;
    expect(asOwner).toMatchObject({ has_secret: true, revealable: true, resendable: true });
    expect(asOwner.body).toContain(MAIL_MASK);
    const asSupport = (await t.call('GET', `/mail/${id}`, { token: support })).body.mail;
    expect(asSupport.revealable).toBe(false);

    const code = await codeOf(member.email);
    const revealed = await t.call('POST', `/mail/${id}/reveal`, { token: owner });
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({
      message: MAIL_TEXT.revealed,
      revealed: {
        id,
        subject: `Your verification code: ${code}`,
        body: expect.stringContaining(`Your email verification code is ${code}.`),
        secrets: [code],
      },
    });

    const audit = await t.db.query(
      `SELECT a.action, a.target_type, a.after, u.email AS by FROM audit_log a JOIN users u ON u.id = a.admin_id
        WHERE a.action = 'mail.reveal' AND a.target_id = $1`,
      [String(id)],
    );
    expect(audit.rows).toEqual([
      {
        action: 'mail.reveal',
        target_type: 'mail',
        after: { to: member.email, template: 'otp', subject: `Your verification code: ${MAIL_MASK}` },
        by: 'admin@test.local',
      },
    ]);
    const told = await t.db.query(
      `SELECT n.title, n.message FROM notifications n JOIN notification_recipients r ON r.notification_id = n.id
        WHERE r.user_id = $1`,
      [member.id],
    );
    expect(told.rows).toContainEqual({
      title: 'Staff read a code or link sent to you',
      message: expect.stringContaining(`${t.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`),
    });
    const notice = await lastMail(t.db, member.email);
    expect(notice).toMatchObject({ template: 'secret_revealed' });
    expect(notice!.body_text).toContain(`"Your verification code: ${MAIL_MASK}"`);
    expect(notice!.body_text).not.toContain(code);

    expect((await verify(member, code)).status).toBe(200);
    // a mail without a secret has nothing to reveal
    const noticeId = await newestMailId(t, member.email);
    expect((await t.call('POST', `/mail/${noticeId}/reveal`, { token: owner })).body).toEqual({
      message: MAIL_TEXT.noSecret,
      code: 'mail.noSecret',
    });
  });

  it('reveals nothing once the code has expired, and the sender deletes the expired copy', async () => {
    const member = await t.register(root.code);
    await sendCode(member);
    const id = await newestMailId(t, member.email);
    await t.db.query(`UPDATE mail_secrets SET expires_at = now() - interval '1 second' WHERE mail_id = $1`, [
      id,
    ]);
    expect((await t.call('GET', `/mail/${id}`, { token: owner })).body.mail.revealable).toBe(false);
    const refused = await t.call('POST', `/mail/${id}/reveal`, { token: owner });
    expect(refused).toMatchObject({ status: 409, body: { message: MAIL_TEXT.secretGone } });
    expect((await t.call('POST', '/mail/999999/reveal', { token: owner })).status).toBe(404);
    const { OutboxSender } = await import('../../src/mail/outbox.js');
    await new OutboxSender(t.db, undefined, 'x <x@test.local>', {
      info() {},
      warn() {},
      error() {},
    } as never).tick();
    const kept = await t.db.query('SELECT count(*)::int AS n FROM mail_secrets WHERE mail_id = $1', [id]);
    expect(kept.rows[0].n).toBe(0);
    const audited = await t.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mail.reveal' AND target_id = $1`,
      [String(id)],
    );
    expect(audited.rows[0].n).toBe(0);
  });
});

describe('with a mail server (SMTP_URL set)', () => {
  it('nobody reveals anything, not even an owner', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const ownerToken = await withSmtp.adminToken();
      const member = await withSmtp.register();
      await withSmtp.call('POST', '/otp/send', {
        token: member.token,
        body: { userId: member.id, email: member.email },
      });
      const id = await newestMailId(withSmtp, member.email, ownerToken);
      const detail = (await withSmtp.call('GET', `/mail/${id}`, { token: ownerToken })).body.mail;
      expect(detail).toMatchObject({ has_secret: true, revealable: false });
      expect(detail.body).toContain(MAIL_MASK);
      const refused = await withSmtp.call('POST', `/mail/${id}/reveal`, { token: ownerToken });
      expect(refused).toMatchObject({ status: 409, body: { message: MAIL_TEXT.mailServerSet } });
    } finally {
      await withSmtp.close();
    }
  });
});

describe('support re-sends a mail', () => {
  it('sends a new verification code; the old one stops working, and its sealed copy goes', async () => {
    const member = await t.register(root.code);
    await sendCode(member);
    const old = await codeOf(member.email);
    const oldId = await newestMailId(t, member.email);
    // a minute between codes, re-sent or not
    expect((await t.call('POST', `/mail/${oldId}/resend`, { token: support })).status).toBe(429);
    t.clock.advance(61_000);
    const resent = await t.call('POST', `/mail/${oldId}/resend`, { token: support });
    expect(resent.status).toBe(201);
    expect(resent.body).toEqual({ message: MAIL_TEXT.resent, mail_id: expect.any(Number) });
    expect(resent.body.mail_id).toBeGreaterThan(oldId);
    const fresh = await codeOf(member.email);
    expect(resent.raw).not.toContain(fresh);
    const copies = await t.db.query('SELECT mail_id FROM mail_secrets WHERE mail_id = ANY($1::bigint[])', [
      [oldId, resent.body.mail_id],
    ]);
    expect(copies.rows.map((r) => Number(r.mail_id))).toEqual([resent.body.mail_id]);
    if (old !== fresh) expect((await verify(member, old)).body.message).toBe(MSG.otpInvalid);
    expect((await verify(member, fresh)).status).toBe(200);
    // verified: no code to send any more
    t.clock.advance(61_000);
    expect((await t.call('POST', `/mail/${oldId}/resend`, { token: support })).body.message).toBe(
      MSG.alreadyVerified,
    );
    const audit = await t.db.query(
      `SELECT after FROM audit_log WHERE action = 'mail.resend' AND target_id = $1`,
      [String(oldId)],
    );
    expect(audit.rows).toEqual([
      { after: { to: member.email, template: 'otp', new_mail_id: String(resent.body.mail_id) } },
    ]);
    expect((await t.call('POST', `/mail/${oldId}/resend`, { token: auditor })).status).toBe(403);
  });

  it('queues a mail without a secret again as it was, and leaves invitations to the Team page', async () => {
    const member = await t.register(root.code);
    await sendCode(member);
    await t.call('POST', `/mail/${await newestMailId(t, member.email)}/reveal`, { token: owner });
    const noticeId = await newestMailId(t, member.email);
    const copied = await t.call('POST', `/mail/${noticeId}/resend`, { token: support });
    expect(copied).toMatchObject({ status: 201, body: { message: MAIL_TEXT.copied } });
    const rows = await t.db.query(
      `SELECT template, subject, body_text FROM mail_outbox WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[noticeId, copied.body.mail_id]],
    );
    expect(rows.rows).toHaveLength(2);
    expect(rows.rows[1]).toEqual(rows.rows[0]);

    const email = `invited-${Date.now()}@test.local`;
    const invited = await t.call('POST', '/admins/invitations', {
      token: owner,
      body: { email, fullname: 'Invited Admin', roles: ['support'] },
    });
    expect(invited.status).toBe(201);
    const invitation = await newestMailId(t, email);
    expect((await t.call('GET', `/mail/${invitation}`, { token: owner })).body.mail).toMatchObject({
      template: 'admin_invitation',
      resendable: false,
      body: expect.stringContaining(`/admin-invitation/${MAIL_MASK}`),
    });
    expect((await t.call('POST', `/mail/${invitation}/resend`, { token: owner })).body.message).toBe(
      MAIL_TEXT.notResendable,
    );
  });

  it('re-sends a reset link once a minute at most, to the address that holds the account', async () => {
    const member = await t.register(root.code);
    await t.call('POST', '/pass/forget', { body: { email: member.email } });
    const id = await newestMailId(t, member.email);
    t.clock.advance(61_000);
    expect((await t.call('POST', `/mail/${id}/resend`, { token: support })).status).toBe(201);
    expect((await t.call('POST', `/mail/${id}/resend`, { token: support })).status).toBe(429);
    // the member moved to another address: the old one gets nothing
    await t.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [member.id, `moved-${member.email}`]);
    t.clock.advance(61_000);
    expect((await t.call('POST', `/mail/${id}/resend`, { token: support })).body.message).toBe(
      MAIL_TEXT.noMember,
    );
  });
});
