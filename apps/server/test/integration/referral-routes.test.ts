import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpTeams } from '../../src/modules/compensation/referral/rollup.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
// root -> a -> a1 -> a2 -> a3, a -> a1b, a -> a1c; root -> b -> b1
let root: Member;
let a: Member;
let a1: Member;
let a1b: Member;
let a1c: Member;
let a2: Member;
let a3: Member;
let b: Member;
let b1: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
  a = await t.register(root.code, { fullname: 'Alma Leader' });
  b = await t.register(root.code, { fullname: 'Boris Other' });
  a1 = await t.register(a.code, { fullname: 'Zelda Quartz' });
  a1b = await t.register(a.code);
  a1c = await t.register(a.code);
  a2 = await t.register(a1.code);
  a3 = await t.register(a2.code);
  b1 = await t.register(b.code);
  const plan = await t.call('POST', '/plans/add', {
    token: admin,
    body: { name: 'Tree', min_amount: 100, max_amount: 10000 },
  });
  for (const [m, amount] of [
    [a1, 700],
    [a2, 300],
    [b1, 900],
  ] as const) {
    const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: m.id, amount } });
    await t.call('PUT', `/deposite/${dep.body.deposite.id}`, { token: admin, body: { status: 'approved' } });
    const buy = await t.call('POST', '/topup/add', {
      token: m.token,
      body: { plan_id: plan.body.plan.id, amount },
    });
    expect(buy.status, buy.raw).toBe(201);
  }
  await rollUpTeams(t.db, { clock: t.clock });
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.call('GET', url, token ? { token } : {});

describe('access to the referral routes', () => {
  const urls = () => [
    `/referral/list/${a.code}`,
    `/referral/full/${a.code}`,
    `/referral/team/${a.id}`,
    `/referral/search/${a.code}?q=ze`,
  ];

  it('needs a sign-in', async () => {
    for (const url of urls()) expect((await get(url)).status, url).toBe(401);
  });

  it('lets a member read their own downline and nobody else’s', async () => {
    for (const url of urls()) expect((await get(url, a.token)).status, url).toBe(200);
    // a member inside their downline, by code and by id
    expect((await get(`/referral/list/${a2.code.toLowerCase()}`, a.token)).status).toBe(200);
    expect((await get(`/referral/team/${a3.id}`, a.token)).status).toBe(200);
    // their sponsor and a member of another leg are not theirs to read
    for (const url of [
      `/referral/list/${root.code}`,
      `/referral/full/${b.code}`,
      `/referral/team/${root.id}`,
      `/referral/team/${b1.id}`,
      `/referral/search/${b.code}?q=tr`,
    ]) {
      const res = await get(url, a.token);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ message: 'You can only view your own team', code: expect.any(String) });
    }
    // member B on member A's team
    for (const url of urls()) expect((await get(url, b.token)).status, url).toBe(403);
  });

  it('lets an admin read any team', async () => {
    for (const url of [...urls(), `/referral/full/${root.code}`, `/referral/team/${b1.id}`])
      expect((await get(url, admin)).status, url).toBe(200);
  });

  it('answers 404 for an unknown code or member and 400 for bad input', async () => {
    expect(await get('/referral/list/NOSUCHCODE', admin)).toMatchObject({
      status: 404,
      body: { message: 'No member has this referral code' },
    });
    expect(await get('/referral/team/999999', admin)).toMatchObject({
      status: 404,
      body: { message: 'Member not found' },
    });
    for (const [url, message] of [
      [`/referral/full/${a.code}?depth=0`, 'depth: Depth is 1 to 5'],
      [`/referral/full/${a.code}?depth=6`, 'depth: Depth is 1 to 5'],
      [`/referral/full/${a.code}?limit=51`, 'limit: Limit is 1 to 50'],
      [`/referral/search/${a.code}?q=z`, 'q: Type at least 2 characters'],
      ['/referral/list/AB-12', 'code: Referral code has letters and digits only'],
    ] as const) {
      const res = await get(url, a.token);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(message);
    }
    expect((await get(`/referral/full/${a.code}?depth=abc`, a.token)).status).toBe(400);
    expect((await get('/referral/team/abc', a.token)).status).toBe(400);
  });
});

