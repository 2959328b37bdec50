import { createHash } from 'node:crypto';
import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { revokeTrustedBrowsers } from '../../src/modules/identity/admin-account/trusted.js';
import { resetByEmail } from '../../src/modules/identity/totp/repo.js';
import { createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, codeAt, enrol } from './admin-fixtures.js';

/**
 * "Trust this browser for 12 hours" at the admin code step: the next password step of that admin,
 * with the token, is a session without a code, until 12 h pass or the trust is revoked (sign out
 * everywhere, a password change, a 2FA reset, the Account page). Nobody else's token works.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Admin = Awaited<ReturnType<typeof addAdmin>> & { secret: string };

const sessionOf = (res: { status: number; body: { admin?: { token: string } }; raw: string }) => {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.admin?.token).toBeTruthy();
  return res.body.admin!.token;
};

/**
 * The browser each trusted token was granted to: its `admin_device` cookie (the token is bound to
 * it, issue36-trusted-browsers.test.ts), sent back with the token as that browser would.
 */
const cookieOf = new Map<string, string>();

async function passwordStep(a: { email: string; password: string }, trusted?: string) {
  const cookie = trusted ? cookieOf.get(trusted) : undefined;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin',
    headers: cookie ? { cookie } : {},
    payload: { email: a.email, password: a.password, ...(trusted ? { trusted_browser: trusted } : {}) },
  });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

/** An admin with TOTP on. */
async function enrolled(name: string): Promise<Admin> {
  const a = await addAdmin(t, name);
  const { secret } = await enrol(t, sessionOf(await passwordStep(a)));
  return { ...a, secret };
}

/** Both steps with a fresh code; `trust`: tick "Trust this browser". */
async function signIn(a: Admin, trust: boolean) {
  const step = await passwordStep(a);
  expect(step.body.totp_required, step.raw).toBe(true);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin/totp',
    payload: {
      ticket: step.body.ticket,
      code: codeAt(t, a.secret),
      ...(trust ? { trust_browser: true } : {}),
    },
  });
  const res = { status: sent.statusCode, body: sent.json(), raw: sent.body };
  const cookie = String(sent.headers['set-cookie'] ?? '').split(';')[0];
  if (res.body.trusted_browser) cookieOf.set(res.body.trusted_browser.token, cookie!);
  t.clock.advance(30_000);
  return {
    token: sessionOf(res),
    trusted: res.body.trusted_browser as { id: number; token: string; expires_at: string },
  };
}

