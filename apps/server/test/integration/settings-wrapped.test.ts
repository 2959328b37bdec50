/** Issue 37.14: `PUT /settings` takes the spec's own `{"settings": {...}}` body beside the unwrapped fields. */
import { SETTINGS_CHOOSE_ONE } from '@app/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t.close());

const put = (body: unknown) => t.call('PUT', '/settings', { token: admin, body });

describe('PUT /settings', () => {
  it("accepts the spec's wrapped body, changing only the keys it names, and audits it", async () => {
    const res = await put({ settings: { withdrawal_min: 25, site_name: 'Wrapped Earn' } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ message: 'Settings updated', changed: ['withdrawal_min', 'site_name'] });
    expect(res.body.settings).toMatchObject({
      withdrawal_min: 25,
      site_name: 'Wrapped Earn',
      fee_profit_percent: 10,
    });
    const audit = await t.db.query(
      `SELECT after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].after).toMatchObject({ withdrawal_min: 25, site_name: 'Wrapped Earn' });
    // the unwrapped fields still work
    expect((await put({ withdrawal_min: 30 })).body.settings.withdrawal_min).toBe(30);
  });

  it('refuses a wrapped body with bad or unknown keys, or both shapes at once, with a 400', async () => {
    const bad = await put({ settings: { withdrawal_min: -1 } });
    expect(bad.status).toBe(400);
    const unknown = await put({ settings: { no_such_key: 1 } });
    expect(unknown.status).toBe(400);
    const both = await put({ settings: { withdrawal_min: 40 }, site_name: 'Both' });
    expect(both.status).toBe(400);
    expect(both.raw).toContain(SETTINGS_CHOOSE_ONE);
    expect((await put({ settings: 'x' })).status).toBe(400);
    expect((await t.call('GET', '/settings', { token: admin })).body.settings.withdrawal_min).toBe(30);
  });
});
