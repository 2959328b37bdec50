import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  CALLERS,
  type Caller,
  expectReconciled,
  type Member,
  member,
  root,
  setupCompensation,
  t,
} from './compensation-fixtures.js';

/**
 * Who may call each rewards, salary, CTO and leadership route. A holds a plan, has one direct who
 * bought 1,000 (so A qualifies for CTO and the 'Access' salary tier) and an open reward stage; B is
 * another member; {id} routes name A.
 */
let a: Member;
let b: Member;
let bronze: number;
let editablePlan: number;
let doomedPlan: number;
let tierId: number;
let doomedTier: number;
let openPool: number;
let doomedPool: number;
let leaderEntry: number;

beforeAll(async () => {
  await setupCompensation();
  a = await member(root, 100);
  b = await member(root, 100);
  await member(a, 1000);
  const plan = async (title: string, order: number) =>
    (
      await t.call('POST', '/rewards', {
        token: admin,
        body: { title, business: 5000, reward: 10, days: 30, order },
      })
    ).body.reward.id as number;
  bronze = await plan('Bronze', 1);
  editablePlan = await plan('Silver', 2);
  doomedPlan = await plan('Doomed', 9);
  expect(
    (await t.call('POST', '/rewards/initialize', { token: a.token, body: { user_id: a.id } })).status,
  ).toBe(201);
  const tier = async (name: string, directs: number) =>
    (
      await t.call('POST', '/salary/tiers', {
        token: admin,
        body: { name, amount: 5, months: 2, required_directs: directs, required_business: 0 },
      })
    ).body.tier.id as number;
  tierId = await tier('Access', 1);
  doomedTier = await tier('Doomed', 99);
  await t.jobs.run('salary-daily');
  leaderEntry = (await t.call('GET', `/leadership/by/${a.id}`, { token: admin })).body.leadership[0].id;
  const pool = async (period: string) =>
    (await t.call('POST', '/cto', { token: admin, body: { period, amount: 10 } })).body.cto.id as number;
  openPool = await pool('2026-06');
  doomedPool = await pool('2026-07');
});
afterAll(async () => t.close());

const token = (who: Caller) => ({ anonymous: undefined, memberA: a.token, memberB: b.token, admin })[who];
const all = (ok: number) => ({ anonymous: 401, memberA: ok, memberB: ok, admin: ok });
const own = (ok: number) => ({ anonymous: 401, memberA: ok, memberB: 403, admin: ok });
const adminOnly = (ok: number) => ({ anonymous: 401, memberA: 403, memberB: 403, admin: ok });