describe('trusting a browser at the code step', () => {
  it('answers a token for 12 hours (only its digest is kept); the next password step is a session', async () => {
    const a = await enrolled('trust');
    const plain = await signIn(a, false);
    expect(plain.trusted).toBeUndefined();

    const { token, trusted } = await signIn(a, true);
    expect(trusted.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(trusted.expires_at) - t.clock.now().getTime()).toBe(12 * 3600_000 - 30_000);
    const row = (
      await t.db.query('SELECT admin_id, token_hash, user_agent FROM admin_trusted_browsers WHERE id = $1', [
        trusted.id,
      ])
    ).rows[0];
    expect(Number(row.admin_id)).toBe(a.id);
    expect(row.token_hash).toBe(createHash('sha256').update(trusted.token).digest('hex'));
    const whole = await t.db.query('SELECT b::text AS row FROM admin_trusted_browsers b WHERE id = $1', [
      trusted.id,
    ]);
    expect(whole.rows[0].row).not.toContain(trusted.token);

    const direct = await passwordStep(a, trusted.token);
    sessionOf(direct);
    expect(direct.body.ticket).toBeUndefined();
    // the password is still checked
    expect((await passwordStep({ ...a, password: 'wrong password!' }, trusted.token)).status).toBe(401);
    // a garbled token is simply not trusted
    expect((await passwordStep(a, `${trusted.token.slice(0, -2)}xx`)).body.totp_required).toBe(true);

    const account = await t.call('GET', '/admin-account', { token });
    expect(account.body.trusted_browsers).toEqual([
      expect.objectContaining({ id: trusted.id, expires_at: trusted.expires_at }),
    ]);
    expect(account.body.trusted_browsers[0].last_used_at).not.toBeNull();
  });

  it("another admin's token does not spare the code", async () => {
    const a = await enrolled('trust-a');
    const b = await enrolled('trust-b');
    const { trusted } = await signIn(a, true);
    expect(await passwordStep(b, trusted.token)).toMatchObject({
      status: 200,
      body: { totp_required: true },
    });
    sessionOf(await passwordStep(a, trusted.token));
  });

  it('ends after 12 hours (the test clock)', async () => {
    const a = await enrolled('trust-late');
    const { trusted } = await signIn(a, true);
    t.clock.advance(12 * 3600_000 - 60_000);
    sessionOf(await passwordStep(a, trusted.token));
    t.clock.advance(60_000);
    expect((await passwordStep(a, trusted.token)).body).toMatchObject({ totp_required: true });
  });

  it('is revoked by a password change', async () => {
    const a = await enrolled('trust-pw');
    const { token, trusted } = await signIn(a, true);
    const next = 'Another long passphrase 7';
    expect(
      (
        await t.call('POST', '/admin-account/password', {
          token,
          body: { current_password: a.password, password: next },
        })
      ).status,
    ).toBe(200);
    expect((await passwordStep({ ...a, password: next }, trusted.token)).body).toMatchObject({
      totp_required: true,
    });
  });

  it('is revoked by a password reset link', async () => {
    const a = await enrolled('trust-reset-link');
    const { trusted } = await signIn(a, true);
    expect((await t.call('POST', '/pass/forget', { body: { email: a.email } })).status).toBe(200);
    const link = /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.db, a.email))!.body_text)![1]!;
    const next = 'Reset passphrase for admin 3';
    expect((await t.call('POST', '/pass/reset', { body: { token: link, password: next } })).status).toBe(200);
    expect((await passwordStep({ ...a, password: next }, trusted.token)).body).toMatchObject({
      totp_required: true,
    });
  });

  it('is revoked by sign out everywhere', async () => {
    const a = await enrolled('trust-out');
    const { token, trusted } = await signIn(a, true);
    expect((await t.call('POST', '/auth/signoutadmin/everywhere', { token })).status).toBe(200);
    expect((await passwordStep(a, trusted.token)).body).toMatchObject({ totp_required: true });
  });

  it("is revoked by a 2FA reset (the operator's CLI, and the function the team screens call)", async () => {
    const a = await enrolled('trust-reset');
    const { trusted } = await signIn(a, true);
    expect(await withTx(t.db, (tx) => resetByEmail(tx, a.email, t.clock.now()))).toBe(a.id);
    // set up again: the browser trusted before the reset is not trusted any more
    const { secret } = await enrol(t, sessionOf(await passwordStep(a)));
    expect((await passwordStep(a, trusted.token)).body).toMatchObject({ totp_required: true });

    const again = await signIn({ ...a, secret }, true);
    expect(await withTx(t.db, (tx) => revokeTrustedBrowsers(tx, a.id))).toBe(1);
    expect((await passwordStep(a, again.trusted.token)).body).toMatchObject({ totp_required: true });
  });

  it('is revoked when TOTP is turned off, and one browser at a time from the Account page', async () => {
    const a = await enrolled('trust-one');
    const first = await signIn(a, true);
    const second = await signIn(a, true);
    const revoke = await t.call('DELETE', `/admin-account/trusted-browsers/${first.trusted.id}`, {
      token: second.token,
    });
    expect(revoke).toMatchObject({ status: 200, body: { message: ACCOUNT_MSG.trustedBrowserRevoked } });
    expect((await passwordStep(a, first.trusted.token)).body).toMatchObject({ totp_required: true });
    sessionOf(await passwordStep(a, second.trusted.token));
    // not twice, and never another admin's
    expect(
      (await t.call('DELETE', `/admin-account/trusted-browsers/${first.trusted.id}`, { token: second.token }))
        .status,
    ).toBe(404);
    const other = await enrolled('trust-other');
    const theirs = await signIn(other, true);
    expect(
      (
        await t.call('DELETE', `/admin-account/trusted-browsers/${theirs.trusted.id}`, {
          token: second.token,
        })
      ).status,
    ).toBe(404);
    sessionOf(await passwordStep(other, theirs.trusted.token));

    expect(
      (await t.call('POST', '/totp/disable', { token: second.token, body: { code: codeAt(t, a.secret) } }))
        .status,
    ).toBe(200);
    const { secret } = await enrol(t, second.token);
    expect(secret).toBeTruthy();
    expect((await passwordStep(a, second.trusted.token)).body).toMatchObject({ totp_required: true });
  });
});

describe('a code of the step already used', () => {
  it('right after turning 2FA on: "wait for the next code", not "wrong code", and never counted', async () => {
    const a = await addAdmin(t, 'same-step');
    const token = sessionOf(await passwordStep(a));
    const secret = (await t.call('POST', '/totp/setup', { token })).body.secret as string;
    const code = codeAt(t, secret);
    expect((await t.call('POST', '/totp/enable', { token, body: { code } })).status).toBe(200);

    // the admin signs out and in again at once, with the code their app still shows: more times
    // than the free failures of the sign-in delays, and the account is not held
    for (let i = 0; i < 7; i++) {
      const step = await passwordStep(a);
      expect(
        await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: step.body.ticket, code } }),
      ).toMatchObject({ status: 401, body: { message: ACCOUNT_MSG.totpCodeUsed } });
    }
    const held = await t.db.query('SELECT fails FROM login_throttle WHERE account_key = $1', [
      `user:${a.id}`,
    ]);
    expect(held.rows[0]?.fails ?? 0).toBe(0);
    // a wrong code is still a wrong code
    const step = await passwordStep(a);
    expect(
      await t.call('POST', '/auth/adminsignin/totp', {
        body: { ticket: step.body.ticket, code: code === '000000' ? '111111' : '000000' },
      }),
    ).toMatchObject({ status: 401, body: { message: MSG.totpInvalid } });

    t.clock.advance(30_000);
    const fresh = sessionOf(
      await t.call('POST', '/auth/adminsignin/totp', {
        body: { ticket: step.body.ticket, code: codeAt(t, secret) },
      }),
    );
    // turning it off with the code just used: the same message, not counted on the code delays
    for (let i = 0; i < 7; i++) {
      expect(
        await t.call('POST', '/totp/disable', { token: fresh, body: { code: codeAt(t, secret) } }),
      ).toMatchObject({ status: 400, body: { message: ACCOUNT_MSG.totpCodeUsed } });
    }
    t.clock.advance(30_000);
    expect(
      (await t.call('POST', '/totp/disable', { token: fresh, body: { code: codeAt(t, secret) } })).status,
    ).toBe(200);
  });
});
