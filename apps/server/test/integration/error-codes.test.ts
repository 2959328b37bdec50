import { ACCOUNT_MSG } from '@app/contracts/account-messages';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let root: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.register();
});
afterAll(async () => t.close());

describe('error codes beside the English message (issue 38)', () => {
  it('names a message-table error by its key and keeps the message exactly', async () => {
    const again = await t.call('POST', '/auth/register', {
      body: {
        fullname: 'Twice',
        email: root.email,
        phone: '5550001234',
        password: 'MemberPass123',
        reffer_by: root.code,
      },
    });
    expect(again).toMatchObject({ status: 409, body: { message: MSG.emailTaken, code: 'msg.emailTaken' } });

    const wrong = await t.call('POST', '/auth/signin', {
      body: { email: root.email, password: 'Nope12345' },
    });
    expect(wrong.body).toEqual({ message: MSG.invalidCredentials, code: 'msg.invalidCredentials' });

    const noSession = await t.call('GET', `/users/${root.id}`);
    expect(noSession.status).toBe(401);
    expect(noSession.body.code).toMatch(/^msg\./);
  });

  it('answers validation.<field>, http.* and data.* codes', async () => {
    const invalid = await t.call('POST', '/auth/register', {
      body: { fullname: 'X', email: 'not-an-email', phone: '5550001234', password: 'MemberPass123' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toMatch(/^validation\.(fullname|email)$/);
    expect(invalid.body.message.startsWith(invalid.body.code.slice('validation.'.length))).toBe(true);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(JSON.parse(json.body)).toEqual({
      message: 'Request body is not valid JSON',
      code: 'http.invalid_json',
    });

    const media = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(media.statusCode).toBe(415);
    expect(JSON.parse(media.body).code).toBe('http.unsupported_media_type');

    const missing = await t.call('GET', '/no/such/route');
    expect(missing).toMatchObject({ status: 404, body: { code: 'http.not_found' } });

    const admin = await t.adminToken();
    const gone = await t.call('GET', '/users/999999', { token: admin });
    expect(gone.body).toEqual({ message: MSG.userNotFound, code: 'msg.userNotFound' });
  });

  it('codes an AppError of another table by its table', async () => {
    const admin = await t.adminToken();
    const same = await t.call('POST', '/admin-account/email', {
      token: admin,
      body: { email: 'admin@test.local', current_password: 'AdminPass123' },
    });
    expect(same).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MSG.emailSame, code: 'account.emailSame' },
    });
  });
});
