import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

/**
 * The admin's own account: their password (current one first, admin rule, other sessions end) and
 * their e-mail address (a code to the new address, the old one told).
 */
let t: TestApp;
let root: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.register();
});
afterAll(async () => t.close());

const sessionOf = (res: { status: number; body: { admin?: { token: string } }; raw: string }) => {
  expect(res.status, res.raw).toBe(200);
  return res.body.admin!.token;
};

const auditOf = async (adminId: number) =>
  (await t.db.query('SELECT action, before, after FROM audit_log WHERE admin_id = $1 ORDER BY id', [adminId]))
    .rows;

describe('an admin changes their own password', () => {
  it('needs the current password: a wrong one is a 400 naming it, and counts on the sign-in delays', async () => {
    const a = await addAdmin(t, 'pw-wrong');
    const token = sessionOf(await adminPasswordStep(t, a));
    const wrong = await t.call('POST', '/admin-account/password', {
      token,
      body: { current_password: 'not-my-password', password: 'A brand new passphrase 1' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.currentPasswordWrong } });
    expect(wrong.body.message).toMatch(/^Current password/);
    const missing = await t.call('POST', '/admin-account/password', {
      token,
      body: { current_password: '', password: 'A brand new passphrase 1' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^current_password: /);
    const count = await t.db.query('SELECT fails FROM login_throttle WHERE account_key = $1', [
      `user:${a.id}`,
    ]);
    expect(count.rows[0]?.fails).toBe(1);
    // the password is what it was
    sessionOf(await adminPasswordStep(t, a));
  });

  it('refuses a new password under the admin rule: shorter than 12, common, or the same', async () => {
    const a = await addAdmin(t, 'pw-weak');
    const token = sessionOf(await adminPasswordStep(t, a));
    for (const [password, message] of [
      ['Short1pass', "password: An administrator's password must be at least 12 characters"],
      ['qwerty123456', 'password: This password is on the lists'],
    ] as const) {
      const res = await t.call('POST', '/admin-account/password', {
        token,
        body: { current_password: a.password, password },
      });
      expect(res.status, password).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(
      await t.call('POST', '/admin-account/password', {
        token,
        body: { current_password: a.password, password: a.password },
      }),
    ).toMatchObject({ status: 400, body: { message: ACCOUNT_MSG.passwordSame } });
    expect(await auditOf(a.id)).toEqual([]);
  });

  it('a change ends the other sessions, keeps this one, retires the old password, is audited and mailed', async () => {
    const a = await addAdmin(t, 'pw-ok');
    const token = sessionOf(await adminPasswordStep(t, a));
    const other = sessionOf(await adminPasswordStep(t, a));
    const next = 'Correct horse battery 42';
    const res = await t.call('POST', '/admin-account/password', {
      token,
      body: { current_password: a.password, password: next },
    });
    expect(res).toMatchObject({ status: 200, body: { message: SPEC_TEXT.passwordChanged } });

    expect((await t.call('GET', '/admin-account', { token })).status).toBe(200);
    expect((await t.call('GET', '/admin-account', { token: other })).status).toBe(401);
    expect(await adminPasswordStep(t, a)).toMatchObject({
      status: 401,
      body: { message: MSG.invalidCredentials },
    });
    sessionOf(await adminPasswordStep(t, { email: a.email, password: next }));

    expect((await auditOf(a.id)).map((r) => r.action)).toEqual(['admin.password.change']);
    const mail = await lastMail(t.db, a.email);
    expect(mail).toMatchObject({ template: 'admin_password_changed' });
    expect(mail!.body_text).not.toContain(next);
  });

  it('is for admins only: a member session is refused', async () => {
    const m = await t.register(root.code);
    const res = await t.call('POST', '/admin-account/password', {
      token: m.token,
      body: { current_password: m.password, password: 'A brand new passphrase 1' },
    });
    expect(res.status).toBe(403);
  });
});

/** The code of the last e-mail change mail sent to `to`. */
async function codeMailedTo(to: string) {
  const mail = await lastMail(t.db, to);
  expect(mail?.template).toBe('admin_email_code');
  return /(\d{6})/.exec(mail!.subject)![1]!;
}

describe('an admin changes their own e-mail address', () => {
  it('with the current password and a code sent to the new address; the old address is told', async () => {
    const a = await addAdmin(t, 'mail-ok');
    const token = sessionOf(await adminPasswordStep(t, a));
    const newEmail = `New.${a.email}`.toUpperCase();
    const normalized = newEmail.toLowerCase();

    expect(
      await t.call('POST', '/admin-account/email', {
        token,
        body: { email: newEmail, current_password: 'wrong password' },
      }),
    ).toMatchObject({ status: 400, body: { message: MSG.currentPasswordWrong } });
    expect(await lastMail(t.db, normalized)).toBeNull();

    const start = await t.call('POST', '/admin-account/email', {
      token,
      body: { email: newEmail, current_password: a.password },
    });
    expect(start.status, start.raw).toBe(200);
    expect(start.body).toMatchObject({ message: ACCOUNT_MSG.emailCodeSent, pending_email: normalized });
    const code = await codeMailedTo(normalized);
    expect(await lastMail(t.db, a.email)).toBeNull();
    expect((await t.call('GET', '/admin-account', { token })).body).toMatchObject({
      email: a.email,
      pending_email: normalized,
    });

    const wrong = await t.call('POST', '/admin-account/email/confirm', {
      token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.otpInvalid } });
    expect((await t.call('GET', '/admin-account', { token })).body.email).toBe(a.email);

    const ok = await t.call('POST', '/admin-account/email/confirm', { token, body: { code } });
    expect(ok).toMatchObject({ status: 200, body: { message: ACCOUNT_MSG.emailChanged, email: normalized } });
    expect((await t.call('GET', '/admin-account', { token })).body).toMatchObject({
      email: normalized,
      pending_email: null,
    });
    // the code worked once
    expect((await t.call('POST', '/admin-account/email/confirm', { token, body: { code } })).status).toBe(
      400,
    );

    const notice = await lastMail(t.db, a.email);
    expect(notice).toMatchObject({ template: 'admin_email_changed' });
    expect(notice!.body_text).toContain(normalized);
    const audit = await auditOf(a.id);
    expect(audit).toEqual([
      { action: 'admin.email.change', before: { email: a.email }, after: { email: normalized } },
    ]);
    // the new address signs in, the old one no longer does
    sessionOf(await adminPasswordStep(t, { email: normalized, password: a.password }));
    expect((await adminPasswordStep(t, a)).status).toBe(401);
  });

  it('refuses an address another account holds, when asked and when confirmed', async () => {
    const a = await addAdmin(t, 'mail-taken');
    const token = sessionOf(await adminPasswordStep(t, a));
    const member = await t.register(root.code);
    for (const email of [ADMIN.email, member.email.toUpperCase()]) {
      expect(
        await t.call('POST', '/admin-account/email', {
          token,
          body: { email, current_password: a.password },
        }),
        email,
      ).toMatchObject({ status: 409, body: { message: MSG.emailTaken } });
    }
    expect(
      await t.call('POST', '/admin-account/email', {
        token,
        body: { email: a.email, current_password: a.password },
      }),
    ).toMatchObject({ status: 400, body: { message: ACCOUNT_MSG.emailSame } });

    // free when asked, taken by a registration before the code comes back
    const wanted = `later-${a.email}`;
    expect(
      (
        await t.call('POST', '/admin-account/email', {
          token,
          body: { email: wanted, current_password: a.password },
        })
      ).status,
    ).toBe(200);
    const code = await codeMailedTo(wanted);
    await t.register(root.code, { email: wanted });
    expect(await t.call('POST', '/admin-account/email/confirm', { token, body: { code } })).toMatchObject({
      status: 409,
      body: { message: MSG.emailTaken },
    });
    expect((await t.call('GET', '/admin-account', { token })).body.email).toBe(a.email);
    expect(await auditOf(a.id)).toEqual([]);
  });

  it('a code expires after 10 minutes; without a change waiting there is nothing to confirm', async () => {
    const a = await addAdmin(t, 'mail-late');
    const token = sessionOf(await adminPasswordStep(t, a));
    expect(
      await t.call('POST', '/admin-account/email/confirm', { token, body: { code: '123456' } }),
    ).toMatchObject({ status: 400, body: { message: ACCOUNT_MSG.emailNoChange } });
    const wanted = `late-${a.email}`;
    await t.call('POST', '/admin-account/email', {
      token,
      body: { email: wanted, current_password: a.password },
    });
    const code = await codeMailedTo(wanted);
    t.clock.advance(10 * 60_000 + 1000);
    expect(await t.call('POST', '/admin-account/email/confirm', { token, body: { code } })).toMatchObject({
      status: 400,
      body: { message: MSG.otpExpired },
    });
  });

  it("a member's verification code and an admin's change code live apart", async () => {
    // the member's flow still works as it did (same store, purpose 'verify')
    const m = await t.register(root.code);
    expect(
      (await t.call('POST', '/otp/send', { token: m.token, body: { userId: m.id, email: m.email } })).status,
    ).toBe(200);
    const otp = /(\d{6})/.exec((await lastMail(t.db, m.email))!.subject)![1]!;
    expect(
      await t.call('POST', '/otp/verify', { token: m.token, body: { userId: m.id, otp } }),
    ).toMatchObject({ status: 200, body: { message: MSG.otpVerified } });
  });
});
