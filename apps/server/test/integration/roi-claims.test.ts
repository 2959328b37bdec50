import { ROI_MSG } from '@app/contracts/roi';
import { CLOSED_MESSAGES } from '@app/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { DAY_MS, type Member, roiFixtures } from './roi-fixtures.js';

let t: TestApp;
let root: Member;
let f: ReturnType<typeof roiFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  root = await t.register();
});
afterAll(async () => {
  expect((await reconcile(t.db)).ok).toBe(true);
  await t.close();
});

const claimRows = async (m: Member) =>
  (await t.db.query('SELECT id FROM roi_claims WHERE user_id = $1', [m.id])).rowCount;

describe('daily ROI claim', () => {
  it('pays active plan x 0.5 % into roi after a 10 s watch and answers the spec message', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 1000);
    const before = await t.call('GET', `/tr/roi-check/${m.id}`, { token: m.token });
    expect(before.body).toMatchObject({
      found: false,
      lastClaimTime: null,
      cooldown_hours: 24,
      watch_seconds: 10,
    });

    const session = await f.watch(m, 10);
    expect(session).toMatchObject({ purpose: 'video', video_id: null, watch_seconds: 10 });
    const res = await f.claim(m);
    expect(res).toMatchObject({ status: 200, body: { message: 'Trade Successfull!' } });
    expect((await f.wallets(m)).roi).toBe(5);
    expect(await f.incomesOf(m)).toEqual([
      expect.objectContaining({ kind: 'roi_income', amount: 5, paid: 5, cut: 0, base: 1000, percent: 0.5 }),
    ]);
    const after = await t.call('GET', `/tr/roi-check/${m.id}`, { token: m.token });
    const now = t.clock.now();
    expect(after.body).toMatchObject({
      found: true,
      lastClaimTime: now.toISOString(),
      nextClaimTime: new Date(now.getTime() + DAY_MS).toISOString(),
      now: now.toISOString(),
    });
  });

  it('refuses inside the 24 h cooldown (at 24 h minus 1 ms) and pays at exactly 24 h', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 2000);
    await f.watch(m);
    expect((await f.claim(m)).status).toBe(200);
    const claimedAt = t.clock.now().getTime();

    await f.later(DAY_MS - 10_000 - 1, m);
    await f.watch(m, 10); // now = claimedAt + 24 h - 1 ms
    expect(t.clock.now().getTime()).toBe(claimedAt + DAY_MS - 1);
    const early = await f.claim(m);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('Reward Limit Reached');
    expect(early.body.message).toContain(new Date(claimedAt + DAY_MS).toISOString());
    expect(await claimRows(m)).toBe(1);

    t.clock.advance(1);
    expect((await f.claim(m)).status).toBe(200);
    expect((await f.wallets(m)).roi).toBe(20);
    expect(await claimRows(m)).toBe(2);
  });

  it('refuses a claim without a watch, or after a watch shorter than 10 s', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 1000);
    expect(await f.claim(m)).toMatchObject({ status: 400, body: { message: ROI_MSG.noSession } });

    await f.watch(m, 0);
    t.clock.advance(9_999);
    const short = await f.claim(m);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(
      'Please watch the video for at least 10 seconds before claiming (1 s left).',
    );
    expect((await f.wallets(m)).roi).toBe(0);
    t.clock.advance(1);
    expect((await f.claim(m)).status).toBe(200);
  });

  it('uses a watch session once: the next day needs a new watch; an ad does not count', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 1000);
    const s = await f.watch(m);
    expect((await f.claim(m)).status).toBe(200);
    const { rows } = await t.db.query('SELECT used_at FROM watch_sessions WHERE id = $1', [s.id]);
    expect(rows[0].used_at).toEqual(t.clock.now());

    await f.later(DAY_MS, m);
    expect(await f.claim(m)).toMatchObject({ status: 400, body: { message: ROI_MSG.noSession } });
    await f.watch(m, 30, 'ad');
    expect(await f.claim(m)).toMatchObject({ status: 400, body: { message: ROI_MSG.noSession } });
    await f.watch(m);
    expect((await f.claim(m)).status).toBe(200);
    expect(await claimRows(m)).toBe(2);
  });

  it('starting again restarts the open watch session (one per member and purpose)', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 1000);
    const first = await f.watch(m, 6);
    const again = await f.watch(m, 5); // 11 s after the first start, 5 s after the restart
    expect(again.id).toBe(first.id);
    expect((await f.claim(m)).status).toBe(400);
    t.clock.advance(5000);
    expect((await f.claim(m)).status).toBe(200);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM watch_sessions WHERE user_id = $1', [
      m.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('fifty claims racing pay once (ROI and level income)', async () => {
    const sponsor = await t.register(root.code);
    await f.invest(sponsor, 100);
    const m = await t.register(sponsor.code);
    await f.invest(m, 1000);
    await f.watch(m);
    const answers = await Promise.all(Array.from({ length: 50 }, () => f.claim(m)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await claimRows(m)).toBe(1);
    expect((await f.wallets(m)).roi).toBe(5);
    expect(await f.incomesOf(sponsor, 'level_income')).toEqual([
      expect.objectContaining({ level: 1, amount: 0.5, paid: 0.5, source: m.id }),
    ]);
  });

  it('moves the compound share of the ROI paid into compound, raising the active plan', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 1000);
    const share = await t.call('PUT', '/withdrawalrequest/compound/amount', {
      token: m.token,
      body: { percent: 40 },
    });
    expect(share.status).toBe(200);
    await f.watch(m);
    expect((await f.claim(m)).status).toBe(200);
    expect(await f.wallets(m)).toMatchObject({ roi: 3, compound: 2, principal: 1000 });
    const { rows } = await t.db.query(
      `SELECT t.amount::float8 / 1e6 AS amount, t.ref_type FROM transfers t
         JOIN accounts a ON a.id = t.credit_account WHERE a.owner_user_id = $1 AND t.kind = 'compound'`,
      [m.id],
    );
    expect(rows).toEqual([{ amount: 2, ref_type: 'roi_claim' }]);
    await f.later(DAY_MS, m);
    await f.watch(m);
    expect((await f.claim(m)).status).toBe(200);
    // 1,002 x 0.5 % = 5.01; 40 % of it (2.004) compounded
    expect(await f.wallets(m)).toMatchObject({ roi: 6.006, compound: 4.004 });
  });
});

