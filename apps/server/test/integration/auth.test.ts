import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('registration and the referral tree', () => {
  it('lets the first member register without a sponsor, then requires a valid one', async () => {
    const root = await t.register();
    expect(root.code).toMatch(/^[A-Z2-9]{8}$/);

    const noSponsor = await signup({ fullname: 'No Sponsor', email: 'nosponsor@test.local' });
    expect(noSponsor).toMatchObject({ status: 400, body: { message: MSG.sponsorRequired } });

    const badSponsor = await signup({
      fullname: 'Bad Sponsor',
      email: 'bad@test.local',
      reffer_by: 'NOPE1234',
    });
    expect(badSponsor).toMatchObject({ status: 400, body: { message: MSG.sponsorInvalid } });

    const child = await t.register(root.code.toLowerCase());
    const grandchild = await t.register(child.code);
    const { rows } = await t.db.query(
      'SELECT id, path::text AS path, reffer_by FROM users WHERE id = ANY($1) ORDER BY id',
      [[root.id, child.id, grandchild.id]],
    );
    expect(rows.map((r) => r.path)).toEqual([
      `${root.id}`,
      `${root.id}.${child.id}`,
      `${root.id}.${child.id}.${grandchild.id}`,
    ]);
    expect(rows[2].reffer_by).toBe(child.code);

    const nobody = await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = ANY($1)', [
      ['nosponsor@test.local', 'bad@test.local'],
    ]);
    expect(nobody.rows[0].n).toBe(0);
  });

  it('answers register with message, auth {id, token, refferal_code} and expireAt, and the member is signed in', async () => {
    const res = await signup({
      fullname: 'Alice Smith',
      email: 'Alice@Test.Local',
      phone: '+4915112345678',
      reffer_by: await rootCode(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: MSG.registered,
      auth: {
        id: expect.any(Number),
        token: expect.any(String),
        refferal_code: expect.any(String),
        role: 'user',
      },
      token: res.body.auth.token,
      expireAt: expect.any(String),
    });
    expect(new Date(res.body.expireAt).getTime() - t.clock.now().getTime()).toBe(24 * 3600_000);
    const me = await t.call('GET', `/users/${res.body.auth.id}`, { token: res.body.auth.token });
    expect(me.status).toBe(200);
    expect(me.body.singleuser).toMatchObject({
      email: 'alice@test.local',
      phone: '+4915112345678', // E.164 (issue 37.15)
      status: 'unblock',
      is_active: 'inactive',
      roi_status: 'open',
      level_status: 'open',
      verify_at: null,
      role: 'user',
    });
    expect(me.body.singleuser.username).toMatch(/^alice\d{4}$/);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const res = await signup({
      fullname: 'Alice Again',
      email: 'ALICE@test.local',
      reffer_by: await rootCode(),
    });
    expect(res).toMatchObject({ status: 409, body: { message: MSG.emailTaken } });
  });

  it('writes nothing for a refused signup: no member, session, tree event or fact', async () => {
    const count = async () =>
      (
        await t.db.query(
          `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sessions)::int AS sessions,
                  (SELECT count(*) FROM tree_events)::int AS events, (SELECT count(*) FROM member_facts)::int AS facts`,
        )
      ).rows[0];
    const code = await rootCode();
    const before = await count();
    const fullname = 'Refused One';
    const taken = await signup({ fullname, email: 'alice@test.local', reffer_by: code });
    const badCode = await signup({ fullname, email: 'refused@test.local', reffer_by: 'NOSUCH99' });
    const noCode = await signup({ fullname, email: 'refused@test.local' });
    expect([taken.status, badCode.status, noCode.status]).toEqual([409, 400, 400]);
    expect(await count()).toEqual(before);
  });

  it('still finds a username when a first name has used up its four digits', async () => {
    // every "crowded1000".."crowded9999" is taken, so the first draws collide and later ones widen
    await t.db.query(
      `INSERT INTO users (username, email, password_hash, fullname, phone, role, refferal_code, created_at, updated_at, admin_roles)
       SELECT 'crowded' || n, 'crowded' || n || '@test.local', 'x', 'Crowded', '5550001', 'admin', 'CRWD' || n, now(), now(), '{auditor}'
         FROM generate_series(1000, 9999) AS n`,
    );
    const res = await signup({
      fullname: 'Crowded Name',
      email: 'crowded-new@test.local',
      reffer_by: await rootCode(),
    });
    expect(res.status).toBe(201);
    const joined = await t.db.query('SELECT username FROM users WHERE id = $1', [res.body.auth.id]);
    expect(joined.rows[0].username).toMatch(/^crowded\d{6,8}$/);
    await t.db.query(`DELETE FROM users WHERE email LIKE 'crowded%@test.local' AND role = 'admin'`);
  });
});

