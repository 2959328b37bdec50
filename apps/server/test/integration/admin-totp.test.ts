import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { resetByEmail } from '../../src/modules/identity/totp/repo.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep, codeAt, enrol } from './admin-fixtures.js';

/**
 * The attack: an admin's password is known (phished, reused). With TOTP on, the password alone
 * opens nothing, codes cannot be replayed or guessed quickly, and recovery codes work once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sessionOf = (res: { status: number; body: { admin?: { token: string } }; raw: string }) => {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.admin?.token).toBeTruthy();
  return res.body.admin!.token;
};

describe('admin TOTP enrolment', () => {
  it('enrols with a QR secret and a first code; the secret is stored encrypted and never shown again', async () => {
    const a = await addAdmin(t, 'enrol');
    const token = sessionOf(await adminPasswordStep(t, a));
    expect((await t.call('GET', '/totp', { token })).body).toEqual({
      enabled: false,
      pending: false,
      required_for_all: false,
      required_for_roles: [],
      required: false,
      recovery_codes_left: 0,
    });

    const setup = await t.call('POST', '/totp/setup', { token });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/EarnHub:/);
    expect(setup.body.otpauth_url).toContain(`secret=${secret}`);

    // a wrong first code does not turn it on
    const wrong = await t.call('POST', '/totp/enable', {
      token,
      body: { code: '000000' === codeAt(t, secret) ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.totpInvalid } });
    expect((await t.call('GET', '/totp', { token })).body).toMatchObject({ enabled: false, pending: true });

    const on = await t.call('POST', '/totp/enable', { token, body: { code: codeAt(t, secret) } });
    expect(on.status, on.raw).toBe(200);
    expect(on.body.message).toBe(MSG.totpEnabled);
    expect(on.body.recovery_codes).toHaveLength(10);
    for (const c of on.body.recovery_codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    // the database holds neither the secret nor the recovery codes in clear
    const stored = (await t.db.query('SELECT secret_enc FROM admin_totp WHERE user_id = $1', [a.id])).rows[0];
    expect(stored.secret_enc).not.toContain(secret);
    const hashes = (await t.db.query('SELECT code_hash FROM admin_recovery_codes WHERE user_id = $1', [a.id]))
      .rows;
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(on.body.recovery_codes).not.toContain(h.code_hash);

    // nothing answers the secret any more
    expect(await t.call('POST', '/totp/setup', { token })).toMatchObject({
      status: 409,
      body: { message: MSG.totpAlreadyOn },
    });
    const status = await t.call('GET', '/totp', { token });
    expect(status.body).toEqual({
      enabled: true,
      pending: false,
      required_for_all: false,
      required_for_roles: [],
      required: false,
      recovery_codes_left: 10,
    });
    expect(status.raw).not.toContain(secret);
  });
});

describe('admin sign-in with TOTP on', () => {
  let a: Awaited<ReturnType<typeof addAdmin>>;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    a = await addAdmin(t, 'signin');
    ({ secret, recoveryCodes } = await enrol(t, sessionOf(await adminPasswordStep(t, a))));
  });

  it('the password alone gives a ticket, not a session', async () => {
    const step = await adminPasswordStep(t, a);
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ totp_required: true, message: MSG.totpCodeNeeded });
    expect(step.body.admin).toBeUndefined();
    // the ticket is no bearer token
    const asBearer = await t.call('GET', '/users/stats', { token: step.body.ticket });
    expect(asBearer.status).toBe(401);
  });

  it('a wrong code is refused; the right one opens a session; the same code again is refused', async () => {
    const { body } = await adminPasswordStep(t, a);
    const good = codeAt(t, secret);
    const bad = good === '123456' ? '654321' : '123456';
    expect(
      await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: body.ticket, code: bad } }),
    ).toMatchObject({ status: 401, body: { message: MSG.totpInvalid } });

    const token = sessionOf(
      await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: body.ticket, code: good } }),
    );
    expect((await t.call('GET', '/users/stats', { token })).status).toBe(200);

    // replay within the same 30 s window, even with a fresh ticket: refused (wait for the next code)
    const again = await adminPasswordStep(t, a);
    expect(
      await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: again.body.ticket, code: good } }),
    ).toMatchObject({ status: 401, body: { message: ACCOUNT_MSG.totpCodeUsed } });
    t.clock.advance(30_000);
  });

  it('a ticket expires after 5 minutes', async () => {
    const { body } = await adminPasswordStep(t, a);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await t.call('POST', '/auth/adminsignin/totp', {
      body: { ticket: body.ticket, code: codeAt(t, secret) },
    });
    expect(late).toMatchObject({ status: 401, body: { message: MSG.totpTicketInvalid } });
  });

  it('a recovery code works once, typed in any case and without its dash', async () => {
    const code = recoveryCodes[0]!;
    const first = await adminPasswordStep(t, a);
    sessionOf(
      await t.call('POST', '/auth/adminsignin/totp', {
        body: { ticket: first.body.ticket, code: code.replace('-', '').toUpperCase() },
      }),
    );
    const second = await adminPasswordStep(t, a);
    expect(
      await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: second.body.ticket, code } }),
    ).toMatchObject({ status: 401, body: { message: MSG.totpInvalid } });
    const token = sessionOf(
      await t.call('POST', '/auth/adminsignin/totp', {
        body: { ticket: second.body.ticket, code: recoveryCodes[1]! },
      }),
    );
    expect((await t.call('GET', '/totp', { token })).body.recovery_codes_left).toBe(8);
  });

  it('guessing codes runs into the same growing delays as passwords', async () => {
    const { body } = await adminPasswordStep(t, a);
    const good = codeAt(t, secret);
    const wrong = ['111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter(
      (c) => c !== good,
    );
    const statuses: number[] = [];
    for (const code of wrong.slice(0, 6)) {
      statuses.push(
        (await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: body.ticket, code } })).status,
      );
    }
    // 5 free failures (LOGIN_FAILS_PER_ACCOUNT in the tests), then the account waits
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const held = await t.call('POST', '/auth/adminsignin/totp', {
      body: { ticket: body.ticket, code: good },
    });
    expect(held.status).toBe(429);
    expect(held.body.message).toMatch(
      /^Too many failed sign-ins for this account\. Try again in \d+ seconds?\.$/,
    );
    t.clock.advance(2000);
    sessionOf(await t.call('POST', '/auth/adminsignin/totp', { body: { ticket: body.ticket, code: good } }));
    t.clock.advance(30_000);
  });

  it('disables only with a valid code, after which the password alone signs in', async () => {
    const step = await adminPasswordStep(t, a);
    const token = sessionOf(
      await t.call('POST', '/auth/adminsignin/totp', {
        body: { ticket: step.body.ticket, code: codeAt(t, secret) },
      }),
    );
    t.clock.advance(30_000);
    expect(await t.call('POST', '/totp/disable', { token, body: { code: 'aaaaa-aaaaa' } })).toMatchObject({
      status: 400,
      body: { message: MSG.totpInvalid },
    });
    expect((await t.call('POST', '/totp/disable', { token, body: { code: codeAt(t, secret) } })).status).toBe(
      200,
    );
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE admin_id = $1 ORDER BY id`, [a.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['admin.totp.enable', 'admin.totp.disable']);
    sessionOf(await adminPasswordStep(t, a));
  });
});

describe('a second-step ticket gives one session at most (issue 29.20)', () => {
  let a: Awaited<ReturnType<typeof addAdmin>>;
  let recoveryCodes: string[];
  beforeAll(async () => {
    a = await addAdmin(t, 'ticket');
    ({ recoveryCodes } = await enrol(t, sessionOf(await adminPasswordStep(t, a))));
  });
  const sessions = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [a.id]))
      .rows[0]!.n;
  const codeStep = (ticket: string, code: string) =>
    t.call('POST', '/auth/adminsignin/totp', { body: { ticket, code } });

  it('used again within its 5 minutes, even with a fresh recovery code, it is refused and spends nothing', async () => {
    const { body } = await adminPasswordStep(t, a);
    const before = await sessions();
    const token = sessionOf(await codeStep(body.ticket, recoveryCodes[0]!));
    t.clock.advance(60_000);
    expect(await codeStep(body.ticket, recoveryCodes[1]!)).toMatchObject({
      status: 401,
      body: { message: MSG.totpTicketInvalid },
    });
    expect(await sessions()).toBe(before + 1);
    // the refused step did not spend the fresh code
    expect((await t.call('GET', '/totp', { token })).body.recovery_codes_left).toBe(9);
  });

  it('stays usable after a wrong code, until the right one', async () => {
    const { body } = await adminPasswordStep(t, a);
    expect((await codeStep(body.ticket, 'aaaaa-aaaaa')).status).toBe(401);
    sessionOf(await codeStep(body.ticket, recoveryCodes[1]!));
    expect((await codeStep(body.ticket, recoveryCodes[2]!)).status).toBe(401);
  });

  it('used twice at once, it opens one session', async () => {
    for (const pair of [
      [recoveryCodes[3]!, recoveryCodes[4]!],
      [recoveryCodes[5]!, recoveryCodes[6]!],
    ]) {
      const { body } = await adminPasswordStep(t, a);
      const before = await sessions();
      const results = await Promise.all(pair.map((code) => codeStep(body.ticket, code)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(await sessions()).toBe(before + 1);
    }
  });
});

describe("the operator's reset (npm run admin:reset-2fa)", () => {
  it("turns off an admin's TOTP and ends their sessions; the password alone signs in again", async () => {
    const lost = await addAdmin(t, 'lostphone');
    const token = sessionOf(await adminPasswordStep(t, lost));
    await enrol(t, token);
    expect((await adminPasswordStep(t, lost)).body).toMatchObject({ totp_required: true });
    expect(await withTx(t.db, (tx) => resetByEmail(tx, lost.email.toUpperCase(), t.clock.now()))).toBe(
      lost.id,
    );
    expect((await t.call('GET', '/users/stats', { token })).status).toBe(401);
    const again = sessionOf(await adminPasswordStep(t, lost));
    expect((await t.call('GET', '/totp', { token: again })).body).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    // members are not admins: nothing to reset
    const m = await t.register();
    expect(await withTx(t.db, (tx) => resetByEmail(tx, m.email, t.clock.now()))).toBeNull();
  });
});

describe('"require two-factor authentication for all admins"', () => {
  it('cannot be turned on by an admin without it; once on, an admin without TOTP must enrol before anything else', async () => {
    const boss = await addAdmin(t, 'boss');
    const bossToken = sessionOf(await adminPasswordStep(t, boss));
    expect(
      await t.call('PUT', '/settings', { token: bossToken, body: { admin_totp_required: true } }),
    ).toMatchObject({ status: 409, body: { message: MSG.totpEnrolFirst } });

    await enrol(t, bossToken);
    const on = await t.call('PUT', '/settings', { token: bossToken, body: { admin_totp_required: true } });
    expect(on.status, on.raw).toBe(200);
    expect(on.body.changed).toEqual(['admin_totp_required']);
    expect((await t.call('GET', '/users/stats', { token: bossToken })).status).toBe(200);

    // the other admin still signs in with a password, but reaches only the set-up
    const late = await addAdmin(t, 'late');
    const step = await adminPasswordStep(t, late);
    expect(step.body.admin).toMatchObject({ totp_setup_required: true });
    const token = step.body.admin.token as string;
    expect(await t.call('GET', '/users/stats', { token })).toMatchObject({
      status: 403,
      body: { message: MSG.totpSetupRequired },
    });
    expect((await t.call('PUT', '/settings', { token, body: { admin_totp_required: false } })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/totp', { token })).body).toMatchObject({
      enabled: false,
      required_for_all: true,
      required: true,
    });

    const { secret } = await enrol(t, token);
    expect((await t.call('GET', '/users/stats', { token })).status).toBe(200);
    // and from now on their password alone is not enough
    expect((await adminPasswordStep(t, late)).body).toMatchObject({ totp_required: true });

    // an admin who turns it off again is held at the set-up at once, in the session they have
    expect(
      (
        await t.call('POST', '/totp/disable', {
          token,
          body: { code: codeAt(t, secret) },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', '/users/stats', { token })).status).toBe(403);
  });
});
