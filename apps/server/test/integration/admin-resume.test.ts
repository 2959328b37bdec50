import { createHash } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, codeAt, enrol } from './admin-fixtures.js';

/**
 * Issue 37.12: a reload or a new tab of the browser an admin signed in with resumes that session
 * (POST /auth/adminsession with the HttpOnly `admin_resume` cookie) without the password; sign-out
 * ends it in every tab, and a browser left unused for 30 minutes resumes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const setCookies = (headers: Record<string, unknown>) => {
  const raw = headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
};
const resumeSetCookie = (headers: Record<string, unknown>) =>
  setCookies(headers).find((c) => c.startsWith('admin_resume='));

/** A password sign-in as a browser makes it: the session token and the resume cookie to send back. */
async function signIn(login: { email: string; password: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsignin',
    payload: { email: login.email, password: login.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = resumeSetCookie(res.headers);
  expect(set, 'the sign-in sets the resume cookie').toBeTruthy();
  return { body: res.json(), setCookie: set!, cookie: set!.split(';')[0]! };
}

async function resume(cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/adminsession',
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const works = async (token: string) => (await t.call('GET', '/totp', { token })).status === 200;

const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

describe('a reload or a new tab resumes the admin session', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for the resume route only, and keeps only its digest', async () => {
    const s = await signIn(ADMIN);
    expect(s.setCookie).toMatch(/^admin_resume=[A-Za-z0-9_-]{43}; /);
    expect(s.setCookie).toContain('HttpOnly');
    expect(s.setCookie).toContain('SameSite=Strict');
    expect(s.setCookie).toContain('Path=/api/v1/auth/adminsession');
    // a browser-session cookie: closing the browser drops it
    expect(s.setCookie).not.toContain('Max-Age');
    // the secret is not in the answer the page's script reads
    expect(JSON.stringify(s.body)).not.toContain(s.cookie.split('=')[1]);
    expect(s.body).not.toHaveProperty('resume');
    const secret = s.cookie.split('=')[1]!;
    const { rows } = await t.db.query('SELECT resume_hash FROM sessions WHERE id = $1', [
      sidOf(s.body.token),
    ]);
    expect(rows[0].resume_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('answers a new token of the same session, with its end, without the password', async () => {
    const s = await signIn(ADMIN);
    t.clock.advance(5 * 60_000);
    const r = await resume(s.cookie);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.admin).toMatchObject({ email: ADMIN.email, role: 'admin', totp_setup_required: false });
    expect(r.body.token).toBe(r.body.admin.token);
    expect(r.body.token).not.toBe(s.body.token);
    expect(sidOf(r.body.token)).toBe(sidOf(s.body.token));
    expect(r.body.expireAt).toBe(s.body.expireAt);
    expect(await works(r.body.token)).toBe(true);
    expect(await works(s.body.token)).toBe(true);
  });

  it('refuses without the cookie or with an unknown one', async () => {
    expect((await resume()).status).toBe(401);
    const r = await resume(`admin_resume=${'A'.repeat(43)}`);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(MSG.sessionEnded);
  });

  it('sign-out ends every tab and the resume, and clears the cookie', async () => {
    const s = await signIn(ADMIN);
    const tab = (await resume(s.cookie)).body.token as string;
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/signoutadmin',
      headers: { authorization: `Bearer ${tab}` },
    });
    expect(out.statusCode).toBe(200);
    expect(resumeSetCookie(out.headers)).toMatch(
      /^admin_resume=; Max-Age=0; Path=\/api\/v1\/auth\/adminsession/,
    );
    expect((await resume(s.cookie)).status).toBe(401);
    expect(await works(tab)).toBe(false);
    expect(await works(s.body.token)).toBe(false);
  });

  it('sign out everywhere ends the resume of every browser', async () => {
    const a = await addAdmin(t, 'everywhere');
    const one = await signIn(a);
    const two = await signIn(a);
    expect((await resume(one.cookie)).status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signoutadmin/everywhere',
      headers: { authorization: `Bearer ${two.body.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await resume(one.cookie)).status).toBe(401);
    expect((await resume(two.cookie)).status).toBe(401);
  });

  it('resumes nothing after 30 minutes unused; use keeps it resumable until the session ends', async () => {
    const a = await addAdmin(t, 'idle');
    const s = await signIn(a);
    // used every 20 minutes: still resumable an hour later
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 60_000);
      expect(await works(s.body.token)).toBe(true);
    }
    t.clock.advance(20 * 60_000);
    expect((await resume(s.cookie)).status).toBe(200);
    // left alone for 31 minutes: the password again (the open tab's token still works until 8 h)
    t.clock.advance(31 * 60_000);
    expect((await resume(s.cookie)).status).toBe(401);
    expect(await works(s.body.token)).toBe(true);
    // and never past the session's own end
    const late = await signIn(a);
    for (let i = 0; i < 8 * 3; i++) {
      t.clock.advance(20 * 60_000);
      await works(late.body.token);
    }
    expect((await resume(late.cookie)).status).toBe(401);
  });

  it('a blocked admin resumes nothing', async () => {
    const a = await addAdmin(t, 'blocked');
    const s = await signIn(a);
    await t.db.query(`UPDATE users SET status = 'block' WHERE id = $1`, [a.id]);
    expect((await resume(s.cookie)).status).toBe(401);
  });

  it('the code step sets the resume cookie beside the device cookie', async () => {
    const a = await addAdmin(t, 'totp');
    const first = await signIn(a);
    const { secret } = await enrol(t, first.body.token);
    const step = await t.call('POST', '/auth/adminsignin', {
      body: { email: a.email, password: a.password },
    });
    expect(step.body.totp_required).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin/totp',
      payload: { ticket: step.body.ticket, code: codeAt(t, secret), trust_browser: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies[0]).toMatch(/^admin_device=/);
    const set = resumeSetCookie(res.headers);
    expect(res.json()).not.toHaveProperty('resume');
    const r = await resume(set!.split(';')[0]);
    expect(r.status).toBe(200);
    expect(r.body.admin.id).toBe(a.id);
  });
});
