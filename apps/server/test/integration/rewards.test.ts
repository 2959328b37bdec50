import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  advance,
  buy,
  count,
  DAY,
  earnings,
  expectReconciled,
  incomes,
  type Member,
  member,
  root,
  second,
  setSettings,
  setupCompensation,
  t,
} from './compensation-fixtures.js';

let bronze: number;
let silver: number;
let gold: number;

async function plan(body: Record<string, unknown>) {
  const res = await t.call('POST', '/rewards', { token: admin, body });
  expect(res.status, res.raw).toBe(201);
  return res.body.reward.id as number;
}

beforeAll(async () => {
  await setupCompensation();
  bronze = await plan({ title: 'Bronze', business: 1000, reward: 100, days: 30, order: 1 });
  silver = await plan({ title: 'Silver', business: 3000, reward: 300, days: 30, order: 2 });
  gold = await plan({ title: 'Gold', business: 10000, reward: 1000, days: 60, order: 3 });
});
afterAll(async () => t.close());

const start = async (m: Member) => {
  const res = await t.call('POST', '/rewards/initialize', { token: m.token, body: { user_id: m.id } });
  expect(res.status, res.raw).toBe(201);
  return res.body.stage as { id: number; title: string };
};
const business = async (m: Member) =>
  (await t.call('GET', `/rewards/user/business/${m.id}`, { token: m.token })).body.business;
const claim = (m: Member, stageId?: number) =>
  t.call('GET', `/rewards/user/claim/${m.id}${stageId ? `?stage_id=${stageId}` : ''}`, { token: m.token });
const carry = (m: Member, stageId?: number) =>
  t.call('PUT', `/rewards/carry-forward/${m.id}`, {
    token: m.token,
    ...(stageId ? { body: { stage_id: stageId } } : {}),
  });
const later = () => t.clock.advance(1000);
/**
 * A reward sent by hand: the admin asks (202, nothing paid) and a second finance admin approves,
 * which sends it (issue 36). Answers the approval: 200, or why the send was refused.
 */
const sendByTwo = async (body: Record<string, unknown>) => {
  const asked = await t.call('POST', '/users/send/reward', { token: admin, body });
  expect(asked.status, asked.raw).toBe(202);
  expect(asked.body.approval).toMatchObject({ kind: 'reward', status: 'pending', user_id: body.user_id });
  return t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: second.token });
};

