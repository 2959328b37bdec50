import type { AddressInfo } from 'node:net';
import { MAIL_MASK } from '@app/contracts/mail-log';
import { MSG } from '@app/contracts/messages';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../../src/http/access.js';
import { OutboxSender, SECRET_GONE } from '../../src/mail/outbox.js';
import type { SessionAuth } from '../../src/modules/identity/auth/tokens.js';
import { createTestApp, lastMail, type TestApp } from '../helpers.js';

let t: TestApp;
const received: Array<{ to: string; raw: string }> = [];
let smtp: SMTPServer;
let smtpPort: number;
let refuseMail = false;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => {
        raw += c;
      });
      stream.on('end', () => {
        if (refuseMail) return callback(new Error('mailbox unavailable'));
        received.push({ to: session.envelope.rcptTo[0]!.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const silent = { info() {}, warn() {}, error() {} } as never;

describe('mail through SMTP_URL', () => {
  it('delivers the OTP mail over SMTP, and retries a failed delivery until it goes through once', async () => {
    const sender = new OutboxSender(
      t.db,
      `smtp://127.0.0.1:${smtpPort}`,
      'EarnHub <no-reply@test.local>',
      silent,
    );
    const m = await t.register();
    refuseMail = true;
    expect(
      (await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } })).status,
    ).toBe(200);
    await sender.tick();
    const failed = await t.db.query(
      'SELECT status, attempts, last_error FROM mail_outbox WHERE to_address = $1',
      [m.email],
    );
    expect(failed.rows[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/mailbox unavailable/),
    });

    refuseMail = false;
    await sender.tick(); // not due yet: backoff
    expect(received).toHaveLength(0);
    await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1`, [m.email]);
    await sender.tick();
    await sender.tick();
    expect(received.map((r) => r.to)).toEqual([m.email]);
    // the member gets the code; the outbox keeps it masked, and nothing to reveal once it went
    const code = /Your verification code: (\d{6})/.exec(received[0]!.raw)![1]!;
    expect(received[0]!.raw).toContain(`Your email verification code is ${code}.`);
    const sent = await t.db.query(
      `SELECT o.id, o.status, o.attempts, o.subject, o.body_text,
              (SELECT count(*)::int FROM mail_secrets s WHERE s.mail_id = o.id) AS kept
         FROM mail_outbox o WHERE to_address = $1`,
      [m.email],
    );
    expect(sent.rows[0]).toMatchObject({ status: 'sent', attempts: 2, kept: 0 });
    expect(sent.rows[0].subject + sent.rows[0].body_text).not.toContain(code);
    expect(sent.rows[0].body_text).toContain(`Your email verification code is ${MAIL_MASK}.`);
  });

  it('gives up a mail whose code expired before it could be delivered, rather than send the mask', async () => {
    const sender = new OutboxSender(t.db, `smtp://127.0.0.1:${smtpPort}`, 'x <x@test.local>', silent);
    const { rows } = await t.db.query(`SELECT refferal_code FROM users WHERE role = 'user' LIMIT 1`);
    const m = await t.register(rows[0].refferal_code);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    await t.db.query(
      `UPDATE mail_secrets SET expires_at = now() - interval '1 second'
        WHERE mail_id IN (SELECT id FROM mail_outbox WHERE to_address = $1)`,
      [m.email],
    );
    const before = received.length;
    await sender.tick();
    expect(received).toHaveLength(before);
    const mail = await t.db.query('SELECT status, last_error FROM mail_outbox WHERE to_address = $1', [
      m.email,
    ]);
    expect(mail.rows[0]).toEqual({ status: 'failed', last_error: SECRET_GONE });
  });

  it('without SMTP_URL keeps the mail in the outbox as logged', async () => {
    const lines: Array<Record<string, string>> = [];
    const capture = { info: (fields: Record<string, string>) => lines.push(fields), warn() {}, error() {} };
    const sender = new OutboxSender(t.db, undefined, 'x <x@test.local>', capture as never);
    const { rows } = await t.db.query(`SELECT refferal_code FROM users WHERE role = 'user' LIMIT 1`);
    const m = await t.register(rows[0].refferal_code);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    await sender.tick();
    const mail = await t.db.query(
      `SELECT o.status, (SELECT count(*)::int FROM mail_secrets s WHERE s.mail_id = o.id) AS kept
         FROM mail_outbox o WHERE to_address = $1`,
      [m.email],
    );
    // logged, and its link kept sealed until it expires: an owner may reveal it (mail-reveal.test.ts)
    expect(mail.rows[0]).toEqual({ status: 'logged', kept: 1 });
    // the log has the mail with its link masked: a log is kept longer, and read by more, than the outbox
    const logged = lines.find((l) => l.to === m.email)!;
    expect(logged.body).toContain(`/reset-password?token=${MAIL_MASK}`);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.db, m.email))!.body_text)![1]!;
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe('API description and access declarations', () => {
  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/signin',
      '/api/v1/users/list',
      '/api/v1/users/{id}',
      '/api/v1/otp/verify',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const register = doc.paths['/api/v1/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['fullname', 'email', 'phone', 'password', 'reffer_by']),
    );
  });

  it('refuses to start with an /api route that declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as SessionAuth);
    expect(() => app.get('/api/v1/forgotten', async () => 'open?')).toThrow(/declares no access rule/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.call('GET', '/no/such/route');
    expect(res).toMatchObject({ status: 404, body: { message: expect.stringContaining(MSG.notFound) } });
  });
});
