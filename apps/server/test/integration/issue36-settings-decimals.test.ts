/**
 * Issue 36.9: settings take exact decimals. `0.1 + 0.2` (0.30000000000000004) for withdrawal_min or
 * cto_min_* was accepted and later made every withdrawal request and GET /cto answer 500; it is now
 * a 400 naming the field, and a value stored before this check falls back to its own default.
 */
import { DEFAULT_SETTINGS } from '@app/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let member: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  member = await t.register();
});
afterAll(() => t.close());

const drift = 0.1 + 0.2;

describe('settings take exact decimals', () => {
  it('refuses more than 6 places for USDT and 4 for percents with a 400, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ withdrawal_min: drift }, /^withdrawal_min: An amount has at most 6 decimals$/],
      [{ cto_min_active_plan: drift }, /^cto_min_active_plan: An amount has at most 6 decimals$/],
      [{ cto_min_directs_business: 1000.0000001 }, /^cto_min_directs_business: An amount has at most 6/],
      [{ income_notify_min: 1e-7 }, /^income_notify_min: An amount has at most 6 decimals$/],
      [{ fee_profit_percent: drift }, /^fee_profit_percent: A percentage has at most 4 decimals$/],
      [{ fee_roi_percent: 1.00001 }, /^fee_roi_percent: A percentage has at most 4 decimals$/],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', '/settings', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const now = (await t.call('GET', '/settings', { token: admin })).body.settings;
    expect(now.withdrawal_min).toBe(DEFAULT_SETTINGS.withdrawal_min);
    expect(now.cto_min_active_plan).toBe(DEFAULT_SETTINGS.cto_min_active_plan);
    // and withdrawals and the CTO page keep working
    expect((await t.call('GET', '/cto', { token: member.token })).status).toBe(200);
  });

  it('takes exact values up to the limit', async () => {
    const res = await t.call('PUT', '/settings', {
      token: admin,
      body: { withdrawal_min: 0.3, cto_min_active_plan: 123456.123456, fee_profit_percent: 12.3456 },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      withdrawal_min: 0.3,
      cto_min_active_plan: 123456.123456,
      fee_profit_percent: 12.3456,
    });
    expect((await t.call('GET', '/cto', { token: member.token })).status).toBe(200);
    const w = await t.call('POST', '/withdrawalrequest/add', {
      token: member.token,
      body: { amount: 1, password: member.password },
    });
    expect(w.status).toBeGreaterThanOrEqual(400);
    expect(w.status).toBeLessThan(500);
  });

  it('a drifted value stored before the check falls back to its default alone; nothing answers 500', async () => {
    await t.db.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ('withdrawal_min', $1, now()), ('cto_min_active_plan', $1, now()),
         ('site_name', '"Kept Name"', now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(drift)],
    );
    const s = (await t.call('GET', '/settings', { token: admin })).body.settings;
    expect(s.withdrawal_min).toBe(DEFAULT_SETTINGS.withdrawal_min);
    expect(s.cto_min_active_plan).toBe(DEFAULT_SETTINGS.cto_min_active_plan);
    // the other stored values stay in force
    expect(s.site_name).toBe('Kept Name');
    expect(s.fee_profit_percent).toBe(12.3456);
    expect((await t.call('GET', '/cto', { token: member.token })).status).toBe(200);
    const w = await t.call('POST', '/withdrawalrequest/add', {
      token: member.token,
      body: { amount: 1, password: member.password },
    });
    expect(w.status).toBeGreaterThanOrEqual(400);
    expect(w.status).toBeLessThan(500);
  });
});