describe('sign-in and sessions', () => {
  it('signs in by email or by username and answers auth {id, token, refferal_code}, expireAt', async () => {
    const m = await someMember();
    const byEmail = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual({
      auth: { id: m.id, token: expect.any(String), refferal_code: m.code, role: 'user' },
      token: byEmail.body.auth.token,
      expireAt: expect.any(String),
    });
    const { rows } = await t.db.query('SELECT username, last_login FROM users WHERE id = $1', [m.id]);
    expect(rows[0].last_login).not.toBeNull();
    const byUsername = await t.call('POST', '/auth/signin', {
      body: { email: rows[0].username.toUpperCase(), password: m.password },
    });
    expect(byUsername.status).toBe(200);
    const wrong = await t.call('POST', '/auth/signin', {
      body: { email: m.email, password: 'wrong-password' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
    const unknown = await t.call('POST', '/auth/signin', {
      body: { email: 'nobody@test.local', password: 'whatever1' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
  });

  it('stops a token the moment its member signs out, and keeps other sessions alive', async () => {
    const m = await someMember();
    const second = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect((await t.call('GET', '/auth/signout', { token: m.token })).status).toBe(200);
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(401);
    expect((await t.call('GET', `/users/${m.id}`, { token: second.body.auth.token })).status).toBe(200);
  });

  it('keeps member and admin tokens apart', async () => {
    const m = await someMember();
    const admin = await t.adminToken();
    // a valid session of the other audience is refused as not allowed (403), not as ended
    expect((await t.call('GET', '/users/list', { token: m.token })).status).toBe(403);
    expect((await t.call('GET', '/auth/signout', { token: admin })).status).toBe(403);
    expect((await t.call('GET', '/auth/signoutadmin', { token: m.token })).status).toBe(403);
    const adminOnMemberSignin = await t.call('POST', '/auth/signin', { body: ADMIN });
    expect(adminOnMemberSignin).toMatchObject({ status: 403, body: { message: MSG.adminUseAdminLogin } });
    const memberOnAdminSignin = await t.call('POST', '/auth/adminsignin', {
      body: { email: m.email, password: m.password },
    });
    expect(memberOnAdminSignin).toMatchObject({ status: 403, body: { message: MSG.notAdmin } });
    // a forged token signed with another key is refused
    const [h, p] = m.token.split('.');
    expect((await t.call('GET', `/users/${m.id}`, { token: `${h}.${p}.invalidsignature` })).status).toBe(401);
  });

  it('answers adminsignin with admin and expireAt; signoutadmin revokes the admin token', async () => {
    const res = await t.call('POST', '/auth/adminsignin', { body: ADMIN });
    expect(res.body).toEqual({
      admin: {
        id: expect.any(Number),
        token: expect.any(String),
        email: ADMIN.email,
        username: 'admin',
        role: 'admin',
        totp_setup_required: false,
      },
      token: res.body.admin.token,
      expireAt: expect.any(String),
    });
    const token = res.body.admin.token;
    expect((await t.call('GET', '/users/list', { token })).status).toBe(200);
    expect((await t.call('GET', '/auth/signoutadmin', { token })).status).toBe(200);
    expect((await t.call('GET', '/users/list', { token })).status).toBe(401);
  });

  it('ends sessions when they expire', async () => {
    const m = await someMember();
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(401);
  });

  it('refuses a blocked member at sign-in and ends their open sessions at once', async () => {
    const m = await someMember();
    const admin = await t.adminToken();
    expect((await t.call('PUT', `/users/${m.id}`, { token: admin, body: { status: 'block' } })).status).toBe(
      200,
    );
    // the session from before is ended, and the refusal says why in the spec's words (2.6/6)
    expect(await t.call('GET', `/users/${m.id}`, { token: m.token })).toMatchObject({
      status: 401,
      body: { message: MSG.blocked },
    });
    const signin = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(signin).toMatchObject({ status: 403, body: { message: MSG.blocked } });
    await t.call('PUT', `/users/${m.id}`, { token: admin, body: { status: 'unblock' } });
    // unblocked, the old session stays ended (blocking revoked it) and says so plainly
    expect(await t.call('GET', `/users/${m.id}`, { token: m.token })).toMatchObject({
      status: 401,
      body: { message: MSG.sessionEnded },
    });
    expect(
      (await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } })).status,
    ).toBe(200);
  });
});

describe('a blocked member (issue 29.15)', () => {
  it("is told the platform's support contact, at sign-in and on a session of theirs", async () => {
    const m = await someMember();
    const admin = await t.adminToken();
    const contacts = {
      contact_email: 'help@earnhub.test',
      contact_phone: '+44 7700 900123',
      contact_telegram: '@earnhub_help',
    };
    expect((await t.call('PUT', '/settings', { token: admin, body: contacts })).status).toBe(200);
    await t.call('PUT', `/users/${m.id}`, { token: admin, body: { status: 'block' } });
    const message =
      'Access Denied: your account is blocked. Contact support at help@earnhub.test, +44 7700 900123 or @earnhub_help on Telegram.';
    expect(await t.call('GET', `/users/${m.id}`, { token: m.token })).toMatchObject({
      status: 401,
      body: { message },
    });
    const signin = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(signin).toMatchObject({ status: 403, body: { message } });
    // one way set: named alone
    await t.call('PUT', '/settings', {
      token: admin,
      body: { contact_email: '', contact_phone: '', contact_telegram: 'earnhub_help' },
    });
    const again = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
    expect(again.body.message).toBe(
      'Access Denied: your account is blocked. Contact support at @earnhub_help on Telegram.',
    );
    await t.call('PUT', '/settings', { token: admin, body: { contact_telegram: '' } });
  });
});

describe('the first member, raced', () => {
  it('lets exactly one of several simultaneous sponsorless registrations become the root', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          fresh.call('POST', '/auth/register', {
            body: {
              fullname: `Racer ${i}`,
              email: `racer${i}@test.local`,
              phone: '5550001234',
              password: 'Violet-Harbor-42',
            },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(
        results.filter((r) => r.status === 400).every((r) => r.body.message === MSG.sponsorRequired),
      ).toBe(true);
      const { rows } = await fresh.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'user'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

async function someMember() {
  return t.register(await rootCode());
}

/** The referral code of the first member (the root every test registers under). */
async function rootCode(): Promise<string> {
  const { rows } = await t.db.query(
    `SELECT refferal_code FROM users WHERE role = 'user' ORDER BY id LIMIT 1`,
  );
  return rows[0].refferal_code;
}

/** POST /auth/register with a valid phone and password unless given. */
const signup = (fields: Record<string, string>) =>
  t.call('POST', '/auth/register', {
    body: { phone: '5550001234', password: 'Violet-Harbor-42', ...fields },
  });
