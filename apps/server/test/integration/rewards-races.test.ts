import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  count,
  earnings,
  expectReconciled,
  incomes,
  type Member,
  member,
  root,
  second,
  setupCompensation,
  t,
} from './compensation-fixtures.js';

let bronze: number;

beforeAll(async () => {
  await setupCompensation();
  for (const [title, business, reward, order] of [
    ['Bronze', 1000, 100, 1],
    ['Silver', 3000, 300, 2],
    ['Gold', 10000, 1000, 3],
  ] as const) {
    const res = await t.call('POST', '/rewards', {
      token: admin,
      body: { title, business, reward, days: 30, order },
    });
    expect(res.status, res.raw).toBe(201);
    if (order === 1) bronze = res.body.reward.id;
  }
});
afterAll(async () => t.close());

/** A member with a plan whose Bronze stage is open and qualified (two legs of 500). */
async function qualifiedLeader() {
  const leader = await member(root, 100);
  const started = await t.call('POST', '/rewards/initialize', {
    token: leader.token,
    body: { user_id: leader.id },
  });
  expect(started.status, started.raw).toBe(201);
  t.clock.advance(1000);
  await member(leader, 500);
  await member(leader, 500);
  t.clock.advance(1000);
  return { leader, stageId: started.body.stage.id as number };
}

const claim = (m: Member, stageId?: number) =>
  t.call('GET', `/rewards/user/claim/${m.id}${stageId ? `?stage_id=${stageId}` : ''}`, { token: m.token });
const carry = (m: Member, stageId: number) =>
  t.call('PUT', `/rewards/carry-forward/${m.id}`, { token: m.token, body: { stage_id: stageId } });
const stagesOf = async (m: Member) =>
  (
    await t.db.query<{ title: string; status: string }>(
      'SELECT title, status FROM reward_stages WHERE user_id = $1 ORDER BY id',
      [m.id],
    )
  ).rows.map((r) => `${r.title}:${r.status}`);
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

describe('racing claims and carry-forwards', () => {
  it('twenty claims at once pay once; the others find the next stage not qualified', async () => {
    const { leader } = await qualifiedLeader();
    const before = await earnings(leader);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(leader)));
    expect(tally(results.map((r) => r.status))).toEqual({ 200: 1, 400: 19 });
    expect(await earnings(leader)).toBe(before + 100);
    expect(await incomes(leader.id, 'reward')).toHaveLength(1);
    expect(await count('reward_payouts', 'user_id = $1', [leader.id])).toBe(1);
    expect(await stagesOf(leader)).toEqual(['Bronze:claimed', 'Silver:open']);
  });

  it('a claim pinned to its stage is idempotent: repeats answer with the same payout', async () => {
    const { leader, stageId } = await qualifiedLeader();
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(leader, stageId)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.payout.id)).size).toBe(1);
    expect(results.every((r) => r.body.message === 'Reward Claimed successfull!')).toBe(true);
    expect(await incomes(leader.id, 'reward')).toHaveLength(1);
    expect(await stagesOf(leader)).toEqual(['Bronze:claimed', 'Silver:open']);
  });

  it('a claim and a carry-forward of the same stage at once: one wins, paid at most once, moved once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { leader, stageId } = await qualifiedLeader();
      const before = await earnings(leader);
      const [claimed, carried] = await Promise.all([claim(leader, stageId), carry(leader, stageId)]);
      expect([claimed.status, carried.status].sort()).toEqual([200, 409]);
      const stages = await stagesOf(leader);
      expect(stages).toHaveLength(2);
      expect(stages[1]).toBe('Silver:open');
      const paid = claimed.status === 200;
      expect(stages[0]).toBe(paid ? 'Bronze:claimed' : 'Bronze:carried');
      expect(await earnings(leader)).toBe(before + (paid ? 100 : 0));
      expect(await count('reward_payouts', 'user_id = $1', [leader.id])).toBe(paid ? 1 : 0);
    }
  });

  it('ten carry-forwards of the same stage move the member once', async () => {
    const { leader, stageId } = await qualifiedLeader();
    const results = await Promise.all(Array.from({ length: 10 }, () => carry(leader, stageId)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.every((r) => r.body.message === 'Carry forword successfull')).toBe(true);
    expect(await stagesOf(leader)).toEqual(['Bronze:carried', 'Silver:open']);
  });

  it('an admin award racing the member’s claim pays the stage once', async () => {
    const { leader } = await qualifiedLeader();
    const before = await earnings(leader);
    // one admin asks (nothing is paid); the second admin's approval, which sends it, races the claim
    const asked = await t.call('POST', '/users/send/reward', {
      token: admin,
      body: { id: bronze, user_id: leader.id },
    });
    expect(asked.status, asked.raw).toBe(202);
    const [claimed, sent] = await Promise.all([
      claim(leader),
      t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: second.token }),
    ]);
    expect([claimed.status, sent.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await earnings(leader)).toBe(before + 100);
    expect(await count('reward_payouts', 'user_id = $1 AND plan_id = $2', [leader.id, bronze])).toBe(1);
    expect((await stagesOf(leader)).at(-1)).toBe('Silver:open');
  });

  it('the ledger reconciles after the races', async () => {
    await expectReconciled();
  });
});
