/**
 * GET /referral/full/{code} (issue 29.2): by default the member and their whole downline, at most
 * TREE_MAX_NODES members an answer with a cursor to the next; `truncated` whenever a member of the
 * downline is not in the answer. Summing every page the spec's way (section 9, Team totals: the
 * whole tree, active_plan and investment_plan of active members only) gives the team's figures.
 */
import { TREE_MAX_NODES, type TreeNode } from '@app/contracts/referral';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/db/pool.js';
import { rollUpTeams } from '../../src/modules/compensation/referral/rollup.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { depositByHand, secondEyes } from './approval-fixtures.js';
import { insertMember, referenceFigures } from './referral-fixtures.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
const team = new Map<string, Member>();

// the demo's tree (modules/identity/admins/demo-seed.ts), built through the API: 12 members below riya, 4 levels
const TREE: Array<[string, string | null, number]> = [
  ['riya', null, 0],
  ['omar', 'riya', 1000],
  ['lena', 'riya', 500],
  ['kwame', 'riya', 0],
  ['sofia', 'omar', 2000],
  ['daniel', 'omar', 0],
  ['ana', 'lena', 150],
  ['ivan', 'lena', 0],
  ['mei', 'sofia', 1000],
  ['tom', 'sofia', 0],
  ['aisha', 'ana', 0],
  ['lucas', 'mei', 300],
  ['nora', 'mei', 0],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const plan = await t.call('POST', '/plans/add', {
    token: admin,
    body: { name: 'Tree', min_amount: 100, max_amount: 10000 },
  });
  // deposits past what one admin may approve alone are approved by a second admin (issue 36)
  const byTwo = { ask: admin, approve: (await secondEyes(t)).token };
  for (const [name, sponsor, amount] of TREE) {
    const m = await t.register(sponsor ? team.get(sponsor)!.code : undefined, { fullname: name });
    team.set(name, m);
    if (!amount) continue;
    await depositByHand(t, byTwo, m.id, amount);
    const buy = await t.call('POST', '/topup/add', {
      token: m.token,
      body: { plan_id: plan.body.plan.id, amount },
    });
    expect(buy.status, buy.raw).toBe(201);
  }
  await rollUpTeams(t.db, { clock: t.clock });
});
afterAll(async () => t?.close());

const get = (url: string, token = admin) => t.call('GET', url, { token });

/** Every node below the answer's member, in the order sent. */
function below(root: TreeNode): TreeNode[] {
  return root.referrals.flatMap((n) => [n, ...below(n)]);
}

/** Team totals as spec section 9 sums them: active members only, across the tree. */
function specTotals(nodes: TreeNode[]) {
  const active = nodes.filter((n) => n.is_active === 'active');
  return {
    members: nodes.length,
    business: active.reduce((sum, n) => sum + n.active_plan, 0),
    investment: active.reduce((sum, n) => sum + n.investment_plan, 0),
  };
}

