import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['register']>>;
let b: Awaited<ReturnType<TestApp['register']>>;
let admin: string;
let leaf: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.register();
  b = await t.register(a.code);
  leaf = await t.register(a.code);
  admin = await t.adminToken();
});
afterAll(async () => t.close());

type Caller = 'anonymous' | 'memberA' | 'memberB' | 'admin';
const token = (who: Caller) => ({ anonymous: undefined, memberA: a.token, memberB: b.token, admin })[who];

/** Every users route, called by everyone; the expected status says who may. A is the target. */
const matrix: Array<{
  route: string;
  call: () => [method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown];
  expect: Record<Caller, number>;
}> = [
  {
    route: 'GET /users/list',
    call: () => ['GET', '/users/list?page=1'],
    expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
  },
  {
    route: 'GET /users/non/users',
    call: () => ['GET', '/users/non/users'],
    expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
  },
  {
    route: 'GET /users/stats',
    call: () => ['GET', '/users/stats'],
    expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
  },
  {
    route: 'GET /users?email=',
    call: () => ['GET', `/users?email=${encodeURIComponent(a.email)}`],
    expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
  },
  {
    route: 'GET /users/{id}',
    call: () => ['GET', `/users/${a.id}`],
    expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 200 },
  },
  {
    route: 'PUT /users/{id}',
    call: () => ['PUT', `/users/${a.id}`, { address: 'Main Street 1' }],
    expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 200 },
  },
  {
    route: 'DELETE /users/{id}',
    call: () => ['DELETE', `/users/${leaf.id}`],
    expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
  },
];

describe('access to every users route', () => {
  for (const row of matrix) {
    for (const who of ['anonymous', 'memberA', 'memberB', 'admin'] as Caller[]) {
      it(`${row.route} as ${who} -> ${row.expect[who]}`, async () => {
        const [method, url, body] = row.call();
        const res = await t.call(method, url, { token: token(who), body });
        expect(res.status).toBe(row.expect[who]);
        expect(typeof res.body.message === 'string' || res.status === 200).toBe(true);
      });
    }
  }

  it('answers with the spec keys allusers, allnonusers, singleuser, emailuser', async () => {
    const list = await t.call('GET', '/users/list?page=1&limit=2', { token: admin });
    expect(list.body).toMatchObject({ allusers: expect.any(Array), total: 2, totalPages: 1, currentPage: 1 });
    const non = await t.call('GET', '/users/non/users', { token: admin });
    expect(non.body.allnonusers.length).toBe(2);
    // total_team comes from the team roll-up (every 2 s on a running server)
    await t.jobs.run('tree-rollup');
    const single = await t.call('GET', `/users/${a.id}`, { token: admin });
    expect(single.body.singleuser).toMatchObject({ id: a.id, refferal_code: a.code, total_team: 1 });
    const byEmail = await t.call('GET', `/users?email=${encodeURIComponent(b.email)}`, { token: admin });
    expect(byEmail.body.emailuser).toMatchObject({ id: b.id, reffer_by: a.code });
  });

  it('searches and pages the member list', async () => {
    const found = await t.call('GET', `/users/list?search=${encodeURIComponent(b.email.slice(0, 12))}`, {
      token: admin,
    });
    expect(found.body.allusers.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const page2 = await t.call('GET', '/users/list?page=2&limit=1', { token: admin });
    expect(page2.body).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 });
    expect(page2.body.allusers).toHaveLength(1);
    const wildcard = await t.call('GET', '/users/list?search=%25', { token: admin });
    expect(wildcard.body.total).toBe(0);
  });

  it('never answers with a password or a hash', async () => {
    const bodies = [
      (await t.call('GET', '/users/list', { token: admin })).raw,
      (await t.call('GET', `/users/${a.id}`, { token: a.token })).raw,
      (await t.call('GET', `/users?email=${encodeURIComponent(a.email)}`, { token: admin })).raw,
      (await t.call('GET', '/users/non/users', { token: admin })).raw,
    ];
    for (const raw of bodies) {
      expect(raw).not.toMatch(/password|argon2|\$argon/i);
    }
  });
});
