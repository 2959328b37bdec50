import { parseVideoUrl, VIDEO_MSG } from '@app/contracts/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = await t.register();
});
afterAll(async () => t.close());

const body = (n: number) => ({
  title: `Lesson ${n}`,
  url: `https://www.youtube.com/watch?v=dQw4w9WgXc${n}`,
  description: 'How the daily reward works',
});

describe('video library', () => {
  it('starts empty: the latest answers null with the spec message', async () => {
    expect((await t.call('GET', '/videos', { token: a.token })).body).toEqual({ data: [] });
    expect((await t.call('GET', '/videos/latest', { token: a.token })).body).toEqual({
      data: null,
      message: VIDEO_MSG.none,
    });
  });

  it('creates, lists newest first, reads, updates and deletes, audited', async () => {
    const first = await t.call('POST', '/videos', { token: admin, body: body(1) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: VIDEO_MSG.created,
      data: { ...body(1), id: expect.any(Number) },
    });
    t.clock.advance(1000);
    const second = await t.call('POST', '/videos', {
      token: admin,
      body: { title: '  Vimeo tour ', url: 'https://vimeo.com/76979871' },
    });
    expect(second.body.data).toMatchObject({ title: 'Vimeo tour', description: '' });
    const list = await t.call('GET', '/videos', { token: a.token });
    expect(list.body.data.map((v: { title: string }) => v.title)).toEqual(['Vimeo tour', 'Lesson 1']);
    expect((await t.call('GET', '/videos/latest', { token: a.token })).body.data.id).toBe(
      second.body.data.id,
    );
    expect((await t.call('GET', `/videos/${first.body.data.id}`, { token: admin })).body.data.title).toBe(
      'Lesson 1',
    );

    const edited = await t.call('PUT', `/videos/${first.body.data.id}`, {
      token: admin,
      body: { ...body(1), title: 'Lesson one' },
    });
    expect(edited.body).toMatchObject({ message: VIDEO_MSG.updated, data: { title: 'Lesson one' } });

    const removed = await t.call('DELETE', `/videos/${second.body.data.id}`, { token: admin });
    expect(removed.body).toEqual({ message: VIDEO_MSG.deleted, data: { id: second.body.data.id } });
    expect((await t.call('GET', `/videos/${second.body.data.id}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/videos/latest', { token: a.token })).body.data.title).toBe('Lesson one');
    const { rows } = await t.db.query(`SELECT action FROM audit_log WHERE target_type = 'video' ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual([
      'video.create',
      'video.create',
      'video.update',
      'video.delete',
    ]);
  });

  it('refuses bad input with the form messages of spec 5 and changes nothing', async () => {
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM videos')).rows[0].n;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ url: 'https://youtu.be/dQw4w9WgXcQ' }, VIDEO_MSG.titleRequired],
      [{ title: '   ', url: 'https://youtu.be/dQw4w9WgXcQ' }, VIDEO_MSG.titleRequired],
      [{ title: 'x' }, VIDEO_MSG.urlRequired],
      [{ title: 'x', url: '' }, VIDEO_MSG.urlRequired],
      [{ title: 'x', url: 'https://example.com/video.mp4' }, VIDEO_MSG.urlInvalid],
      [{ title: 'x', url: 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ' }, VIDEO_MSG.urlInvalid],
      [{ title: 'x', url: 'https://youtube.com.evil.io/watch?v=dQw4w9WgXcQ' }, VIDEO_MSG.urlInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call('POST', '/videos', { token: admin, body: payload });
      expect(res, JSON.stringify(payload)).toMatchObject({ status: 400, body: { message } });
    }
    const some = (await t.call('GET', '/videos', { token: admin })).body.data[0];
    const put = await t.call('PUT', `/videos/${some.id}`, {
      token: admin,
      body: { title: 'y', url: 'nope' },
    });
    expect(put).toMatchObject({ status: 400, body: { message: VIDEO_MSG.urlInvalid } });
    expect(await count()).toBe(before);
    expect((await t.call('PUT', '/videos/999999', { token: admin, body: body(2) })).status).toBe(404);
    expect((await t.call('DELETE', '/videos/999999', { token: admin })).status).toBe(404);
  });

  it('access: anonymous none, members read only, admins write', async () => {
    const b = await t.register(a.code);
    const one = (await t.call('GET', '/videos', { token: admin })).body.data[0].id;
    for (const [method, url] of [
      ['GET', '/videos'],
      ['GET', '/videos/latest'],
      ['GET', `/videos/${one}`],
    ] as const) {
      expect((await t.call(method, url)).status).toBe(401);
      expect((await t.call(method, url, { token: a.token })).status).toBe(200);
      expect((await t.call(method, url, { token: b.token })).status).toBe(200);
      expect((await t.call(method, url, { token: admin })).status).toBe(200);
    }
    for (const [method, url] of [
      ['POST', '/videos'],
      ['PUT', `/videos/${one}`],
      ['DELETE', `/videos/${one}`],
    ] as const) {
      const payload = method === 'DELETE' ? {} : { body: body(3) };
      expect((await t.call(method, url, payload)).status).toBe(401);
      expect((await t.call(method, url, { ...payload, token: a.token })).status).toBe(403);
      expect((await t.call(method, url, { ...payload, token: b.token })).status).toBe(403);
    }
  });
});

describe('video links', () => {
  it('recognises YouTube and Vimeo links and gives their player address', () => {
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.embed).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(parseVideoUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(parseVideoUrl('https://vimeo.com/channels/staffpicks/76979871')?.embed).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.provider).toBe('vimeo');
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(parseVideoUrl('ftp://youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });
});
