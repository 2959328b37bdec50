import type { AddressInfo } from 'node:net';
import { MSG } from '@app/contracts/messages';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../../src/http/access.js';
import { OutboxSender } from '../../src/mail/outbox.js';
import type { SessionAuth } from '../../src/modules/identity/auth/tokens.js';
import { createTestApp, type TestApp } from '../helpers.js';

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
    expect(received[0]!.raw).toMatch(/Your verification code: \d{6}/);
    const sent = await t.db.query('SELECT status, attempts FROM mail_outbox WHERE to_address = $1', [
      m.email,
    ]);
    expect(sent.rows[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('without SMTP_URL keeps the mail in the outbox as logged', async () => {
    const sender = new OutboxSender(t.db, undefined, 'x <x@test.local>', silent);
    const { rows } = await t.db.query(`SELECT refferal_code FROM users WHERE role = 'user' LIMIT 1`);
    const m = await t.register(rows[0].refferal_code);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    await sender.tick();
    const mail = await t.db.query('SELECT status FROM mail_outbox WHERE to_address = $1', [m.email]);
    expect(mail.rows[0].status).toBe('logged');
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
