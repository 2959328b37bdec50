/**
 * Ids and counts have one spelling (issue 29.18): plain decimal digits in paths and queries, JSON
 * numbers in bodies. '0x10', '1e1', ' 2', '+3', '2.0' and `true` are refused with a 400 that says so,
 * and change nothing (z.coerce.number read them as 16, 10, 2, 3, 2 and 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let members: Array<Awaited<ReturnType<TestApp['register']>>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const root = await t.register();
  members = [root];
  // enough members that 0x10 (16) and 1e1 (10) name someone
  for (let i = 0; i < 16; i++) members.push(await t.register(root.code));
});
afterAll(async () => t?.close());

const SPELLINGS = ['0x2', '1e1', '%20%202', '%2B3', '2.0', '0x10', '0b10', '1_0', '٢'];

async function counts() {
  const { rows } = await t.db.query<{ users: number; codes: number; deposits: number }>(
    `SELECT (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM codes)::int AS codes, (SELECT count(*) FROM deposits)::int AS deposits`,
  );
  return rows[0];
}

describe('integers in paths and queries', () => {
  it('are plain decimal digits: other spellings of a number are a 400, not another row', async () => {
    const before = await counts();
    for (const spelling of SPELLINGS) {
      for (const [method, url] of [
        ['GET', `/users/${spelling}`],
        ['DELETE', `/users/${spelling}`],
        ['GET', `/plans/${spelling}`],
        ['GET', `/users/list?page=${spelling}`],
        ['GET', `/users/list?limit=${spelling}`],
        ['GET', `/leadership/list?tier_id=${spelling}`],
        ['GET', `/deposite/list?user_id=${spelling}`],
        ['GET', `/tr/user/${spelling}`],
      ] as const) {
        const res = await t.call(method, url, { token: admin });
        expect(res.status, `${method} ${url}: ${res.raw.slice(0, 200)}`).toBe(400);
        expect(res.body.message, url).toMatch(/digits/);
      }
    }
    expect(await counts()).toEqual(before);
    // the plain spelling still works, and what clients send for "no page" is still the default
    expect((await t.call('GET', `/users/${members[1]!.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/users/list?page=2&limit=5', { token: admin })).body.currentPage).toBe(2);
    expect((await t.call('GET', '/users/list?page=undefined&limit=', { token: admin })).status).toBe(200);
  });
});

describe('integers in bodies', () => {
  it('are JSON numbers: text, booleans and other spellings are a 400 that creates nothing', async () => {
    const before = await counts();
    for (const count of ['0x10', '16', true, '1e1', 2.5]) {
      const res = await t.call('POST', '/codes', { token: admin, body: { count, value: 5 } });
      expect(res.status, `count ${JSON.stringify(count)}: ${res.raw}`).toBe(400);
    }
    for (const user_id of ['0x2', String(members[2]!.id), true, ' 2']) {
      const res = await t.call('POST', '/deposite/add', { token: admin, body: { user_id, amount: 5 } });
      expect(res.status, `user_id ${JSON.stringify(user_id)}: ${res.raw}`).toBe(400);
    }
    expect(await counts()).toEqual(before);
    const ok = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { user_id: members[2]!.id, amount: 5 },
    });
    expect(ok.status, ok.raw).toBe(201);
  });
});
