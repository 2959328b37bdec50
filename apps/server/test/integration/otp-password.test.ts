import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMail, type TestApp } from '../helpers.js';

let t: TestApp;
let rootCode: string;
beforeAll(async () => {
  t = await createTestApp();
  rootCode = (await t.register()).code;
});
afterAll(async () => t.close());

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('email verification by OTP', () => {
  it('mails a 6-digit code and sets verify_at when it is entered', async () => {
    const m = await t.register(rootCode);
    const sent = await t.call('POST', '/otp/send', {
      token: m.token,
      body: { userId: m.id, email: m.email },
    });
    expect(sent).toMatchObject({ status: 200, body: { message: MSG.otpSent } });
    const mail = await lastMail(t.db, m.email);
    expect(mail?.template).toBe('otp');
    const code = codeIn(mail!.body_text);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.db.query('SELECT code_hash FROM email_otps WHERE user_id = $1', [m.id]);
    expect(stored.rows[0].code_hash).not.toContain(code);

    const ok = await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: code } });
    expect(ok).toMatchObject({ status: 200, body: { message: MSG.otpVerified } });
    const me = await t.call('GET', `/users/${m.id}`, { token: m.token });
    expect(me.body.singleuser.verify_at).toBe(t.clock.now().toISOString());
    const again = await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: code } });
    expect(again).toMatchObject({ status: 400, body: { message: MSG.alreadyVerified } });
  });

  it('expires a code after 10 minutes', async () => {
    const m = await t.register(rootCode);
    await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } });
    const code = codeIn((await lastMail(t.db, m.email))!.body_text);
    t.clock.advance(10 * 60_000 + 1);
    const late = await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: code } });
    expect(late).toMatchObject({ status: 400, body: { message: MSG.otpExpired } });
  });

  it('allows 5 tries, then refuses even the right code until a new one is sent', async () => {
    const m = await t.register(rootCode);
    await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } });
    const code = codeIn((await lastMail(t.db, m.email))!.body_text);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: wrong } })).body
          .message,
      );
    }
    expect(answers).toEqual([
      MSG.otpInvalid,
      MSG.otpInvalid,
      MSG.otpInvalid,
      MSG.otpInvalid,
      MSG.otpTooManyTries,
    ]);
    const right = await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: code } });
    expect(right).toMatchObject({ status: 400, body: { message: MSG.otpTooManyTries } });

    const tooSoon = await t.call('POST', '/otp/send', {
      token: m.token,
      body: { userId: m.id, email: m.email },
    });
    expect(tooSoon.status).toBe(429);
    t.clock.advance(61_000);
    await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } });
    const fresh = codeIn((await lastMail(t.db, m.email))!.body_text);
    expect(
      (await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp: fresh } })).status,
    ).toBe(200);
  });

  it('lets a member ask and verify only for themselves, with their own email', async () => {
    const a = await t.register(rootCode);
    const b = await t.register(rootCode);
    expect(
      (await t.call('POST', '/otp/send', { token: b.token, body: { userId: a.id, email: a.email } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/otp/verify', { token: b.token, body: { userId: a.id, otp: '123456' } })).status,
    ).toBe(403);
    const mismatch = await t.call('POST', '/otp/send', {
      token: a.token,
      body: { userId: a.id, email: b.email },
    });
    expect(mismatch).toMatchObject({ status: 400, body: { message: MSG.otpEmailMismatch } });
    expect((await t.call('POST', '/otp/send', { body: { userId: a.id, email: a.email } })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and mails only real members', async () => {
    const m = await t.register(rootCode);
    const known = await t.call('POST', '/pass/forget', { body: { email: m.email } });
    const unknown = await t.call('POST', '/pass/forget', { body: { email: 'ghost@test.local' } });
    expect(known).toEqual({ status: 200, body: { message: MSG.resetMailed }, raw: expect.any(String) });
    expect(unknown).toEqual(known);
    expect((await lastMail(t.db, m.email))?.template).toBe('password_reset');
    expect(await lastMail(t.db, 'ghost@test.local')).toBeNull();
  });

  it('resets with the mailed token once, signs out every session, and the old password stops working', async () => {
    const m = await t.register(rootCode);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    const link = /https?:\/\/\S+/.exec((await lastMail(t.db, m.email))!.body_text)![0];
    expect(link.startsWith('http://app.test/reset-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const reset = await t.call('POST', '/pass/reset', { body: { token, password: 'BrandNewPass1' } });
    expect(reset).toMatchObject({ status: 200, body: { message: MSG.passwordReset } });
    const reuse = await t.call('POST', '/pass/reset', { body: { token, password: 'AnotherPass1' } });
    expect(reuse).toMatchObject({ status: 400, body: { message: MSG.resetTokenInvalid } });

    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(401);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })).status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: 'BrandNewPass1' } })).status,
    ).toBe(200);
  });

  it('uses a token once even when two resets race', async () => {
    const m = await t.register(rootCode);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    const token = new URL(
      /https?:\/\/\S+/.exec((await lastMail(t.db, m.email))!.body_text)![0],
    ).searchParams.get('token')!;
    const results = await Promise.all(
      ['RaceOnePass1', 'RaceTwoPass2', 'RaceThreePass3'].map((password) =>
        t.call('POST', '/pass/reset', { body: { token, password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired token', async () => {
    const m = await t.register(rootCode);
    await t.call('POST', '/pass/forget', { body: { email: m.email } });
    const token = new URL(
      /https?:\/\/\S+/.exec((await lastMail(t.db, m.email))!.body_text)![0],
    ).searchParams.get('token')!;
    t.clock.advance(31 * 60_000);
    expect((await t.call('POST', '/pass/reset', { body: { token, password: 'LatePass123' } })).status).toBe(
      400,
    );
  });
});