describe('team business and the leg cap', () => {
  it('counts downline purchases inside the window per leg, no leg above 50 % of the threshold', async () => {
    const leader = await member(root, 100); // limit 700
    const c = await member(leader, 5000); // before the window: never counts
    later();
    const stage = await start(leader);
    expect(stage.title).toBe('Bronze');
    later();
    const a = await member(leader);
    await member(a, 800); // leg a: 800, counts 500
    const b = await member(leader, 300); // leg b: 300
    const figures = await business(leader);
    expect(figures).toMatchObject({
      threshold: 1000,
      leg_cap_percent: 50,
      leg_cap: 500,
      total: 1100,
      counted: 800,
    });
    expect(figures.qualified).toBe(false);
    expect(figures.legs).toEqual([
      expect.objectContaining({ user_id: a.id, business: 800, counted: 500, capped: true, carried: 0 }),
      expect.objectContaining({ user_id: b.id, business: 300, counted: 300, capped: false }),
    ]);
    expect(figures.legs.map((l: { user_id: number }) => l.user_id)).not.toContain(c.id);

    // not qualified: 400, nothing paid, the stage stays open
    const before = await earnings(leader);
    const refused = await claim(leader);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Not qualified yet: 800.00 USDT of 1,000.00 USDT counted.');
    expect(await earnings(leader)).toBe(before);
    expect(await count('reward_payouts', 'user_id = $1', [leader.id])).toBe(0);

    await member(b, 200); // leg b: 500 -> counted 1,000
    later();
    const ok = await claim(leader);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.message).toBe('Reward Claimed successfull!');
    expect(ok.body.payout).toMatchObject({
      title: 'Bronze',
      source: 'claim',
      amount: 100,
      paid: 100,
      cut: 0,
      business: 1000,
    });
    expect(ok.body.next).toMatchObject({ title: 'Silver', status: 'open', threshold: 3000 });
    expect(await earnings(leader)).toBe(before + 100);
    expect(await incomes(leader.id, 'reward')).toEqual([
      expect.objectContaining({
        amount: 100_000_000n,
        paid: 100_000_000n,
        ref_type: 'reward_stage',
        ref_id: String(stage.id),
      }),
    ]);
    // the next stage counts from the claim on: the business already used is not counted again
    later();
    expect(await business(leader)).toMatchObject({ total: 0, counted: 0, legs: [] });
    const view = (await t.call('GET', `/rewards/user/${leader.id}`, { token: leader.token })).body;
    expect(view.stages.map((s: { title: string; status: string }) => `${s.title}:${s.status}`)).toEqual([
      'Silver:open',
      'Bronze:claimed',
    ]);
    expect(view.stages[1]).toMatchObject({ paid: 100, achieved: true, closed_business: 1000 });
    expect(view.upcoming.map((p: { title: string }) => p.title)).toEqual(['Gold']);
    expect(view.can_start).toBe(false);
  });

  it('applies the leg cap setting as it stands at the moment of the check', async () => {
    const leader = await member(root, 100);
    await start(leader);
    later();
    await member(leader, 1000); // one leg of 1,000
    expect(await business(leader)).toMatchObject({ counted: 500, qualified: false });
    await setSettings({ reward_leg_cap_percent: 100 });
    expect(await business(leader)).toMatchObject({ leg_cap: 1000, counted: 1000, qualified: true });
    await setSettings({ reward_leg_cap_percent: 50 });
    expect((await claim(leader)).status).toBe(400);
  });

  it('a reversed purchase in the window takes its business back', async () => {
    const leader = await member(root, 100);
    await start(leader);
    later();
    const a = await member(leader); // holds no plan: a1's purchase pays no direct income, so it can be reversed
    const a1 = await member(a);
    const topupId = await buy(a1, 400);
    expect(await business(leader)).toMatchObject({ total: 400 });
    const reversed = await t.call('DELETE', `/topup/${topupId}`, { token: admin });
    expect(reversed.status, reversed.raw).toBe(200);
    expect(await business(leader)).toMatchObject({ total: 0, legs: [] });
  });
});

describe('windows, the reward notice and carry forward', () => {
  it('a window ending short is reported; carry forward keeps the business per leg for the next stage', async () => {
    const leader = await member(root, 100);
    const stage = await start(leader);
    later();
    const x = await member(leader, 600); // counts 500 of 1,000
    await advance(31 * DAY, leader);
    const y = await member(leader, 400); // after the window: counts nowhere
    const notice = (await t.call('GET', `/users/get/defaulterreward/${leader.id}`, { token: leader.token }))
      .body.userrewardnotification;
    expect(notice.pending).toBe(true);
    expect(notice.message).toContain('Carry forward to keep this business for Silver');
    expect(notice.stages).toEqual([
      expect.objectContaining({
        stage_id: stage.id,
        status: 'window_ended',
        business: 500,
        shortfall: 500,
        threshold: 1000,
      }),
    ]);
    const late = await claim(leader);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('The window has ended');

    const moved = await carry(leader, stage.id);
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.message).toBe('Carry forword successfull');
    expect(moved.body.closed).toMatchObject({ status: 'carried', achieved: false, closed_business: 500 });
    expect(moved.body.next).toMatchObject({ title: 'Silver', status: 'open' });
    later();
    await member(y, 2000); // leg y: 2,000 in the new window, capped at 1,500
    const figures = await business(leader);
    expect(figures.legs).toEqual([
      expect.objectContaining({ user_id: y.id, business: 2000, carried: 0, counted: 1500, capped: true }),
      expect.objectContaining({ user_id: x.id, business: 600, carried: 600, counted: 600 }),
    ]);
    expect(figures).toMatchObject({ counted: 2100, qualified: false });
    const after = (await t.call('GET', `/users/get/defaulterreward/${leader.id}`, { token: leader.token }))
      .body.userrewardnotification;
    expect(after).toMatchObject({ pending: false, message: null });
    expect(after.stages).toEqual([expect.objectContaining({ stage_id: stage.id, status: 'carried' })]);
  });

  it('an achieved stage may be carried forward: its reward is given up, its business kept', async () => {
    const leader = await member(root, 100);
    const stage = await start(leader);
    later();
    const a = await member(leader, 600);
    const b = await member(leader, 600);
    expect(await business(leader)).toMatchObject({ qualified: true });
    const moved = await carry(leader);
    expect(moved.body.closed).toMatchObject({ id: stage.id, achieved: true, paid: null });
    later();
    expect(
      (await business(leader)).legs.map((l: { user_id: number; carried: number }) => [l.user_id, l.carried]),
    ).toEqual([
      [a.id, 600],
      [b.id, 600],
    ]);
    expect(await count('reward_payouts', 'user_id = $1', [leader.id])).toBe(0);
  });

  it('the last stage cannot be carried forward; with no stage ahead, initialize says so', async () => {
    const leader = await member(root, 100);
    await start(leader);
    expect((await carry(leader)).status).toBe(200); // to Silver
    expect((await carry(leader)).status).toBe(200); // to Gold
    const last = await carry(leader);
    expect(last.status).toBe(409);
    expect(last.body.message).toContain('last reward stage');
    const view = (await t.call('GET', `/rewards/user/${leader.id}`, { token: leader.token })).body;
    expect(view.current.stage.title).toBe('Gold');
    const again = await t.call('POST', '/rewards/initialize', {
      token: leader.token,
      body: { user_id: leader.id },
    });
    expect(again.status).toBe(200);
    expect(again.body.stage.title).toBe('Gold');
  });
});

