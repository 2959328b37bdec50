import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { seedDemoActivity } from '../../src/modules/identity/admins/demo-activity.js';
import { seedDemoContent } from '../../src/modules/identity/admins/demo-content.js';
import { seedDemoMoney } from '../../src/modules/identity/admins/demo-money.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/modules/identity/admins/demo-seed.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('creates a tree with money that reconciles, once', async () => {
    const first = await seedDemo(t.db, t.clock);
    expect(first.created).toBe(13);
    await seedDemoMoney(t.db, t.clock);
    await seedDemoContent(t.db, t.clock);
    await seedDemoActivity(t.db, t.clock, { publicUrl: 'http://localhost:3000', log: t.app.log });
    expect((await seedDemo(t.db, t.clock)).created).toBe(0);

    // team figures come from the roll-up job (every 2 s on a running server)
    await t.jobs.run('tree-rollup');
    const signin = await t.call('POST', '/auth/signin', { body: { email: 'riya', password: DEMO_PASSWORD } });
    expect(signin.status).toBe(200);
    const riya = (await t.call('GET', `/users/${signin.body.auth.id}`, { token: signin.body.auth.token }))
      .body.singleuser;
    expect(riya).toMatchObject({
      total_team: 12,
      active_plan: 2500,
      business_balance: 2450, // 5,000 deposited, 2,500 into the plan, 50 for the activation
      is_active: 'active',
    });
    const stats = (await t.call('GET', '/users/stats', { token: await t.adminToken() })).body;
    expect(stats).toMatchObject({ total: 13, active: 6, blocked: 1, verified: 10 });
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it("sends riya's whole team in her dashboard's call, so the spec's sum is right (issue 29.2)", async () => {
    const signin = await t.call('POST', '/auth/signin', { body: { email: 'riya', password: DEMO_PASSWORD } });
    const { refferal_code, token } = signin.body.auth;
    const full = (await t.call('GET', `/referral/full/${refferal_code}`, { token })).body;
    type Node = { is_active: string; active_plan: number; investment_plan: number; referrals: Node[] };
    const below = (n: Node): Node[] => n.referrals.flatMap((c) => [c, ...below(c)]);
    const team = below(full.root);
    expect(team).toHaveLength(12);
    expect(full.truncated).toBe(false);
    // spec section 9: active_plan of the active members, across the whole tree
    const active = team.filter((n) => n.is_active === 'active');
    expect(active.reduce((sum, n) => sum + n.active_plan, 0)).toBe(8650);
  });

  it('opens on a healthy platform: reserves cover what members hold', async () => {
    // the fees kept (activations, withdrawal fees) exceed the incomes paid: coverage above 100%
    const o = (await t.call('GET', '/reports/overview', { token: await t.adminToken() })).body;
    expect(o.coverage.state).toBe('covered');
    expect(o.coverage.ratio).toBeGreaterThanOrEqual(1);
    expect(o.reserves.total).toBeGreaterThanOrEqual(o.liabilities.total);
    expect(o.withdrawals.paid_count).toBe(2);
  });

  it('dates its money over the days members joined, not all today (issue 29.16)', async () => {
    const o = (await t.call('GET', '/reports/overview', { token: await t.adminToken() })).body;
    // deposits credited on 7 different days of the dashboard's 14, none today
    expect(o.per_day.filter((d: { deposits: number }) => d.deposits > 0)).toHaveLength(7);
    expect(o.deposits.approved_today).toBe(0);
    const days = async (table: string) =>
      (await t.db.query(`SELECT count(DISTINCT created_at::date)::int AS n FROM ${table}`)).rows[0].n;
    expect(await days('topups')).toBeGreaterThanOrEqual(6);
    // the two paid withdrawals, and today's ROI withdrawal waiting for a decision (issue 37.14)
    expect(await days('withdrawals')).toBe(3);
    // and nothing of a member's happened before they joined
    const early = await t.db.query(
      `SELECT 1 FROM deposits d JOIN users u ON u.id = d.user_id WHERE d.created_at < u.created_at
       UNION ALL SELECT 1 FROM topups p JOIN users u ON u.id = p.user_id WHERE p.created_at < u.created_at`,
    );
    expect(early.rowCount).toBe(0);
  });

  it('has content on every screen: reward stages, salary tiers, help, a video', async () => {
    const signin = await t.call('POST', '/auth/signin', { body: { email: 'riya', password: DEMO_PASSWORD } });
    const { id, token } = signin.body.auth;
    const rewards = (await t.call('GET', `/rewards/user/${id}`, { token })).body;
    expect(rewards.upcoming.map((s: { title: string }) => s.title)).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(rewards.can_start).toBe(true);
    const tiers = (await t.call('GET', '/salary/tiers', { token })).body;
    expect(JSON.stringify(tiers)).toContain('Team Builder');
    const help = (await t.call('GET', '/support/list', { token })).body.allsupport;
    expect(help.filter((e: { kind: string }) => e.kind === 'faq').length).toBeGreaterThanOrEqual(3);
    expect(help.some((e: { kind: string }) => e.kind === 'contact')).toBe(true);
    // the blocked demo member is told where to write (issue 29.15)
    const ivan = await t.call('POST', '/auth/signin', { body: { email: 'ivan', password: DEMO_PASSWORD } });
    expect(ivan.body.message).toBe(
      'Access Denied: your account is blocked. Contact support at support@demo.local.',
    );
    const video = (await t.call('GET', '/videos/latest', { token })).body.data;
    expect(video.url).toMatch(/^https:\/\/www\.youtube\.com\//);
    // nothing in the content pays anyone: the ledger still reconciles and coverage stays healthy
    await t.jobs.run('salary-daily');
    expect((await reconcile(t.db)).ok).toBe(true);
    const o = (await t.call('GET', '/reports/overview', { token: await t.adminToken() })).body;
    expect(o.coverage.state).toBe('covered');
  });
  it('fills the screens of what members and staff did: tickets, notifications, rewards, ROI withdrawals (issue 37.14)', async () => {
    const admin = await t.adminToken();
    const get = async (path: string, token = admin) => {
      const res = await t.call('GET', path, { token });
      expect(res.status, `${path}: ${res.raw}`).toBe(200);
      return res.body;
    };
    // /admin/tickets and /admin/ticket/{id}: a ticket with the member's question and support's reply
    const tickets = (await get('/tickets')).tickets;
    expect(tickets).toHaveLength(1);
    const replies = (await get(`/tickets/single/${tickets[0].ticket_id}`)).ticket.responses;
    expect(replies.map((r: { author: string }) => r.author)).toEqual(['user', 'admin', 'user']);
    // /user/queries/{id}: the member who asked sees it, with support's answer
    const lena = await t.call('POST', '/auth/signin', { body: { email: 'lena', password: DEMO_PASSWORD } });
    const own = await get(`/tickets/single/${tickets[0].ticket_id}`, lena.body.auth.token);
    expect(own.ticket.responses).toHaveLength(3);
    // /admin/notification/list
    expect((await get('/notifications')).notifications).toHaveLength(1);
    // /admin/reward-transactions: the Bronze reward, paid through four eyes
    const rewards = (await get('/users/rewards')).allrewards;
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ amount: 50 });
    const approval = await t.db.query(
      `SELECT requested_by <> decided_by AS two, status FROM staff_approvals WHERE kind = 'reward'`,
    );
    expect(approval.rows).toEqual([{ two: true, status: 'approved' }]);
    // /admin/roi-request: sofia's ROI withdrawal waits for a decision
    const roi = (await get('/withdrawalrequest/list?kind=roi')).allwithdrawals;
    expect(roi).toMatchObject([{ kind: 'roi', status: 'pending' }]);
    // all of it through the ledger, and the platform still covered
    expect((await reconcile(t.db)).ok).toBe(true);
    expect((await get('/reports/overview')).coverage.state).toBe('covered');
  });
});