describe('GET /referral/list/{code}', () => {
  it('lists the direct members with their plan and team figures', async () => {
    const res = await get(`/referral/list/${a.code}`, a.token);
    expect(res.body).toMatchObject({ total: 3, totalPages: 1, currentPage: 1 });
    expect(res.body.as_of).toEqual(expect.any(String));
    expect(res.body.referralTree.map((m: { id: number }) => m.id)).toEqual([a1.id, a1b.id, a1c.id]);
    expect(res.body.referralTree[0]).toEqual({
      id: a1.id,
      username: expect.any(String),
      fullname: 'Zelda Quartz',
      refferal_code: a1.code,
      is_active: 'active',
      status: 'unblock',
      active_plan: 700,
      investment_plan: 700,
      direct_count: 1,
      active_directs: 1,
      team_count: 2,
      active_team: 1,
      team_business: 300,
      team_investment: 300,
      business: 1000,
      created_at: expect.any(String),
    });
    expect(res.body.referralTree[1]).toMatchObject({ is_active: 'inactive', active_plan: 0, business: 0 });
  });

  it('searches by name, username or code and pages', async () => {
    const byName = await get(`/referral/list/${a.code}?search=zelda`, a.token);
    expect(byName.body.referralTree.map((m: { id: number }) => m.id)).toEqual([a1.id]);
    const byCode = await get(`/referral/list/${a.code}?search=${a1c.code}`, a.token);
    expect(byCode.body.referralTree.map((m: { id: number }) => m.id)).toEqual([a1c.id]);
    const none = await get(`/referral/list/${a.code}?search=nobody`, a.token);
    expect(none.body).toMatchObject({ referralTree: [], total: 0, totalPages: 0 });
    const page2 = await get(`/referral/list/${a.code}?limit=2&page=2`, a.token);
    expect(page2.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    expect(page2.body.referralTree.map((m: { id: number }) => m.id)).toEqual([a1c.id]);
  });
});

describe('GET /referral/full/{code}', () => {
  const ids = (node: { id: number; referrals: unknown[] }): unknown => [
    node.id,
    (node.referrals as Array<{ id: number; referrals: unknown[] }>).map(ids),
  ];

  it('answers the levels asked for, never past the depth, saying when members were left out', async () => {
    const two = await get(`/referral/full/${a.code}?depth=2`, a.token);
    expect(two.status).toBe(200);
    expect(ids(two.body.root)).toEqual([
      a.id,
      [
        [a1.id, [[a2.id, []]]],
        [a1b.id, []],
        [a1c.id, []],
      ],
    ]);
    // a3, three levels down, is not in the answer
    expect(two.body).toMatchObject({ depth: 2, currentPage: 1, totalPages: 1, truncated: true });
    expect(two.body.root).toMatchObject({ level: 0, team_count: 5, active_team: 2, team_business: 1000 });
    // a2 has a direct member the answer did not open: the node says so
    expect(two.body.root.referrals[0].referrals[0]).toMatchObject({
      level: 2,
      direct_count: 1,
      referrals: [],
    });

    const three = await get(`/referral/full/${a.code}?depth=3`, a.token);
    expect(three.body.root.referrals[0].referrals[0].referrals.map((n: { id: number }) => n.id)).toEqual([
      a3.id,
    ]);
    expect(three.body.truncated).toBe(false);
  });

  it('pages the member’s own direct members', async () => {
    const res = await get(`/referral/full/${a.code}?depth=1&limit=2&page=2`, a.token);
    expect(res.body).toMatchObject({ currentPage: 2, totalPages: 2 });
    expect(ids(res.body.root)).toEqual([a.id, [[a1c.id, []]]]);
  });
});

describe('GET /referral/team/{userId}', () => {
  it('serves the rolled-up figures with the legs, biggest first', async () => {
    const res = await get(`/referral/team/${root.id}`, root.token);
    expect(res.body.team).toEqual({
      user_id: root.id,
      direct_count: 2,
      active_directs: 0,
      team_count: 8,
      active_team: 3,
      team_business: 1900,
      legs: [
        { user_id: a.id, username: expect.any(String), business: 1000, team_count: 6 },
        { user_id: b.id, username: expect.any(String), business: 900, team_count: 2 },
      ],
      as_of: expect.any(String),
    });
  });
});

describe('GET /referral/search/{code}', () => {
  it('finds members of the downline by username prefix or code, with the path to them', async () => {
    const username = (await get(`/users/${a3.id}`, admin)).body.singleuser.username as string;
    const res = await get(`/referral/search/${a.code}?q=${username.slice(0, 4)}`, a.token);
    const match = res.body.matches.find((m: { id: number }) => m.id === a3.id);
    expect(match.path.map((p: { id: number }) => p.id)).toEqual([a.id, a1.id, a2.id, a3.id]);
    const byCode = await get(`/referral/search/${a.code}?q=${a2.code}`, a.token);
    expect(byCode.body.matches.map((m: { id: number }) => m.id)).toEqual([a2.id]);
    // a member of another leg is not found from here
    const other = await get(`/referral/search/${a.code}?q=${b1.code}`, a.token);
    expect(other.body.matches).toEqual([]);
  });
});