const matrix: Array<{
  route: string;
  call: () => [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
  expect: Record<Caller, number>;
}> = [
  { route: 'GET /rewards', call: () => ['GET', '/rewards'], expect: all(200) },
  {
    route: 'POST /rewards',
    call: () => ['POST', '/rewards', { title: 'Gold', business: 9000, reward: 90, days: 60, order: 3 }],
    expect: adminOnly(201),
  },
  {
    route: 'PUT /rewards/{id}',
    call: () => ['PUT', `/rewards/${editablePlan}`, { days: 45 }],
    expect: adminOnly(200),
  },
  { route: 'DELETE /rewards/{id}', call: () => ['DELETE', `/rewards/${doomedPlan}`], expect: adminOnly(200) },
  {
    route: 'POST /rewards/initialize',
    call: () => ['POST', '/rewards/initialize', { user_id: a.id }],
    // A's stage is already open: the answer is that stage
    expect: own(200),
  },
  { route: 'GET /rewards/user/{id}', call: () => ['GET', `/rewards/user/${a.id}`], expect: own(200) },
  {
    route: 'GET /rewards/user/business/{id}',
    call: () => ['GET', `/rewards/user/business/${a.id}`],
    expect: own(200),
  },
  {
    route: 'GET /rewards/user/claim/{id}',
    call: () => ['GET', `/rewards/user/claim/${a.id}`],
    // A is not qualified (400); claiming is the member's own act (an admin token is not a member's)
    expect: { anonymous: 401, memberA: 400, memberB: 403, admin: 403 },
  },
  {
    route: 'PUT /rewards/carry-forward/{id}',
    call: () => ['PUT', `/rewards/carry-forward/${a.id}`],
    expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 403 },
  },
  { route: 'GET /users/rewards', call: () => ['GET', '/users/rewards'], expect: adminOnly(200) },
  {
    route: 'POST /users/send/reward',
    call: () => ['POST', '/users/send/reward', { id: bronze, user_id: a.id }],
    // the admin's request waits for a second finance admin (issue 36): nothing is paid yet
    expect: adminOnly(202),
  },
  {
    route: 'GET /users/get/defaulterreward/{id}',
    call: () => ['GET', `/users/get/defaulterreward/${a.id}`],
    expect: own(200),
  },
  { route: 'GET /salary/tiers', call: () => ['GET', '/salary/tiers'], expect: all(200) },
  {
    route: 'POST /salary/tiers',
    call: () => [
      'POST',
      '/salary/tiers',
      { name: 'New', amount: 1, months: 1, required_directs: 50, required_business: 0 },
    ],
    expect: adminOnly(201),
  },
  {
    route: 'PUT /salary/tiers/{id}',
    call: () => ['PUT', `/salary/tiers/${tierId}`, { months: 3 }],
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /salary/tiers/{id}',
    call: () => ['DELETE', `/salary/tiers/${doomedTier}`],
    expect: adminOnly(200),
  },
  { route: 'POST /salary/run', call: () => ['POST', '/salary/run'], expect: adminOnly(200) },
  { route: 'GET /salary/user-salaries', call: () => ['GET', '/salary/user-salaries'], expect: all(200) },
  { route: 'GET /salary/transactions', call: () => ['GET', '/salary/transactions'], expect: all(200) },
  { route: 'GET /salary/today-stats', call: () => ['GET', '/salary/today-stats'], expect: adminOnly(200) },
  {
    route: 'GET /salary/user-history/{id}',
    call: () => ['GET', `/salary/user-history/${a.id}`],
    expect: own(200),
  },
  { route: 'GET /salary/tier-stats', call: () => ['GET', '/salary/tier-stats'], expect: adminOnly(200) },
  {
    route: 'GET /salary/admin-dashboard',
    call: () => ['GET', '/salary/admin-dashboard'],
    expect: adminOnly(200),
  },
  {
    route: 'POST /cto',
    call: () => ['POST', '/cto', { period: '2026-05', amount: 20 }],
    expect: adminOnly(201),
  },
  { route: 'GET /cto/list', call: () => ['GET', '/cto/list'], expect: adminOnly(200) },
  { route: 'GET /cto', call: () => ['GET', '/cto'], expect: all(200) },
  { route: 'GET /cto/byid/{id}', call: () => ['GET', `/cto/byid/${openPool}`], expect: adminOnly(200) },
  { route: 'GET /cto/transaction/{id}', call: () => ['GET', `/cto/transaction/${a.id}`], expect: own(200) },
  { route: 'POST /cto/pay', call: () => ['POST', '/cto/pay', { id: openPool }], expect: adminOnly(200) },
  { route: 'PUT /cto/{id}', call: () => ['PUT', `/cto/${doomedPool}`], expect: adminOnly(200) },
  { route: 'GET /leadership/list', call: () => ['GET', '/leadership/list'], expect: all(200) },
  { route: 'GET /leadership/by/{user_id}', call: () => ['GET', `/leadership/by/${a.id}`], expect: own(200) },
  {
    route: 'DELETE /leadership/{id}',
    call: () => ['DELETE', `/leadership/${leaderEntry}`],
    expect: adminOnly(200),
  },
];

describe('access to every rewards, salary, CTO and leadership route', () => {
  for (const row of matrix) {
    for (const who of CALLERS) {
      it(`${row.route} as ${who} -> ${row.expect[who]}`, async () => {
        const [method, url, body] = row.call();
        const res = await t.call(method, url, { token: token(who), body });
        expect(res.status, res.raw).toBe(row.expect[who]);
        if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
      });
    }
  }

  it('answers 404 with a message for members and records that do not exist', async () => {
    for (const [method, url, body] of [
      ['GET', '/rewards/user/999999'],
      ['GET', '/rewards/user/business/999999'],
      ['GET', '/users/get/defaulterreward/999999'],
      ['POST', '/rewards/initialize', { user_id: 999999 }],
      ['PUT', '/rewards/999999', { days: 3 }],
      ['DELETE', '/rewards/999999'],
      ['GET', '/salary/user-history/999999'],
      ['PUT', '/salary/tiers/999999', { months: 2 }],
      ['GET', '/cto/byid/999999'],
      ['GET', '/cto/transaction/999999'],
      ['PUT', '/cto/999999'],
      ['GET', '/leadership/by/999999'],
      ['DELETE', '/leadership/999999'],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body });
      expect(res.status, url).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('bad ids and queries are a 400', async () => {
    for (const url of [
      '/rewards/user/abc',
      '/users/rewards?page=0',
      '/users/rewards?source=bank',
      '/salary/user-salaries?limit=500',
      '/salary/transactions?tier_id=-1',
      '/cto/byid/0',
    ]) {
      expect((await t.call('GET', url, { token: admin })).status, url).toBe(400);
    }
    // a non-numeric page is what several clients send for "no page" (page=undefined): the default
    expect((await t.call('GET', '/leadership/list?page=x', { token: admin })).status).toBe(200);
    expect(
      (await t.call('GET', `/rewards/user/claim/${a.id}?stage_id=zero`, { token: a.token })).status,
    ).toBe(400);
    await expectReconciled();
  });
});