describe('who may claim, and a reward sent by hand', () => {
  it('refuses a member without a plan and a blocked member; nothing changes', async () => {
    const noPlan = await member(root);
    await start(noPlan);
    later();
    await member(noPlan, 600);
    await member(noPlan, 600);
    const res = await claim(noPlan);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Buy a plan');
    const blocked = await member(root, 100);
    await start(blocked);
    later();
    await member(blocked, 600);
    await member(blocked, 600);
    const edit = await t.call('PUT', `/users/${blocked.id}`, { token: admin, body: { status: 'block' } });
    expect(edit.status, edit.raw).toBe(200);
    expect((await claim(blocked)).status).toBe(401); // blocking ends the member's sessions
    const send = await sendByTwo({ id: bronze, user_id: blocked.id });
    expect(send.status).toBe(400);
    expect(send.body.message).toContain('blocked');
    expect(await count('reward_payouts', 'user_id = ANY($1)', [[noPlan.id, blocked.id]])).toBe(0);
    expect(await count('reward_stages', `user_id = $1 AND status = 'open'`, [noPlan.id])).toBe(1);
  });

  it('an admin sends a reward once per member and plan, closing that open stage; audited', async () => {
    const m = await member(root, 150); // limit 1,050
    await start(m);
    const before = await earnings(m);
    const asked = await t.call('POST', '/users/send/reward', {
      token: admin,
      body: { id: bronze, user_id: m.id, note: 'Missed by the old system' },
    });
    expect(asked.status, asked.raw).toBe(202);
    expect(await earnings(m)).toBe(before); // nothing is paid on one admin's word
    const sent = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, {
      token: second.token,
    });
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.approval).toMatchObject({ status: 'approved', decided_by: { id: second.id } });
    const paid = await t.call('GET', `/users/rewards?source=admin&user_id=${m.id}`, { token: admin });
    expect(paid.body.allrewards).toEqual([
      expect.objectContaining({
        source: 'admin',
        title: 'Bronze',
        paid: 100,
        note: 'Missed by the old system',
      }),
    ]);
    expect(await earnings(m)).toBe(before + 100);
    const view = (await t.call('GET', `/rewards/user/${m.id}`, { token: m.token })).body;
    expect(view.stages.map((s: { title: string; status: string }) => `${s.title}:${s.status}`)).toEqual([
      'Silver:open',
      'Bronze:awarded',
    ]);
    const twice = await sendByTwo({ id: bronze, user_id: m.id });
    expect(twice.status).toBe(409);
    // a plan sent ahead of time is skipped when the member gets there; the earning limit cuts it
    const ahead = await sendByTwo({ id: gold, user_id: m.id });
    expect(ahead.status).toBe(200);
    expect(ahead.body.message).toContain('50.00 USDT over the earning limit was not paid');
    const gone = await t.call('GET', `/users/rewards?source=admin&user_id=${m.id}`, { token: admin });
    expect(gone.body.allrewards.find((r: { title: string }) => r.title === 'Gold')).toMatchObject({
      amount: 1000,
      paid: 950,
      cut: 50,
    });
    expect((await carry(m)).status).toBe(409); // Silver is now the last stage ahead of nothing
    expect(await earnings(m)).toBe(before + 1050);
    const audit = await count('audit_log', `action = 'reward.send' AND target_id = $1`, [String(m.id)]);
    expect(audit).toBe(2);

    const list = await t.call('GET', `/users/rewards?source=admin&user_id=${m.id}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, totalPages: 1, currentPage: 1, total_paid: 1050 });
    expect(
      (await t.call('GET', `/users/rewards?source=claim&user_id=${m.id}`, { token: admin })).body.total,
    ).toBe(0);
  });

  it('refuses bad sends with a clear 400 or 404 and pays nothing', async () => {
    const noPlan = await member(root);
    const payouts = await count('reward_payouts');
    // refused when asked (no request made) ...
    const asking: Array<[unknown, number]> = [
      [{ id: bronze }, 400],
      [{ id: 'x', user_id: noPlan.id }, 400],
      [{ id: bronze, user_id: noPlan.id, extra: 1 }, 400],
      [{ id: bronze, user_id: 999999 }, 404],
    ];
    for (const [body, status] of asking) {
      const res = await t.call('POST', '/users/send/reward', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    // ... or when the second admin approves (the request stays pending: nothing ran)
    const approving: Array<[Record<string, unknown>, number]> = [
      [{ id: bronze, user_id: noPlan.id }, 400], // no plan: nothing could be paid
      [{ id: 999999, user_id: noPlan.id }, 404],
    ];
    for (const [body, status] of approving) {
      const res = await sendByTwo(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await count('reward_payouts')).toBe(payouts);
  });
});

describe('reward plans', () => {
  it('validates input (400, nothing created) and keeps orders unique (409)', async () => {
    const plans = await count('reward_plans');
    for (const body of [
      { title: '', business: 100, reward: 10, days: 5, order: 50 },
      { title: 'X', business: 0, reward: 10, days: 5, order: 50 },
      { title: 'X', business: 100, reward: -1, days: 5, order: 50 },
      { title: 'X', business: 100, reward: 10, days: 0, order: 50 },
      { title: 'X', business: 100, reward: 10, days: 5, order: 1.5 },
      { title: 'X', business: 100.1234567, reward: 10, days: 5, order: 50 },
      { title: 'X', business: 100, reward: 10, days: 5 },
    ]) {
      const res = await t.call('POST', '/rewards', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const dup = await t.call('POST', '/rewards', {
      token: admin,
      body: { title: 'Copy', business: 100, reward: 10, days: 5, order: 1 },
    });
    expect(dup.status).toBe(409);
    expect(await count('reward_plans')).toBe(plans);
    expect((await t.call('PUT', `/rewards/${silver}`, { token: admin, body: { days: -3 } })).status).toBe(
      400,
    );
    expect((await t.call('PUT', '/rewards/999999', { token: admin, body: { days: 3 } })).status).toBe(404);
  });

  it('an edit applies to stages opened after it; a deleted plan opens no stage, open ones run on', async () => {
    const m = await member(root, 100);
    const stage = await start(m);
    const edit = await t.call('PUT', `/rewards/${bronze}`, { token: admin, body: { reward: 150 } });
    expect(edit.status, edit.raw).toBe(200);
    expect(edit.body.reward.reward).toBe(150);
    const temp = await plan({ title: 'Temporary', business: 10, reward: 1, days: 1, order: 10 });
    expect((await t.call('DELETE', `/rewards/${temp}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/rewards/${temp}`, { token: admin })).status).toBe(404);
    const listed = (await t.call('GET', '/rewards', { token: m.token })).body.allrewardplans;
    expect(listed.map((p: { title: string }) => p.title)).toEqual(['Bronze', 'Silver', 'Gold']);
    const view = (await t.call('GET', `/rewards/user/${m.id}`, { token: m.token })).body;
    expect(view.current.stage).toMatchObject({ id: stage.id, reward: 100 });
    expect(await count('audit_log', `action LIKE 'reward_plan.%'`)).toBeGreaterThanOrEqual(5);
    await t.call('PUT', `/rewards/${bronze}`, { token: admin, body: { reward: 100 } });
  });
});

it('the ledger reconciles after all of it', async () => {
  await expectReconciled();
});
