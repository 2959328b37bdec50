import { describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers.js';
import { approve } from './approval-fixtures.js';
import { admin, memberA, memberB, second, setSettings, t, usePlatformApp } from './platform-fixtures.js';

usePlatformApp();

describe('audit log', () => {
  it('is readable by admins only', async () => {
    expect((await t.call('GET', '/audit')).status).toBe(401);
    expect((await t.call('GET', '/audit/facets')).status).toBe(401);
    for (const token of [memberA.token, memberB.token]) {
      expect((await t.call('GET', '/audit', { token })).status).toBe(403);
      expect((await t.call('GET', '/audit/facets', { token })).status).toBe(403);
    }
    const res = await t.call('GET', '/audit', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it('filters by action, target type, target, admin and date range, newest first, with paging', async () => {
    // a known slice of history between two instants: two settings changes and an adjustment, which
    // the admin asks (approval.requested) and a second admin approves (approval.approved), making
    // the credit (adjustment.credit) as the approver
    const instant = async () =>
      (await t.db.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]!.at.toISOString();
    const t0 = await instant();
    await setSettings({ site_name: 'Audit One' });
    await setSettings({ site_name: 'Audit Two' });
    const asked = await t.call('POST', '/withdrawalrequest/debit', {
      token: admin,
      body: { user_id: memberB.id, wallet: 'earnings', amount: 3, direction: 'credit', reason: 'audit test' },
    });
    await approve(t, second.token, asked);
    const t1 = await instant();
    const range = `from=${encodeURIComponent(t0)}&to=${encodeURIComponent(t1)}`;

    const adminId = Number(
      (await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email])).rows[0].id,
    );
    const list = (q: string) => t.call('GET', `/audit?${q}`, { token: admin });

    const settingsOnly = await list(`action=settings.update&${range}`);
    expect(settingsOnly.status).toBe(200);
    expect(settingsOnly.body.total).toBe(2);
    expect(settingsOnly.body.entries.map((e: { after: { site_name: string } }) => e.after.site_name)).toEqual(
      ['Audit Two', 'Audit One'],
    );
    expect(settingsOnly.body.entries[0]).toMatchObject({
      action: 'settings.update',
      target_type: 'settings',
      target_id: null,
      admin_id: adminId,
      admin_email: ADMIN.email,
      before: { site_name: 'Audit One' },
    });

    expect((await list(range)).body.total).toBe(5);
    const paged = await list(`${range}&limit=2&page=3`);
    expect(paged.body).toMatchObject({ total: 5, totalPages: 3, currentPage: 3 });
    expect(paged.body.entries).toHaveLength(1);
    expect(paged.body.entries[0].after.site_name).toBe('Audit One');

    const user = await list(`target_type=user&target_id=${memberB.id}&${range}`);
    expect(user.body.entries.map((e: { action: string }) => e.action)).toEqual(['adjustment.credit']);
    expect(user.body.entries[0].admin_id).toBe(second.id);
    expect((await list(`target_type=settings&${range}`)).body.total).toBe(2);
    const approvals = await list(`target_type=approval&${range}`);
    expect(approvals.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'approval.approved',
      'approval.requested',
    ]);
    const mine = await list(`admin_id=${adminId}&${range}`);
    expect(mine.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'approval.requested',
      'settings.update',
      'settings.update',
    ]);
    expect((await list(`admin_id=${second.id}&${range}`)).body.total).toBe(2);
    expect((await list(`admin_id=${memberA.id}`)).body.total).toBe(0);
    expect((await list(`from=${encodeURIComponent(t1)}`)).body.total).toBe(0);
    // whole days: a date as `to` includes that day
    const all = (await list('')).body.total;
    expect(all).toBeGreaterThan(5);
    expect((await list('from=2020-01-01&to=2099-12-31')).body.total).toBe(all);
    expect((await list('to=2020-01-01')).body.total).toBe(0);
    const today = t1.slice(0, 10);
    expect(
      (await list(`action=settings.update&from=${t0.slice(0, 10)}&to=${today}`)).body.total,
    ).toBeGreaterThanOrEqual(2);

    const facets = await t.call('GET', '/audit/facets', { token: admin });
    expect(facets.body.actions).toEqual(
      expect.arrayContaining([
        'settings.update',
        'adjustment.credit',
        'approval.requested',
        'approval.approved',
      ]),
    );
    expect(facets.body.target_types).toEqual(expect.arrayContaining(['settings', 'user', 'approval']));
    expect(facets.body.admins).toHaveLength(2);
    expect(facets.body.admins).toEqual(
      expect.arrayContaining([
        { id: adminId, username: expect.any(String), email: ADMIN.email },
        { id: second.id, username: expect.any(String), email: second.email },
      ]),
    );

    for (const bad of [
      'from=yesterday',
      'to=2026-13-01',
      'from=2026-12-06&to=2026-12-05',
      'admin_id=x',
      'limit=500',
    ]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBeTruthy();
    }
    expect((await list('from=2026-12-06&to=2026-12-05')).body.message).toBe(
      'to: The end of the range must be after its start',
    );
  });
});