describe('who may claim', () => {
  it('refuses members without a plan, with ROI closed, at the earning limit, or while claims are closed', async () => {
    const none = await t.register(root.code);
    await f.watch(none);
    expect(await f.claim(none)).toMatchObject({ status: 400, body: { message: ROI_MSG.noPlan } });

    const m = await t.register(root.code);
    await f.invest(m, 100);
    await f.watch(m);
    await f.setUser(m, { roi_status: 'close' });
    expect(await f.claim(m)).toMatchObject({ status: 403, body: { message: ROI_MSG.roiClosed } });
    await f.setUser(m, { roi_status: 'open' });

    await t.call('PUT', '/settings', { token: f.admin(), body: { roi_claims_open: false } });
    expect(await f.claim(m)).toMatchObject({
      status: 403,
      body: { message: CLOSED_MESSAGES.roi_claims_open },
    });
    await t.call('PUT', '/settings', { token: f.admin(), body: { roi_claims_open: true } });

    // a direct buying 14,000 pays m 5 % = 700: m's whole limit (100 x 7)
    const big = await t.register(m.code);
    await f.invest(big, 14_000);
    expect((await f.wallets(m)).earnings).toBe(700);
    expect(await f.claim(m)).toMatchObject({ status: 409, body: { message: ROI_MSG.atLimit } });
    expect((await f.wallets(m)).roi).toBe(0);
    const { rows } = await t.db.query('SELECT used_at FROM watch_sessions WHERE user_id = $1', [m.id]);
    expect(rows).toEqual([{ used_at: null }]);
  });

  it('a blocked member cannot claim (their session ends)', async () => {
    const m = await t.register(root.code);
    await f.invest(m, 100);
    await f.watch(m);
    await f.setUser(m, { status: 'block' });
    expect((await f.claim(m)).status).toBe(401);
    expect(await claimRows(m)).toBe(0);
  });

  it('access: anonymous, member A, member B, admin', async () => {
    const a = await t.register(root.code);
    const b = await t.register(root.code);
    await f.invest(a, 100);
    await f.watch(a);
    const path = `/referral/self-trade/${a.id}`;
    expect((await t.call('PUT', path)).status).toBe(401);
    expect((await t.call('PUT', path, { token: f.admin() })).status).toBe(403);
    expect(await t.call('PUT', path, { token: b.token })).toMatchObject({
      status: 403,
      body: { message: ROI_MSG.ownOnly },
    });
    expect((await t.call('PUT', path, { token: a.token })).status).toBe(200);

    const check = `/tr/roi-check/${a.id}`;
    expect((await t.call('GET', check)).status).toBe(401);
    expect((await t.call('GET', check, { token: b.token })).status).toBe(403);
    expect((await t.call('GET', check, { token: a.token })).body.found).toBe(true);
    expect((await t.call('GET', check, { token: f.admin() })).body.found).toBe(true);
    expect((await t.call('GET', '/tr/roi-check/999999', { token: f.admin() })).status).toBe(404);

    const session = '/referral/watch-session';
    expect((await t.call('POST', session)).status).toBe(401);
    expect((await t.call('POST', session, { token: f.admin() })).status).toBe(403);
    expect((await t.call('POST', session, { token: b.token })).status).toBe(201);
    const bad = await t.call('POST', session, { token: b.token, body: { purpose: 'movie' } });
    expect(bad.status).toBe(400);
  });
});
