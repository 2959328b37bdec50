import { NOTIFICATION_MSG } from '@app/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { a, admin, b, type Member, PNG, t, upload, useNotificationsApp } from './notifications-fixtures.js';

useNotificationsApp();

async function create(body: Record<string, unknown>, token = admin) {
  return t.call('POST', '/notifications', { token, body });
}

const countNotifications = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications')).rows[0]!.n;
const idsOf = (res: { body: { notifications: Array<{ id: number }> } }) =>
  res.body.notifications.map((n) => n.id);

describe('access to every route', () => {
  it('lets only an admin create, list and delete notifications', async () => {
    const body = { title: 'Maintenance', message: 'Tonight 2-3 am', type: 'notification' };
    for (const token of [undefined, a.token, b.token]) {
      expect((await t.call('POST', '/notifications', { token, body })).status).toBe(token ? 403 : 401);
      expect((await t.call('GET', '/notifications', { token })).status).toBe(token ? 403 : 401);
    }
    const created = await create(body);
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: 'Notification created successfully!',
        notification: { title: 'Maintenance', users: true },
      },
    });
    const list = await t.call('GET', '/notifications', { token: admin });
    expect(list.status).toBe(200);
    expect(idsOf(list)).toContain(created.body.notification.id);

    const id = created.body.notification.id;
    for (const token of [undefined, a.token, b.token]) {
      expect((await t.call('DELETE', `/notifications/delete/${id}`, { token })).status).toBe(
        token ? 403 : 401,
      );
    }
    expect(await t.call('DELETE', `/notifications/delete/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: 'Notification deleted successfully!' },
    });
    expect((await t.call('DELETE', `/notifications/delete/${id}`, { token: admin })).status).toBe(404);
    expect(idsOf(await t.call('GET', '/notifications', { token: admin }))).not.toContain(id);
  });

  it('shows a member their own notifications; an admin anyone’s; never another member’s', async () => {
    expect((await t.call('GET', `/notifications/user/${a.id}`)).status).toBe(401);
    expect((await t.call('GET', `/notifications/user/${a.id}`, { token: a.token })).status).toBe(200);
    expect((await t.call('GET', `/notifications/user/${a.id}`, { token: b.token })).status).toBe(403);
    expect((await t.call('GET', `/notifications/user/${a.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/notifications/user/999999', { token: admin })).status).toBe(404);
  });

  it('answers /notifications/home to members only (their own), /notifications/banner to anyone', async () => {
    expect((await t.call('GET', '/notifications/home')).status).toBe(401);
    expect((await t.call('GET', '/notifications/home', { token: admin })).status).toBe(403);
    for (const token of [a.token, b.token]) {
      const res = await t.call('GET', '/notifications/home', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ homenotifications: expect.any(Array), unread: expect.any(Number) });
    }
    for (const token of [undefined, a.token, b.token, admin]) {
      const res = await t.call('GET', '/notifications/banner', { token });
      expect(res.status).toBe(200);
      expect(res.body).toHaveProperty('banner');
    }
  });

  it('lets a member mark only their own notification as seen; not an admin, not anonymous', async () => {
    const n = (await create({ title: 'Hello', message: 'To all', type: 'notification' })).body.notification;
    const url = `/notifications/${n.id}/seen`;
    expect((await t.call('PUT', url, { body: { userId: a.id } })).status).toBe(401);
    expect((await t.call('PUT', url, { token: admin, body: { userId: a.id } })).status).toBe(403);
    expect(await t.call('PUT', url, { token: b.token, body: { userId: a.id } })).toMatchObject({
      status: 403,
    });
    // B's attempt changed nothing for A
    const mine = await t.call('GET', `/notifications/user/${a.id}`, { token: a.token });
    expect(mine.body.notifications.find((x: { id: number }) => x.id === n.id).seen).toBe(false);
    expect(await t.call('PUT', url, { token: a.token, body: { userId: a.id } })).toMatchObject({
      status: 200,
      body: { message: NOTIFICATION_MSG.seen },
    });
    expect((await t.call('PUT', url, { token: a.token, body: {} })).body.message).toBe('userId is required');
    expect(
      (await t.call('PUT', '/notifications/999999/seen', { token: a.token, body: { userId: a.id } })).status,
    ).toBe(404);
  });

  it('lets only an admin upload the banner; anyone can fetch it', async () => {
    for (const token of [undefined, a.token, b.token])
      expect((await upload(token, PNG)).status).toBe(token ? 403 : 401);
    const up = await upload(admin, PNG);
    expect(up).toMatchObject({ status: 201, body: { message: 'Banner created successfully!' } });
    const image = await t.app.inject({ method: 'GET', url: up.body.banner.url });
    expect(image.statusCode).toBe(200);
  });
});

