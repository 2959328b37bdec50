import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { post } from '../../src/ledger/ledger.js';
import { STAFF_SETS_NO_PASSWORD } from '../../src/modules/identity/users/control-hold.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { approve, secondEyes } from './approval-fixtures.js';

let t: TestApp;
let root: Awaited<ReturnType<TestApp['register']>>;
let admin: string;
let second: Awaited<ReturnType<typeof secondEyes>>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.register();
  admin = await t.adminToken();
  second = await secondEyes(t);
});
afterAll(async () => t.close());

const snapshot = async (id: number) => (await t.db.query('SELECT * FROM users WHERE id = $1', [id])).rows[0];

describe('admin edit (spec 2.2)', () => {
  it('saves the editable fields, sets updated_at, and writes the audit log (e-mail and business once a second admin approves)', async () => {
    const m = await t.register(root.code);
    t.clock.advance(60_000);
    const res = await t.call('PUT', `/users/${m.id}`, {
      token: admin,
      body: {
        username: 'renamed_member',
        email: 'renamed@test.local',
        status: 'unblock',
        is_active: 'active',
        roi_status: 'close',
        level_status: 'close',
        address: '1 Ledger Lane',
        business: 1250.5,
        business_balance: 0,
        fullname: 'Renamed Member',
        phone: 447700900123,
        reffer_by: root.code,
        role: 'user',
        updated_at: '1999-01-01T00:00:00Z',
      },
    });
    // the e-mail (where reset links go) and the business figure wait for a second admin (issue 36)
    expect(res.body.approval.summary).toBe(
      `Change ${res.body.approval.username}'s e-mail ${m.email} → renamed@test.local, business 0 → 1250.5 USDT`,
    );
    expect((await snapshot(m.id)).email).toBe(m.email);
    await approve(t, second.token, res);
    const user = (await t.call('GET', `/users/${m.id}`, { token: admin })).body.singleuser;
    expect(user).toMatchObject({
      username: 'renamed_member',
      email: 'renamed@test.local',
      is_active: 'active',
      roi_status: 'close',
      level_status: 'close',
      address: '1 Ledger Lane',
      business: 1250.5,
      fullname: 'Renamed Member',
      phone: '+447700900123', // E.164 (issue 37.15)
      role: 'user',
      updated_at: t.clock.now().toISOString(),
    });
    const audit = await t.db.query(`SELECT * FROM audit_log WHERE target_type = 'user' AND target_id = $1`, [
      String(m.id),
    ]);
    // the edit now, then the approved part by the second admin
    expect(audit.rows.map((r) => [r.action, r.admin_id])).toEqual([
      ['user.update', expect.anything()],
      ['user.update', BigInt(second.id)],
    ]);
    expect(audit.rows[0]).toMatchObject({ ip: '127.0.0.1' });
    expect(audit.rows[0].before.username).not.toBe('renamed_member');
    expect(audit.rows[0].after.username).toBe('renamed_member');
    expect(audit.rows[1].after.email).toBe('renamed@test.local');
    expect(JSON.stringify(audit.rows.map((r) => [r.before, r.after]))).not.toMatch(/argon2/);
  });

  it('refuses a change of role and changes nothing', async () => {
    const m = await t.register(root.code);
    const before = await snapshot(m.id);
    const res = await t.call('PUT', `/users/${m.id}`, {
      token: admin,
      body: { role: 'admin', fullname: 'Should Not Apply' },
    });
    expect(res).toMatchObject({ status: 400, body: { message: MSG.roleNotEditable } });
    expect(await snapshot(m.id)).toEqual(before);
    const self = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { role: 'admin' } });
    expect(self.status).toBe(400);
    expect((await snapshot(m.id)).role).toBe('user');
  });

  it('refuses to edit the ledger balance directly', async () => {
    const m = await t.register(root.code);
    const res = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { business_balance: 1000 } });
    expect(res).toMatchObject({ status: 400, body: { message: MSG.balanceOnLedger } });
  });

  it("refuses to set a member's password (issue 36: the member uses the reset link), an empty one is no change", async () => {
    const m = await t.register(root.code);
    const before = (await snapshot(m.id)).password_hash;
    const res = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { password: 'SetByAdmin99' } });
    expect(res).toMatchObject({ status: 403, body: { message: STAFF_SETS_NO_PASSWORD } });
    expect((await snapshot(m.id)).password_hash).toBe(before);
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(200);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: 'SetByAdmin99' } })).status,
    ).toBe(401);
    const empty = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { password: '' } });
    expect(empty.status).toBe(200);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })).status,
    ).toBe(200);
  });

  it('moves a member with their team under a new sponsor, never under their own team', async () => {
    const x = await t.register(root.code);
    const y = await t.register(x.code);
    const z = await t.register(y.code);
    const other = await t.register(root.code);
    const loop = await t.call('PUT', `/users/${x.id}`, { token: admin, body: { reffer_by: z.code } });
    expect(loop.status).toBe(400);
    await approve(
      t,
      second.token,
      await t.call('PUT', `/users/${y.id}`, { token: admin, body: { reffer_by: other.code } }),
    );
    const { rows } = await t.db.query('SELECT path::text AS path FROM users WHERE id = $1', [z.id]);
    expect(rows[0].path).toBe(`${root.id}.${other.id}.${y.id}.${z.id}`);
  });

  it('refuses a taken email', async () => {
    const m = await t.register(root.code);
    const n = await t.register(root.code);
    const res = await t.call('PUT', `/users/${m.id}`, { token: admin, body: { email: n.email } });
    expect(res).toMatchObject({ status: 409, body: { message: MSG.emailTaken } });
  });
});