describe('GET /referral/full/{code} by default', () => {
  it('sends the whole downline, nested, so the spec’s sum gives the team’s figures', async () => {
    const riya = team.get('riya')!;
    const res = await get(`/referral/full/${riya.code}`, riya.token);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ truncated: false, next_cursor: null, currentPage: 1, totalPages: 1 });
    expect(res.body.depth).toBe(4);
    const nodes = below(res.body.root);
    expect(nodes.map((n) => n.id).sort((a, b) => a - b)).toEqual(
      TREE.slice(1)
        .map(([name]) => team.get(name)!.id)
        .sort((a, b) => a - b),
    );
    // lucas is where the demo has him: riya > omar > sofia > mei > lucas
    const path = ['omar', 'sofia', 'mei', 'lucas'].map((name) => team.get(name)!.id);
    let node: TreeNode = res.body.root;
    for (const id of path) node = node.referrals.find((n) => n.id === id)!;
    expect(node).toMatchObject({ level: 4, active_plan: 300 });

    const summary = (await get(`/referral/team/${riya.id}`, riya.token)).body.team;
    const reference = (await referenceFigures(t.db)).get(riya.id)!;
    expect(specTotals(nodes)).toEqual({
      members: summary.team_count,
      business: summary.team_business,
      investment: Number(BigInt(reference.team_invested) / 1_000_000n),
    });
    expect(specTotals(nodes).business).toBe(4950);
  });

  it('says truncated whenever the levels view leaves a member out', async () => {
    const riya = team.get('riya')!;
    for (const [query, truncated] of [
      ['depth=2', true],
      ['depth=3', true],
      ['depth=4', false],
      ['depth=5', false],
      ['depth=5&limit=2', true],
      ['page=1', true],
      ['depth=1', true],
    ] as const) {
      const res = await get(`/referral/full/${riya.code}?${query}`, riya.token);
      expect(res.status, query).toBe(200);
      expect(res.body.truncated, query).toBe(truncated);
    }
    // a member whose whole team fits the levels asked for
    const sofia = team.get('sofia')!;
    const small = await get(`/referral/full/${sofia.code}?depth=2`, sofia.token);
    expect(small.body).toMatchObject({ truncated: false });
    expect(below(small.body.root)).toHaveLength(4);
  });
});

describe('GET /referral/full/{code} of a team bigger than one answer', () => {
  it('pages the whole downline by cursor, each member once, never more than a page an answer', async () => {
    const kwame = team.get('kwame')!;
    const kwameRef = { id: kwame.id, code: kwame.code, path: '' };
    const { rows } = await t.db.query<{ path: string }>(
      'SELECT path::text AS path FROM users WHERE id = $1',
      [kwame.id],
    );
    kwameRef.path = rows[0]!.path;
    // a long leg and a wide level: TREE_MAX_NODES + 25 members below kwame
    const added = await withTx(t.db, async (tx) => {
      const ids: number[] = [];
      let leg = kwameRef;
      for (let i = 0; i < TREE_MAX_NODES + 25; i++) {
        const m = await insertMember(tx, i % 40 === 0 ? leg : kwameRef, t.clock.now());
        if (i % 40 === 0) leg = m;
        ids.push(m.id);
      }
      return ids;
    });
    await rollUpTeams(t.db, { clock: t.clock });

    const first = await get(`/referral/full/${kwame.code}`, kwame.token);
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toMatchObject({ truncated: true, currentPage: 1, totalPages: 2 });
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const page1 = below(first.body.root);
    expect(page1).toHaveLength(TREE_MAX_NODES);

    const second = await get(`/referral/full/${kwame.code}?cursor=${first.body.next_cursor}`, kwame.token);
    expect(second.status, second.raw).toBe(200);
    // the last page: page 1's members are not in it (truncated), and there is no next one
    expect(second.body).toMatchObject({ truncated: true, next_cursor: null, currentPage: 2, totalPages: 2 });
    const page2 = below(second.body.root);
    expect(page2).toHaveLength(25);
    // every member once across the pages
    const ids = [...page1, ...page2].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort((a, b) => a - b)).toEqual(added.sort((a, b) => a - b));
    // nested under their sponsor when it is in the answer; under the member otherwise, naming the sponsor
    const sent = new Set([kwame.id, ...page1.map((n) => n.id)]);
    for (const answer of [first.body.root, second.body.root] as TreeNode[]) {
      for (const child of answer.referrals) expect(sent.has(child.sponsor_id!)).toBe(true);
      for (const parent of below(answer))
        for (const child of parent.referrals) expect(child.sponsor_id).toBe(parent.id);
    }
  });

  it('refuses a cursor that is not one, or one mixed with the levels view', async () => {
    const kwame = team.get('kwame')!;
    for (const query of [
      'cursor=abc',
      'cursor=2.0x10',
      'cursor=0.5',
      'cursor=2.5&depth=2',
      'cursor=2.5&page=2',
    ]) {
      const res = await get(`/referral/full/${kwame.code}?${query}`, kwame.token);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/cursor/i);
    }
  });
});
