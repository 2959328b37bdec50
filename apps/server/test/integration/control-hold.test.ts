import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { post } from '../../src/ledger/ledger.js';
import { insertReset } from '../../src/modules/identity/password/repo.js';
import {
  STAFF_SETS_NO_PASSWORD,
  STAFF_SETS_NO_PAYOUT,
} from '../../src/modules/identity/users/control-hold.js';
import { tokenDigest } from '../../src/secrets.js';
import { createTestApp, lastMail, type TestApp } from '../helpers.js';
import { approve, secondEyes } from './approval-fixtures.js';

/**
 * Issue 36, "Changing who controls an account is slow and loud": a new password (own or by the
 * reset link), e-mail (by staff) or a replaced payout address tells the OLD e-mail and holds
 * withdrawals and transfers to other members for `account_change_hold_hours`; staff cannot set a
 * member's password or payout address at all.
 */

let t: TestApp;
let root: Member;
let planId: number;
type Member = Awaited<ReturnType<TestApp['register']>>;
const HOUR = 3_600_000;
const BEP20 = `0x${'b'.repeat(40)}`;
const OTHER_BEP20 = `0x${'e'.repeat(40)}`;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.register();
  const plan = await t.call('POST', '/plans/add', {
    token: await t.adminToken(),
    body: { name: 'Hold plan', min_amount: 10, max_amount: 10000 },
  });
  expect(plan.status).toBe(201);
  planId = plan.body.plan.id;
});
afterAll(async () => t.close());

/** A verified member with a first BEP20 address, 100 USDT earnings and 100 USDT in the fund wallet. */
async function ready() {
  const m = await t.register(root.code);
  await t.db.query('UPDATE users SET verify_at = $2 WHERE id = $1', [m.id, t.clock.now()]);
  expect((await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } })).status).toBe(
    200,
  );
  await withTx(t.db, (tx) =>
    post(
      tx,
      {
        idempotencyKey: `control-hold-${m.id}-${serial++}`,
        transfers: [
          {
            kind: 'direct_income',
            debit: platform('platform:incentives'),
            credit: member(m.id, 'earnings'),
            amount: 100_000_000n,
            refType: 'topup',
            refId: String(m.id),
          },
          {
            kind: 'deposit',
            debit: platform('platform:cash'),
            credit: member(m.id, 'fund'),
            amount: 100_000_000n,
          },
        ],
      },
      t.clock.now(),
    ),
  );
  return m;
}

const withdraw = (m: Member) =>
  t.call('POST', '/withdrawalrequest/add', {
    token: m.token,
    body: { amount: 20, network: 'BEP20', password: m.password },
  });
const sendToFriend = (m: Member) =>
  t.call('POST', '/transfer/friend', {
    token: m.token,
    body: { amount: 5, password: m.password, recipient: root.code },
  });
const toSelf = (m: Member) =>
  t.call('POST', '/transfer/touser', { token: m.token, body: { amount: 5, password: m.password } });
const profile = async (m: Member) =>
  (await t.call('GET', `/users/${m.id}`, { token: m.token })).body.singleuser;
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const mailsTo = async (to: string) =>
  (
    await t.db.query<{ subject: string; body_text: string; template: string }>(
      'SELECT subject, body_text, template FROM mail_outbox WHERE to_address = $1 ORDER BY id',
      [to],
    )
  ).rows;
const setHold = async (hours: number) =>
  expect(
    (
      await t.call('PUT', '/settings', {
        token: await t.adminToken(),
        body: { account_change_hold_hours: hours },
      })
    ).status,
  ).toBe(200);

/** Moves the clock on; the member signs in again (a session ends with the day). */
async function later(ms: number, m: Member) {
  t.clock.advance(ms);
  const res = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
  expect(res.status).toBe(200);
  m.token = res.body.auth.token;
}

/** Money out refused with the hold's message, naming when it ends (UTC) and what changed. */
async function expectHeld(m: Member, until: Date, what: string) {
  const message = `Withdrawals and transfers to other members are paused until ${utc(until)} because this account's ${what} changed. If this was not you, contact support.`;
  expect(await withdraw(m)).toMatchObject({ status: 403, body: { message } });
  expect(await sendToFriend(m)).toMatchObject({ status: 403, body: { message } });
}

