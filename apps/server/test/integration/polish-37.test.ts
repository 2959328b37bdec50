import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let root: Member;
type Member = Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
});
afterAll(async () => t.close());

const usernameOf = async (m: Member) =>
  (await t.db.query('SELECT username FROM users WHERE id = $1', [m.id])).rows[0].username as string;

describe('transfer recipient look-up (issue 37 item 7)', () => {
  it('names the member an exact username, e-mail or code points at, and nothing more', async () => {
    const a = await t.register(root.code);
    const b = await t.register(root.code, { fullname: 'Omar Haddad' });
    const bName = await usernameOf(b);
    for (const to of [bName.toUpperCase(), b.email, b.code.toLowerCase()]) {
      const res = await t.call('GET', `/transfer/recipient?to=${encodeURIComponent(to)}`, { token: a.token });
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toEqual({ recipient: { username: bName, fullname: 'Omar Haddad' } });
    }
    const prefix = await t.call('GET', `/transfer/recipient?to=${bName.slice(0, -1)}`, { token: a.token });
    expect(prefix.status).toBe(404);
    const self = await t.call('GET', `/transfer/recipient?to=${a.code}`, { token: a.token });
    expect(self.status).toBe(400);
    const empty = await t.call('GET', '/transfer/recipient?to=', { token: a.token });
    expect(empty.status).toBe(400);
    const byAdmin = await t.call('GET', `/transfer/recipient?to=${b.code}`, { token: admin });
    expect(byAdmin.status).toBe(403);
  });

  it('is rate-limited like the other member look-ups', async () => {
    const a = await t.register(root.code);
    // the window is shared with the calls of the test above (same client): at most 20 in a minute
    const statuses: number[] = [];
    while (statuses.length < 25 && statuses.at(-1) !== 429)
      statuses.push((await t.call('GET', '/transfer/recipient?to=nobody-here', { token: a.token })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
  });
});