describe('member edits their own profile', () => {
  it('changes fullname, phone, address and wallet addresses', async () => {
    const m = await t.register(root.code);
    const res = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: {
        fullname: 'New Name',
        phone: '5551234567',
        address: 'Somewhere 5',
        bep20: `0x${'a'.repeat(40)}`,
        // a real TRC20 address (USDT's contract): its base58check checksum holds
        trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      },
    });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.userUpdated } });
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).body.singleuser).toMatchObject({
      fullname: 'New Name',
      bep20: `0x${'a'.repeat(40)}`,
    });
  });

  it('refuses fields that only admins may change (mass assignment)', async () => {
    const m = await t.register(root.code);
    const before = await snapshot(m.id);
    for (const body of [
      { status: 'block' },
      { is_active: 'active' },
      { email: 'x@test.local' },
      { business: 5 },
      { role: 'admin' },
      { verify_at: '2020-01-01' },
    ]) {
      const res = await t.call('PUT', `/users/${m.id}`, { token: m.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/unrecognized|Unrecognized/);
    }
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('changes the password only with the current one', async () => {
    const m = await t.register(root.code);
    const missing = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: { password: 'NewPassword1' },
    });
    expect(missing).toMatchObject({ status: 400, body: { message: MSG.currentPasswordRequired } });
    const wrong = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: { password: 'NewPassword1', current_password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.currentPasswordWrong } });
    const ok = await t.call('PUT', `/users/${m.id}`, {
      token: m.token,
      body: { password: 'NewPassword1', current_password: m.password },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: SPEC_TEXT.passwordChanged } });
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(200);
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: 'NewPassword1' } })).status,
    ).toBe(200);
  });
});

describe('bad input is answered 400 with a message and changes nothing', () => {
  it.each([
    ['malformed JSON', '{"fullname": '],
    ['wrong type', JSON.stringify({ fullname: 42 })],
    ['oversized string', JSON.stringify({ fullname: 'x'.repeat(5000) })],
    ['unknown field', JSON.stringify({ favourite_colour: 'blue' })],
    ['bad wallet address', JSON.stringify({ bep20: '0x123' })],
    // issue 37.6: the right pattern with a wrong checksum (one character changed)
    ['made-up TRC20 address', JSON.stringify({ trc20: `T${'A'.repeat(33)}` })],
    ['mistyped TRC20 address', JSON.stringify({ trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' })],
    [
      'BEP20 address with a wrong EIP-55 checksum',
      JSON.stringify({ bep20: '0x55D398326f99059fF775485246999027B3197955' }),
    ],
    ['array instead of object', '[1,2,3]'],
  ])('%s', async (_label, payload) => {
    const m = await t.register(root.code);
    const before = await snapshot(m.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${m.id}`,
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toEqual(expect.any(String));
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('refuses bad registrations without creating anything', async () => {
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const before = await count();
    for (const body of [
      {
        fullname: 'A',
        email: 'a@test.local',
        phone: '5550001234',
        password: 'Violet-Harbor-42',
        reffer_by: root.code,
      },
      {
        fullname: 'Okay Name',
        email: 'not-an-email',
        phone: '5550001234',
        password: 'Violet-Harbor-42',
        reffer_by: root.code,
      },
      {
        fullname: 'Okay Name',
        email: 'ok@test.local',
        phone: 'abc',
        password: 'Violet-Harbor-42',
        reffer_by: root.code,
      },
      {
        fullname: 'Okay Name',
        email: 'ok@test.local',
        phone: '5550001234',
        password: 'short',
        reffer_by: root.code,
      },
      {
        fullname: 'Okay Name',
        email: 'ok@test.local',
        phone: '5550001234',
        password: 'Violet-Harbor-42',
        reffer_by: root.code,
        role: 'admin',
      },
    ]) {
      const res = await t.call('POST', '/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullname: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a non-numeric id', async () => {
    expect((await t.call('GET', '/users/abc', { token: admin })).status).toBe(400);
  });
});

describe('deleting a member', () => {
  it('refuses when the member has money history, and says to block instead', async () => {
    const m = await t.register(root.code);
    await withTx(t.db, (tx) =>
      post(
        tx,
        {
          idempotencyKey: `test-deposit-${m.id}`,
          transfers: [
            {
              kind: 'deposit',
              debit: platform('platform:cash'),
              credit: member(m.id, 'fund'),
              amount: 1_000_000n,
            },
          ],
        },
        t.clock.now(),
      ),
    );
    const res = await t.call('DELETE', `/users/${m.id}`, { token: admin });
    expect(res).toMatchObject({ status: 400, body: { message: MSG.deleteHasMoney } });
    expect(await snapshot(m.id)).toBeTruthy();
  });

  it('refuses when the member sponsors others', async () => {
    const m = await t.register(root.code);
    await t.register(m.code);
    expect((await t.call('DELETE', `/users/${m.id}`, { token: admin })).body.message).toBe(MSG.deleteHasTeam);
  });

  it('deletes a member with no history and records it', async () => {
    const m = await t.register(root.code);
    const res = await t.call('DELETE', `/users/${m.id}`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.userDeleted } });
    expect(await snapshot(m.id)).toBeUndefined();
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE target_id = $1`, [String(m.id)]);
    expect(audit.rows).toEqual([{ action: 'user.delete' }]);
  });
});

describe('append-only records', () => {
  it('refuses to alter or remove the audit log and posted transfers', async () => {
    await expect(t.db.query('UPDATE audit_log SET action = $1', ['tampered'])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('UPDATE transfers SET amount = 1')).rejects.toThrow(/insert-only/);
    await expect(t.db.query('DELETE FROM transfers')).rejects.toThrow(/insert-only/);
  });
});