async function expectFree(m: Member) {
  expect((await withdraw(m)).status).toBe(201);
  expect((await sendToFriend(m)).status).toBe(201);
}

describe('a member changes their password', () => {
  it('tells the old e-mail and holds withdrawals and transfers out for 24 h, shown on the profile', async () => {
    const m = await ready();
    const changedAt = t.clock.now();
    const res = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: { password: 'NewPassword-2026', current_password: m.password },
    });
    expect(res.status).toBe(200);
    m.password = 'NewPassword-2026';
    const notice = await lastMail(t.db, m.email);
    expect(notice).toMatchObject({ template: 'account_change', subject: 'Your password was changed' });
    expect(notice!.body_text).toContain(
      `was changed from your account on ${utc(changedAt)} (IP address 127.0.0.1)`,
    );
    expect(notice!.body_text).toContain(`paused until ${utc(new Date(changedAt.getTime() + 24 * HOUR))}`);
    expect(notice!.body_text).toContain('If this was not you, contact support');

    const until = new Date(changedAt.getTime() + 24 * HOUR);
    expect(await profile(m)).toMatchObject({
      controls_hold_until: until.toISOString(),
      controls_hold_what: ['password'],
    });
    await expectHeld(m, until, 'password');
    // earnings to one's own fund wallet take nothing out of the account, nor does one's own plan
    expect((await toSelf(m)).status).toBe(201);
    const buy = (body: object) =>
      t.call('POST', '/topup/add', { token: m.token, body: { plan_id: planId, amount: 10, ...body } });
    expect((await buy({})).status).toBe(201);
    // a plan bought for another member is money out: held like a transfer
    expect(await buy({ recipient: root.code })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining(`paused until ${utc(until)}`) },
    });

    await later(24 * HOUR - 60_000, m);
    await expectHeld(m, until, 'password');
    await later(60_000, m);
    await expectFree(m);
    expect(
      (
        await t.call('POST', '/topup/add', {
          token: m.token,
          body: { plan_id: planId, amount: 10, recipient: root.code },
        })
      ).status,
    ).toBe(201);
    expect(await profile(m)).toMatchObject({ controls_hold_until: null, controls_hold_what: [] });
  });

  it('by the reset link: the same notice and hold', async () => {
    const m = await ready();
    const token = randomBytes(32).toString('base64url');
    const now = t.clock.now();
    await insertReset(t.db, tokenDigest(token), BigInt(m.id), now, new Date(now.getTime() + HOUR));
    const reset = await t.call('POST', '/pass/reset', { body: { token, password: 'ResetPassword-2026' } });
    expect(reset.status).toBe(200);
    const signin = await t.call('POST', '/auth/signin', {
      body: { email: m.email, password: 'ResetPassword-2026' },
    });
    expect(signin.status).toBe(200);
    const again = { ...m, token: signin.body.auth.token as string, password: 'ResetPassword-2026' };
    expect(await lastMail(t.db, m.email)).toMatchObject({ subject: 'Your password was changed' });
    await expectHeld(again, new Date(now.getTime() + 24 * HOUR), 'password');
    await later(24 * HOUR, again);
    await expectFree(again);
  });
});

describe('payout addresses', () => {
  it('a first address is told but not held; replacing one holds, a later change extends the hold', async () => {
    const m = await ready();
    // ready() set the first BEP20 address: a notice, no hold
    expect(await lastMail(t.db, m.email)).toMatchObject({ subject: 'Your payout address was changed' });
    expect((await profile(m)).controls_hold_until).toBeNull();
    await expectFree(m);

    const first = t.clock.now();
    const res = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: OTHER_BEP20 } });
    expect(res.status).toBe(200);
    expect(await lastMail(t.db, m.email)).toMatchObject({ subject: 'Your payout address was changed' });
    await expectHeld(m, new Date(first.getTime() + 24 * HOUR), 'payout address');
    // the same address again changes nothing: no notice, no new hold
    const before = (await mailsTo(m.email)).length;
    await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: OTHER_BEP20 } });
    expect((await mailsTo(m.email)).length).toBe(before);

    await later(2 * HOUR, m);
    const second = t.clock.now();
    const pw = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: { password: 'NewPassword-2026', current_password: m.password },
    });
    expect(pw.status).toBe(200);
    m.password = 'NewPassword-2026';
    const until = new Date(second.getTime() + 24 * HOUR);
    expect(await profile(m)).toMatchObject({
      controls_hold_until: until.toISOString(),
      controls_hold_what: ['password', 'payout_address'],
    });
    await expectHeld(m, until, 'password and payout address');
    await later(24 * HOUR, m);
    await expectFree(m);
  });
});