describe('creating notifications', () => {
  it('refuses bad input with the form’s messages and creates nothing', async () => {
    const before = await countNotifications();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Title is required'],
      [{ title: '   ', message: 'x', type: 'notification' }, 'Title is required'],
      [{ title: 'T' }, 'Message is required'],
      [{ title: 'T', message: '  ', type: 'notification' }, 'Message is required'],
      [{ title: 'T', message: 'M' }, 'Type is required'],
      [{ title: 'T', message: 'M', type: '' }, 'Type is required'],
      [{ title: 'T', message: 'M', type: 'email' }, 'Invalid type'],
      [{ title: 'T', message: 'M', type: 'notification', users: false }, NOTIFICATION_MSG.recipientsRequired],
      [
        { title: 'T', message: 'M', type: 'notification', users: false, recipients: [a.id, 999999] },
        NOTIFICATION_MSG.recipientUnknown,
      ],
      [
        { title: 'x'.repeat(151), message: 'M', type: 'notification' },
        'Title must be at most 150 characters',
      ],
    ];
    for (const [body, message] of cases) {
      expect(await create(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    // an administrator is not a member and cannot be a recipient
    const adminId = (await t.db.query<{ id: bigint }>("SELECT id FROM users WHERE role = 'admin'")).rows[0]!
      .id;
    expect(
      (
        await create({
          title: 'T',
          message: 'M',
          type: 'notification',
          users: false,
          recipients: [Number(adminId)],
        })
      ).body.message,
    ).toBe(NOTIFICATION_MSG.recipientUnknown);
    expect(await countNotifications()).toBe(before);
  });

  it('clears the recipients when All Users is set, and records who created it', async () => {
    const res = await create({
      title: 'Everyone',
      message: 'All of you',
      type: 'site_popup',
      users: true,
      recipients: [a.id],
    });
    expect(res.body.notification).toMatchObject({ users: true, recipients: [], type: 'site_popup' });
    const audit = await t.db.query(
      "SELECT action, after FROM audit_log WHERE target_type = 'notification' AND target_id = $1",
      [String(res.body.notification.id)],
    );
    expect(audit.rows).toMatchObject([{ action: 'notifications.create', after: { title: 'Everyone' } }]);
    await t.call('DELETE', `/notifications/delete/${res.body.notification.id}`, { token: admin });
    const deleted = await t.db.query(
      "SELECT action, before FROM audit_log WHERE action = 'notifications.delete' AND target_id = $1",
      [String(res.body.notification.id)],
    );
    expect(deleted.rows).toMatchObject([{ before: { title: 'Everyone', type: 'site_popup' } }]);
  });
});

describe('visibility and seen state', () => {
  it('keeps a recipients-only notification invisible to everyone else', async () => {
    const c = await t.register(a.code);
    const res = await create({
      title: 'Just for A',
      message: 'Your payout is ready',
      type: 'notification',
      users: false,
      recipients: [a.id, c.id, a.id],
    });
    const n = res.body.notification;
    expect(n.recipients).toEqual([a.id, c.id].sort((x, y) => x - y));
    const seenBy = async (m: Member) => ({
      list: idsOf(await t.call('GET', `/notifications/user/${m.id}`, { token: m.token })),
      home: (await t.call('GET', '/notifications/home', { token: m.token })).body.homenotifications.map(
        (x: { id: number }) => x.id,
      ),
    });
    expect(await seenBy(a)).toEqual({
      list: expect.arrayContaining([n.id]),
      home: expect.arrayContaining([n.id]),
    });
    expect(await seenBy(c)).toEqual({
      list: expect.arrayContaining([n.id]),
      home: expect.arrayContaining([n.id]),
    });
    const other = await seenBy(b);
    expect(other.list).not.toContain(n.id);
    expect(other.home).not.toContain(n.id);
    // not through an admin's view of B either, and B cannot mark it seen (it does not exist for B)
    expect(idsOf(await t.call('GET', `/notifications/user/${b.id}`, { token: admin }))).not.toContain(n.id);
    expect(
      await t.call('PUT', `/notifications/${n.id}/seen`, { token: b.token, body: { userId: b.id } }),
    ).toMatchObject({ status: 404, body: { message: NOTIFICATION_MSG.notFound } });
  });

  it('keeps seen state per member, with the first time seen', async () => {
    const d = await t.register(a.code);
    const e = await t.register(a.code);
    const n = (await create({ title: 'Per member', message: 'Seen?', type: 'notification' })).body
      .notification;
    const state = async (m: Member) => {
      const res = await t.call('GET', `/notifications/user/${m.id}`, { token: m.token });
      return {
        item: res.body.notifications.find((x: { id: number }) => x.id === n.id),
        unread: res.body.unread,
      };
    };
    const dBefore = await state(d);
    expect(dBefore.item).toMatchObject({ seen: false, seen_at: null, notification_id: n.id });

    const seenAt = t.clock.now().toISOString();
    const first = await t.call('PUT', `/notifications/${n.id}/seen`, {
      token: d.token,
      body: { userId: d.id },
    });
    expect(first.body.seen_at).toBe(seenAt);
    t.clock.advance(60_000);
    const again = await t.call('PUT', `/notifications/${n.id}/seen`, {
      token: d.token,
      body: { userId: d.id },
    });
    expect(again.body.seen_at).toBe(seenAt);

    const dAfter = await state(d);
    expect(dAfter.item).toMatchObject({ seen: true, seen_at: seenAt });
    expect(dAfter.unread).toBe(dBefore.unread - 1);
    expect((await state(e)).item).toMatchObject({ seen: false, seen_at: null });
    // home lists only what is not seen yet
    const home = await t.call('GET', '/notifications/home', { token: d.token });
    expect(home.body.homenotifications.map((x: { id: number }) => x.id)).not.toContain(n.id);
    expect(home.body.unread).toBe(dAfter.unread);
    const unseenOnly = await t.call('GET', `/notifications/user/${e.id}?unseen=true`, { token: e.token });
    expect(idsOf(unseenOnly)).toContain(n.id);
    const adminView = await t.call('GET', '/notifications', { token: admin });
    expect(adminView.body.notifications.find((x: { id: number }) => x.id === n.id).seen_count).toBe(1);
  });
});
