/**
 * Issue 36, "no single admin moves a member's money": every back-office path that moves a member's
 * money is walked with one admin of each role, who cannot complete it alone; a second admin of the
 * role, a day on the team, can. Reproductions 2 (support spends a member's fund for an accomplice)
 * and 3 (one finance admin credits an accomplice, then approves 3 x 1,100 alone).
 */
import type { AdminRole } from '@app/contracts/admins';
import { fromMicro } from '@app/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { availableBalance } from '../../src/ledger/repo.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';
import { approve, secondEyes } from './approval-fixtures.js';
import { payoutHash } from './payout-hashes.js';

const BEP20 = `0x${'5a'.repeat(20)}`;

type Member = Awaited<ReturnType<TestApp['register']>>;
let t: TestApp;
let owner: string;
let root: Member;
let planId: number;
let rewardId: number;
const staff = {} as Record<AdminRole, string>;
let second: { id: number; token: string };

async function signIn(login: { email: string; password: string }) {
  const res = await t.call('POST', '/auth/adminsignin', {
    body: { email: login.email, password: login.password },
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status} ${res.raw}`);
  return res.body.admin.token as string;
}

/** The member's wallets, from the ledger (balances less holds). */
async function wallets(m: Member) {
  const of = async (kinds: string[]) => fromMicro(await availableBalance(t.db, m.id, kinds));
  return {
    fund: await of(['fund']),
    earnings: await of(['earnings']),
    plan: await of(['principal', 'compound']),
  };
}

/** A member with `fund` USDT in their fund wallet, deposited and approved by two admins. */
async function funded(fund: number) {
  const m = await t.register(root.code);
  const dep = await t.call('POST', '/deposite/add', { token: owner, body: { user_id: m.id, amount: fund } });
  expect(dep.status, dep.raw).toBe(201);
  const asked = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
    token: owner,
    body: { status: 'approved' },
  });
  if (asked.status === 202) await approve(t, second.token, asked);
  else expect(asked.status, asked.raw).toBe(200);
  return m;
}

beforeAll(async () => {
  t = await createTestApp({ FOUR_EYES_ABOVE_USDT: '2000' });
  owner = await t.adminToken();
  root = await t.register();
  for (const role of ['owner', 'finance', 'support', 'content', 'auditor'] as const) {
    staff[role] = await signIn(await addAdmin(t, `solo-${role}`, [role], 3));
  }
  second = await secondEyes(t);
  planId = (
    await t.call('POST', '/plans/add', {
      token: owner,
      body: { name: 'Growth', min_amount: 100, max_amount: 10000 },
    })
  ).body.plan.id;
  rewardId = (
    await t.call('POST', '/rewards', {
      token: owner,
      body: { title: 'Bronze', reward: 50, business: 100, days: 30, order: 1 },
    })
  ).body.reward.id;
});
afterAll(async () => t?.close());

describe('reproduction 2: staff spending a member fund', () => {
  it("support cannot buy a plan for an accomplice from a victim's fund, nor for the victim alone", async () => {
    const victim = await funded(1950);
    const accomplice = await t.register(root.code);
    const bySupport = await t.call('POST', '/topup/add', {
      token: staff.support,
      body: { userby_id: victim.id, user_id: accomplice.id, plan_id: planId, amount: 500 },
    });
    expect(bySupport.status).toBe(400);
    const forVictim = await t.call('POST', '/topup/add', {
      token: staff.support,
      body: { userby_id: victim.id, plan_id: planId, amount: 500 },
    });
    expect(forVictim.status).toBe(403);
    // finance may only ask, for the victim's own plan, and a second admin decides
    const asked = await t.call('POST', '/topup/add', {
      token: staff.finance,
      body: { userby_id: victim.id, user_id: accomplice.id, plan_id: planId, amount: 500 },
    });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toMatch(/only from that member's own fund wallet/);
    expect(await wallets(victim)).toMatchObject({ fund: 1950, plan: 0 });
    expect((await wallets(accomplice)).plan).toBe(0);

    const own = await t.call('POST', '/topup/add', {
      token: staff.finance,
      body: { userby_id: victim.id, plan_id: planId, amount: 500 },
    });
    expect(own.status, own.raw).toBe(202);
    expect(own.body.approval).toMatchObject({
      kind: 'topup',
      status: 'pending',
      user_id: victim.id,
      amount: 500,
    });
    expect(await wallets(victim)).toMatchObject({ fund: 1950, plan: 0 });
    await approve(t, second.token, own);
    expect(await wallets(victim)).toMatchObject({ fund: 1450, plan: 500 });
  });
});

describe('reproduction 3: one finance admin gets money out alone', () => {
  it('a manual credit of 3,300 waits for a second admin; the one who asked cannot approve it', async () => {
    const accomplice = await t.register(root.code);
    const asked = await t.call('POST', '/withdrawalrequest/debit', {
      token: staff.finance,
      body: {
        user_id: accomplice.id,
        direction: 'credit',
        wallet: 'earnings',
        amount: 3300,
        reason: 'bonus',
      },
    });
    expect(asked.status, asked.raw).toBe(202);
    expect(asked.body.message).toMatch(/^Waiting for a second admin: Credit 3,300.00 USDT to /);
    expect((await wallets(accomplice)).earnings).toBe(0);
    const self = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, {
      token: staff.finance,
    });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You asked for this yourself: another admin must approve it');
    expect((await wallets(accomplice)).earnings).toBe(0);
  });

  it('deposits approved alone count toward one admin and one member a day: 3 x 1,100 needs a second admin', async () => {
    await t.call('PUT', '/settings', {
      token: owner,
      body: { four_eyes_member_daily: 2000, four_eyes_admin_daily: 5000 },
    });
    const m = await t.register(root.code);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const dep = await t.call('POST', '/deposite/add', {
        token: staff.finance,
        body: { user_id: m.id, amount: 1100 },
      });
      answers.push(
        await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
          token: staff.finance,
          body: { status: 'approved' },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([200, 202, 202]);
    expect(answers[1]!.body.approval.summary).toMatch(
      /this member received 1,100.00 USDT through approvals by one admin/,
    );
    expect((await wallets(m)).fund).toBe(1100);
    await approve(t, second.token, answers[1]!);
    expect((await wallets(m)).fund).toBe(2200);
  });

  it('withdrawals approved alone count too: the third of 3 x 1,100 by one admin needs a sign-off by another', async () => {
    await t.call('PUT', '/settings', {
      token: owner,
      body: { four_eyes_member_daily: 2000, four_eyes_admin_daily: 5000 },
    });
    const m = await t.register(root.code);
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
    expect((await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } })).status).toBe(
      200,
    );
    const credit = await t.call('POST', '/withdrawalrequest/debit', {
      token: owner,
      body: { user_id: m.id, direction: 'credit', wallet: 'earnings', amount: 3300, reason: 'item 3' },
    });
    await approve(t, second.token, credit);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await t.call('POST', '/withdrawalrequest/add', {
        token: m.token,
        body: { amount: 1100, password: m.password },
      });
      expect(w.status, w.raw).toBe(201);
      ids.push(w.body.withdrawal.id);
    }
    const pay = (id: number, token: string) =>
      t.call('PUT', `/withdrawalrequest/${id}`, {
        token,
        body: { status: 'approved', tx_hash: payoutHash(`staff-money-${id}`) },
      });
    const first = await pay(ids[0]!, staff.finance);
    expect(first.status, first.raw).toBe(200);
    const secondPay = await pay(ids[1]!, staff.finance);
    expect(secondPay.status, secondPay.raw).toBe(200);
    const third = await pay(ids[2]!, staff.finance);
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(
      /^A second admin is needed: this member received 1,980.00 USDT through approvals by one admin/,
    );
    // another finance admin signs it off; then the first may pay it
    expect(
      (await t.call('POST', `/withdrawalrequest/approval/${ids[2]}`, { token: second.token })).status,
    ).toBe(200);
    expect((await pay(ids[2]!, staff.finance)).status).toBe(200);
  });

  it('two admins approving at once pay once', async () => {
    const m = await t.register(root.code);
    const asked = await t.call('POST', '/withdrawalrequest/debit', {
      token: staff.finance,
      body: { user_id: m.id, direction: 'credit', wallet: 'fund', amount: 700, reason: 'race' },
    });
    const third = await signIn(await addAdmin(t, 'third-eyes', ['finance'], 2));
    const both = await Promise.all(
      [second.token, third].map((token) =>
        t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await wallets(m)).fund).toBe(700);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});

describe('every back-office path that moves member money, one admin of each role alone', () => {
  it('none completes alone; rejected requests move nothing', async () => {
    const m = await funded(1000);
    const before = await wallets(m);
    const paths = [
      [
        'POST',
        '/withdrawalrequest/debit',
        { user_id: m.id, direction: 'credit', wallet: 'earnings', amount: 5, reason: 'walk' },
      ],
      [
        'POST',
        '/withdrawalrequest/debit',
        { user_id: m.id, direction: 'debit', wallet: 'fund', amount: 5, reason: 'walk' },
      ],
      [
        'POST',
        '/tr/create',
        { user_id: m.id, direction: 'credit', wallet: 'fund', amount: 5, reason: 'walk' },
      ],
      ['POST', '/topup/add', { userby_id: m.id, plan_id: planId, amount: 100 }],
      ['POST', '/topup/addretopup', { userby_id: m.id, plan_id: planId, amount: 100 }],
      ['POST', '/topup/entry', { userby_id: m.id, id: m.id }],
      ['POST', '/users/send/reward', { id: rewardId, user_id: m.id }],
      ['POST', '/codes', { count: 1, value: 10 }],
    ] as const;
    for (const [role, token] of Object.entries(staff)) {
      for (const [method, url, body] of paths) {
        const res = await t.call(method, url, { token, body });
        expect([202, 400, 403], `${role} ${url}: ${res.raw}`).toContain(res.status);
        if (res.status === 202) {
          expect(['owner', 'finance'], `${role} may ask ${url}`).toContain(role);
          const rejected = await t.call('POST', `/approvals/${res.body.approval.id}/reject`, {
            token: second.token,
            body: { reason: 'walk: not approved' },
          });
          expect(rejected.status, rejected.raw).toBe(200);
        }
      }
    }
    expect(await wallets(m)).toEqual(before);
    const codes = await t.db.query('SELECT count(*)::int AS n FROM codes');
    expect(codes.rows[0].n).toBe(0);
  });

  it('the second admin sees what was asked, by whom; auditors read but decide nothing', async () => {
    const m = await t.register(root.code);
    const asked = await t.call('POST', '/withdrawalrequest/debit', {
      token: staff.finance,
      body: { user_id: m.id, direction: 'credit', wallet: 'earnings', amount: 12.5, reason: 'goodwill' },
    });
    const list = await t.call('GET', '/approvals', { token: staff.auditor });
    expect(list.status).toBe(200);
    expect(list.body.approvals[0]).toMatchObject({
      id: asked.body.approval.id,
      kind: 'adjustment',
      amount: 12.5,
      requested_by: { name: 'Admin solo-finance' },
      status: 'pending',
    });
    const byAuditor = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, {
      token: staff.auditor,
    });
    expect(byAuditor.status).toBe(403);
    const bySupport = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, {
      token: staff.support,
    });
    expect(bySupport.status).toBe(403);
    const ok = await approve(t, second.token, asked);
    expect(ok.body.approval).toMatchObject({ status: 'approved', decided_by: { id: second.id } });
    expect((await wallets(m)).earnings).toBe(12.5);
    const audit = await t.call('GET', `/audit?target_type=approval&target_id=${asked.body.approval.id}`, {
      token: owner,
    });
    expect(audit.body.entries.map((l: { action: string }) => l.action).sort()).toEqual([
      'approval.approved',
      'approval.requested',
    ]);
  });
});

describe('staff and who controls a member account', () => {
  it("support's change of a member's e-mail waits for a second admin; the rest of the edit is saved", async () => {
    const m = await t.register(root.code);
    const asked = await t.call('PUT', `/users/${m.id}`, {
      token: staff.support,
      body: { email: 'taken-over@test.local', fullname: 'Renamed Member' },
    });
    expect(asked.status, asked.raw).toBe(202);
    expect(asked.body.approval).toMatchObject({ kind: 'member_account', user_id: m.id, status: 'pending' });
    expect(asked.body.approval.summary).toContain(`e-mail ${m.email} → taken-over@test.local`);
    const row = async () =>
      (await t.db.query('SELECT email, fullname, controls_hold_until FROM users WHERE id = $1', [m.id]))
        .rows[0];
    expect(await row()).toMatchObject({
      email: m.email,
      fullname: 'Renamed Member',
      controls_hold_until: null,
    });
    // finance may not decide a support request; a second admin of support may
    const byFinance = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, {
      token: staff.finance,
    });
    expect(byFinance.status).toBe(403);
    await approve(t, second.token, asked);
    const after = await row();
    expect(after.email).toBe('taken-over@test.local');
    expect(after.controls_hold_until).not.toBeNull();
  });

  it("staff may not set a member's password or payout address at all", async () => {
    const m = await t.register(root.code);
    for (const body of [
      { password: 'NewPassword123' },
      { bep20: `0x${'a'.repeat(40)}` },
      { trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    ]) {
      const res = await t.call('PUT', `/users/${m.id}`, { token: staff.support, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    const approvals = await t.call('GET', '/approvals?status=all&limit=100', { token: owner });
    expect(approvals.body.approvals.some((a: { user_id: number }) => a.user_id === m.id)).toBe(false);
  });
});

// last: it moves the clock a day on, which ends every session of the file
describe('separation of duties at admin level', () => {
  it('an admin of less than a day cannot be the second pair of eyes (an owner inviting a puppet)', async () => {
    const m = await t.register(root.code);
    const asked = await t.call('POST', '/withdrawalrequest/debit', {
      token: owner,
      body: { user_id: m.id, direction: 'credit', wallet: 'earnings', amount: 10, reason: 'test' },
    });
    const puppetLogin = await addAdmin(t, 'puppet', ['finance']);
    const puppet = await signIn(puppetLogin);
    const res = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: puppet });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Your admin account is less than 24 hours old/);
    expect((await wallets(m)).earnings).toBe(0);
    // a day later (sessions ended meanwhile: signed in again) the same admin may
    t.clock.advance(25 * 3600_000);
    const later = await signIn(puppetLogin);
    expect(
      (await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: later })).status,
    ).toBe(200);
    expect((await wallets(m)).earnings).toBe(10);
  });
});