describe('staff', () => {
  it("cannot set a member's password or payout address (403), and nothing changes", async () => {
    const m = await ready();
    const hash = async () =>
      (await t.db.query('SELECT password_hash, bep20, trc20 FROM users WHERE id = $1', [m.id])).rows[0];
    const before = await hash();
    expect(
      await t.call('PUT', `/users/${m.id}`, {
        token: await t.adminToken(),
        body: { password: 'SetByStaff-2026' },
      }),
    ).toMatchObject({ status: 403, body: { message: STAFF_SETS_NO_PASSWORD } });
    for (const body of [
      { bep20: OTHER_BEP20 },
      { trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { fullname: 'X Y', bep20: '' },
    ]) {
      expect(await t.call('PUT', `/users/${m.id}`, { token: await t.adminToken(), body })).toMatchObject({
        status: 403,
        body: { message: STAFF_SETS_NO_PAYOUT },
      });
    }
    expect(await hash()).toEqual(before);
    // the member is still signed in and may move their money
    await expectFree(m);
    // the form's empty password still means "unchanged"
    expect(
      (
        await t.call('PUT', `/users/${m.id}`, {
          token: await t.adminToken(),
          body: { password: '', fullname: 'Kept Name' },
        })
      ).status,
    ).toBe(200);
  });

  it('a member e-mail change, once a second admin approves it, tells the old address and holds money out', async () => {
    const m = await ready();
    const oldEmail = m.email;
    const newEmail = `moved-${randomBytes(3).toString('hex')}@test.local`;
    const before = (await mailsTo(oldEmail)).length;
    const asked = await t.call('PUT', `/users/${m.id}`, {
      token: await t.adminToken(),
      body: { email: newEmail },
    });
    expect(asked.status).toBe(202);
    // asked, not done: nothing is told or held yet
    expect((await mailsTo(oldEmail)).length).toBe(before);
    expect((await profile(m)).controls_hold_until).toBeNull();
    t.clock.advance(HOUR);
    const second = await secondEyes(t, ['support']);
    const at = t.clock.now();
    await approve(t, second.token, asked);
    const notice = await lastMail(t.db, oldEmail);
    expect(notice).toMatchObject({ subject: 'Your e-mail address was changed' });
    expect(notice!.body_text).toContain(`was changed by our support team on ${utc(at)}`);
    expect(await mailsTo(newEmail)).toEqual([]);
    m.email = newEmail;
    await expectHeld(m, new Date(at.getTime() + 24 * HOUR), 'e-mail address');
    await later(24 * HOUR, m);
    await expectFree(m);
  });
});

describe('account_change_hold_hours', () => {
  it('0 holds nothing but the old e-mail is still told; other values set the hold length', async () => {
    const m = await ready();
    await setHold(0);
    try {
      const res = await t.call('PUT', `/users/${m.id}`, {
        token: m.token,
        body: { password: 'NewPassword-2026', current_password: m.password },
      });
      expect(res.status).toBe(200);
      m.password = 'NewPassword-2026';
      expect(await lastMail(t.db, m.email)).toMatchObject({ subject: 'Your password was changed' });
      expect((await lastMail(t.db, m.email))!.body_text).not.toContain('paused');
      expect((await profile(m)).controls_hold_until).toBeNull();
      await expectFree(m);

      await setHold(2);
      const at = t.clock.now();
      await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: OTHER_BEP20 } });
      await expectHeld(m, new Date(at.getTime() + 2 * HOUR), 'payout address');
      await later(2 * HOUR, m);
      await expectFree(m);
    } finally {
      await setHold(24);
    }
  });

  it('is refused outside 0..168 whole hours', async () => {
    for (const value of [-1, 169, 1.5, '24']) {
      const res = await t.call('PUT', '/settings', {
        token: await t.adminToken(),
        body: { account_change_hold_hours: value },
      });
      expect(res.status).toBe(400);
    }
  });
});
