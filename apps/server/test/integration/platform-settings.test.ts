import { DEFAULT_SETTINGS } from '@app/contracts/settings';
import { describe, expect, it } from 'vitest';
import { admin, count, memberA, memberB, setSettings, t, usePlatformApp } from './platform-fixtures.js';

usePlatformApp();

describe('settings', () => {
  it('serves the public settings to anyone, the full settings to members and admins, changes only to admins', async () => {
    await setSettings({
      site_name: 'Acme Earn',
      contact_email: 'help@acme.test',
      contact_telegram: '@acme_help',
    });
    const anon = await t.call('GET', '/settings/public');
    expect(anon.status).toBe(200);
    expect(anon.body.settings).toEqual({
      site_name: 'Acme Earn',
      contact_email: 'help@acme.test',
      contact_phone: '',
      contact_telegram: '@acme_help',
      registration_open: true,
      signin_open: true,
    });
    // nothing about money before sign-in
    expect(anon.body.settings).not.toHaveProperty('withdrawal_min');

    expect((await t.call('GET', '/settings')).status).toBe(401);
    for (const token of [memberA.token, memberB.token, admin]) {
      const res = await t.call('GET', '/settings', { token });
      expect(res.status).toBe(200);
      expect(res.body.settings).toMatchObject({
        withdrawal_min: 10,
        fee_profit_percent: 10,
        site_name: 'Acme Earn',
      });
    }

    const auditRows = () => count(`SELECT count(*) AS n FROM audit_log WHERE action = 'settings.update'`);
    const rows = await auditRows();
    expect((await t.call('PUT', '/settings', { body: { withdrawals_open: false } })).status).toBe(401);
    for (const token of [memberA.token, memberB.token]) {
      expect((await setSettings({ withdrawals_open: false }, token)).status).toBe(403);
    }
    expect((await t.call('GET', '/settings/public')).body.settings.signin_open).toBe(true);
    expect((await t.call('GET', '/settings', { token: admin })).body.settings.withdrawals_open).toBe(true);
    expect(await auditRows()).toBe(rows);
  });

  it('audits each change with before and after, and nothing when nothing changes', async () => {
    const rows = () => count(`SELECT count(*) AS n FROM audit_log WHERE action = 'settings.update'`);
    const start = await rows();
    const saved = await setSettings({
      withdrawal_min: 25,
      fee_principal_tiers: [
        { within_days: 7, percent: 25 },
        { within_days: 30, percent: 5 },
      ],
      contact_phone: '+44 7700 900123',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings updated');
    expect(saved.body.changed.sort()).toEqual(['contact_phone', 'fee_principal_tiers', 'withdrawal_min']);
    expect(await rows()).toBe(start + 1);
    const { rows: last } = await t.db.query(
      `SELECT before, after, admin_id FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(last[0].before.withdrawal_min).toBe(10);
    expect(last[0].after.withdrawal_min).toBe(25);
    expect(last[0].after.fee_principal_tiers).toEqual([
      { within_days: 7, percent: 25 },
      { within_days: 30, percent: 5 },
    ]);

    const again = await setSettings({ withdrawal_min: 25, contact_phone: '+44 7700 900123' });
    expect(again.body).toMatchObject({ message: 'Nothing to change', changed: [] });
    expect(await rows()).toBe(start + 1);

    // the new minimum is what a request is held to
    const small = await t.call('POST', '/withdrawalrequest/add', {
      token: memberA.token,
      body: { amount: 20, password: memberA.password },
    });
    expect(small).toMatchObject({ status: 400, body: { message: 'The minimum withdrawal is 25.00 USDT' } });

    await setSettings({
      withdrawal_min: DEFAULT_SETTINGS.withdrawal_min,
      fee_principal_tiers: DEFAULT_SETTINGS.fee_principal_tiers,
    });
  });

  it('refuses bad values with a clear message naming the field, and changes nothing', async () => {
    const before = (await t.call('GET', '/settings', { token: admin })).body.settings;
    const rows = await count('SELECT count(*) AS n FROM audit_log');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ withdrawal_min: -1 }, /^withdrawal_min: An amount cannot be negative$/],
      [{ fee_profit_percent: 101 }, /^fee_profit_percent: A percentage cannot exceed 100$/],
      [{ fee_roi_percent: 'five' }, /^fee_roi_percent: /],
      [{ site_name: '   ' }, /^site_name: Enter the site name$/],
      [{ site_name: 'x'.repeat(61) }, /^site_name: The site name is at most 60 characters$/],
      [{ contact_email: 'not-an-email' }, /^contact_email: Enter a valid email, or leave it empty$/],
      [{ contact_phone: 'call me' }, /^contact_phone: Enter a phone number/],
      [{ contact_telegram: 'a b' }, /^contact_telegram: Enter a Telegram username/],
      [{ withdrawals_open: 'no' }, /^withdrawals_open: /],
      [
        {
          fee_principal_tiers: [
            { within_days: 10, percent: 5 },
            { within_days: 10, percent: 6 },
          ],
        },
        /^fee_principal_tiers: Each tier needs a different number of days$/,
      ],
      [{ fee_principal_tiers: [{ within_days: 0, percent: 5 }] }, /^fee_principal_tiers\.0\.within_days: /],
      [{ unknown_knob: true }, /unknown_knob|Unrecognized/],
    ];
    for (const [body, message] of cases) {
      const res = await setSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await t.call('GET', '/settings', { token: admin })).body.settings).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM audit_log')).toBe(rows);
  });
});
