import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACHIEVER_MSG, ACHIEVER_PHOTO_MAX_BYTES } from '@app/contracts/achievers';
import { NEWS_MSG } from '@app/contracts/news';
import { QR_MSG } from '@app/contracts/qr-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let a: Member;
let b: Member;
const dataDir = mkdtempSync(path.join(tmpdir(), 'content-test-'));
const photoDir = path.join(dataDir, 'uploads', 'achievers');

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.adminToken();
  a = await t.register();
  b = await t.register(a.code);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The four callers every route is checked against. */
const callers = () =>
  [
    ['anonymous', undefined],
    ['member A', a.token],
    ['member B', b.token],
    ['admin', admin],
  ] as const;
const notAdmins = () => callers().filter(([who]) => who !== 'admin');

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const auditActions = async (type: string, id: number) =>
  (
    await t.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id',
      [type, String(id)],
    )
  ).rows.map((r) => r.action);

describe('news', () => {
  const body = { title: 'Withdrawals on Sunday', content: 'Withdrawals are processed on Sundays too.' };

  it('lets only an admin add, edit and delete news; anyone reads them', async () => {
    for (const [who, token] of notAdmins()) {
      expect((await t.call('POST', '/news/add', { token, body })).status, who).toBe(401);
    }
    expect(await count('news')).toBe(0);
    const created = await t.call('POST', '/news/add', { token: admin, body });
    expect(created).toMatchObject({ status: 201, body: { message: NEWS_MSG.created, news: body } });
    const id = created.body.news.id as number;

    for (const [who, token] of callers()) {
      const list = await t.call('GET', '/news/list', { token });
      expect(list.status, who).toBe(200);
      expect(
        list.body.allnews.map((n: { id: number }) => n.id),
        who,
      ).toContain(id);
      const one = await t.call('GET', `/news/${id}`, { token });
      expect(one, who).toMatchObject({ status: 200, body: { singlenews: { id, ...body } } });
    }

    for (const [who, token] of notAdmins()) {
      const put = await t.call('PUT', `/news/${id}`, { token, body: { title: 'Hacked' } });
      expect(put.status, who).toBe(401);
      expect((await t.call('DELETE', `/news/${id}`, { token })).status, who).toBe(401);
    }
    expect((await t.call('GET', `/news/${id}`)).body.singlenews.title).toBe(body.title);

    t.clock.advance(60_000);
    const edited = await t.call('PUT', `/news/${id}`, { token: admin, body: { title: 'Sunday payouts' } });
    expect(edited).toMatchObject({
      status: 200,
      body: { message: NEWS_MSG.updated, news: { title: 'Sunday payouts', content: body.content } },
    });
    expect(edited.body.news.updated_at).not.toBe(edited.body.news.created_at);

    expect(await t.call('DELETE', `/news/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: NEWS_MSG.deleted },
    });
    expect((await t.call('GET', `/news/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/news/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('PUT', `/news/${id}`, { token: admin, body: { title: 'x' } })).status).toBe(404);
    expect(await auditActions('news', id)).toEqual(['news.create', 'news.update', 'news.delete']);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await count('news');
    const cases: Array<[unknown, string]> = [
      [{ content: 'No title' }, NEWS_MSG.titleRequired],
      [{ title: '   ', content: 'Blank title' }, NEWS_MSG.titleRequired],
      [{ title: 'No content' }, NEWS_MSG.contentRequired],
      [{ title: 'x'.repeat(201), content: 'Long title' }, 'Title must be at most 200 characters'],
      [{ ...body, content: 'y'.repeat(5001) }, 'Content must be at most 5000 characters'],
      [{ ...body, pinned: true }, 'pinned'],
    ];
    for (const [input, message] of cases) {
      const res = await t.call('POST', '/news/add', { token: admin, body: input });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await count('news')).toBe(before);

    const { id } = (await t.call('POST', '/news/add', { token: admin, body })).body.news;
    const bad = await t.call('PUT', `/news/${id}`, { token: admin, body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(NEWS_MSG.titleRequired);
    expect((await t.call('GET', `/news/${id}`)).body.singlenews.title).toBe(body.title);
    expect((await t.call('GET', '/news/abc')).status).toBe(400);
  });

  it('lists newest first, a page at a time', async () => {
    await t.db.query('DELETE FROM news');
    for (const n of [1, 2, 3]) {
      t.clock.advance(1000);
      await t.call('POST', '/news/add', { token: admin, body: { title: `News ${n}`, content: 'Text' } });
    }
    const page1 = await t.call('GET', '/news/list?limit=2');
    expect(page1.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 1 });
    expect(page1.body.allnews.map((n: { title: string }) => n.title)).toEqual(['News 3', 'News 2']);
    const page2 = await t.call('GET', '/news/list?limit=2&page=2');
    expect(page2.body.allnews.map((n: { title: string }) => n.title)).toEqual(['News 1']);
    expect((await t.call('GET', '/news/list?limit=101')).status).toBe(400);
  });
});

describe('QR links', () => {
  const link = { title: 'Community chat', url: 'https://t.me/earnhub_community' };

  it('lets only an admin add, edit and delete links; members see the active ones, admins all', async () => {
    for (const [who, token] of notAdmins()) {
      expect((await t.call('POST', '/qr/add', { token, body: link })).status, who).toBe(401);
    }
    expect(await count('qr_links')).toBe(0);
    const created = await t.call('POST', '/qr/add', { token: admin, body: link });
    expect(created).toMatchObject({
      status: 201,
      body: { message: QR_MSG.created, qrlink: { ...link, active: true } },
    });
    const id = created.body.qrlink.id as number;
    const hidden = (
      await t.call('POST', '/qr/add', {
        token: admin,
        body: { title: 'Draft guide', url: 'http://example.com/guide', active: false },
      })
    ).body.qrlink.id as number;

    expect((await t.call('GET', '/qr')).status).toBe(401);
    for (const token of [a.token, b.token]) {
      const res = await t.call('GET', '/qr', { token });
      expect(res.status).toBe(200);
      expect(res.body.qrlinks.map((l: { id: number }) => l.id)).toEqual([id]);
      expect(res.body.total).toBe(1);
    }
    const all = await t.call('GET', '/qr', { token: admin });
    expect(all.body.qrlinks.map((l: { id: number }) => l.id)).toEqual([hidden, id]);

    for (const [who, token] of notAdmins()) {
      expect((await t.call('PUT', `/qr/${hidden}`, { token, body: { active: true } })).status, who).toBe(401);
      expect((await t.call('DELETE', `/qr/${id}`, { token })).status, who).toBe(401);
    }
    const shown = await t.call('PUT', `/qr/${hidden}`, { token: admin, body: { active: true } });
    expect(shown).toMatchObject({ status: 200, body: { message: QR_MSG.updated, qrlink: { active: true } } });
    expect((await t.call('GET', '/qr', { token: a.token })).body.qrlinks).toHaveLength(2);

    expect(await t.call('DELETE', `/qr/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: QR_MSG.deleted },
    });
    expect(
      (await t.call('GET', '/qr', { token: b.token })).body.qrlinks.map((l: { id: number }) => l.id),
    ).toEqual([hidden]);
    expect((await t.call('DELETE', `/qr/${id}`, { token: admin })).status).toBe(404);
    expect(await auditActions('qr_link', id)).toEqual(['qr.create', 'qr.delete']);
    expect(await auditActions('qr_link', hidden)).toEqual(['qr.create', 'qr.update']);
  });

  it('refuses bad links with a clear 400 and changes nothing', async () => {
    const before = await count('qr_links');
    const cases: Array<[unknown, string]> = [
      [{ url: link.url }, QR_MSG.titleRequired],
      [{ title: 'No URL' }, QR_MSG.urlRequired],
      [{ title: 'Empty URL', url: '  ' }, QR_MSG.urlRequired],
      [{ title: 'Script', url: 'javascript:alert(1)' }, QR_MSG.urlInvalid],
      [{ title: 'Data', url: 'data:text/html,<script>alert(1)</script>' }, QR_MSG.urlInvalid],
      [{ title: 'No scheme', url: 't.me/earnhub' }, QR_MSG.urlInvalid],
      [{ ...link, url: `https://example.com/${'a'.repeat(1000)}` }, 'URL must be at most 1000 characters'],
      [{ ...link, active: 'yes' }, 'Active must be true or false'],
    ];
    for (const [input, message] of cases) {
      const res = await t.call('POST', '/qr/add', { token: admin, body: input });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await count('qr_links')).toBe(before);

    const { id } = (await t.call('POST', '/qr/add', { token: admin, body: link })).body.qrlink;
    const bad = await t.call('PUT', `/qr/${id}`, { token: admin, body: { url: 'ftp://files.example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(QR_MSG.urlInvalid);
    const stored = (await t.call('GET', '/qr', { token: admin })).body.qrlinks.find(
      (l: { id: number }) => l.id === id,
    );
    expect(stored.url).toBe(link.url);
  });
});

describe('achievers', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
    Buffer.alloc(64, 1),
  ]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
  const photoFiles = () => {
    try {
      return readdirSync(photoDir).sort();
    } catch {
      return [];
    }
  };

  interface Part {
    name: string;
    value: string | Buffer;
    filename?: string;
    type?: string;
  }

  /** A multipart/form-data body, as a browser sends a form with a file. */
  function formData(parts: Part[]) {
    const boundary = '----contenttest9XkQ2b';
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
      const type = p.filename ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
      chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function send(
    method: 'POST' | 'PUT',
    url: string,
    token: string | undefined,
    fields: Record<string, string>,
    photo?: { bytes: Buffer; filename?: string; type?: string; field?: string },
  ) {
    const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    if (photo) {
      parts.push({
        name: photo.field ?? 'image',
        value: photo.bytes,
        filename: photo.filename ?? 'photo.png',
        type: photo.type ?? 'image/png',
      });
    }
    const body = formData(parts);
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  const add = (
    token: string | undefined,
    fields: Record<string, string>,
    photo?: Parameters<typeof send>[4],
  ) => send('POST', '/achivers/add', token, fields, photo);
  const fields = { name: 'Riya Sharma', achievement: 'Reached the Gold rank' };
  const getPhoto = (url: string) => t.app.inject({ method: 'GET', url });

  it('lets only an admin add, edit and delete achievers; anyone reads them and their photos', async () => {
    for (const [who, token] of notAdmins()) {
      expect((await add(token, fields, { bytes: PNG })).status, who).toBe(401);
    }
    expect(await count('achievers')).toBe(0);
    expect(photoFiles()).toEqual([]);

    const created = await add(admin, fields, { bytes: PNG, filename: 'riya.PNG' });
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: ACHIEVER_MSG.created,
        achiver: { ...fields, photo_type: 'image/png', photo_size: PNG.length },
      },
    });
    const id = created.body.achiver.id as number;
    const photoUrl = created.body.achiver.photo as string;
    expect(photoFiles()).toEqual([path.basename(photoUrl)]);
    expect(path.basename(photoUrl)).not.toContain('riya');

    for (const [who, token] of callers()) {
      const list = await t.call('GET', '/achivers/list', { token });
      expect(list.status, who).toBe(200);
      expect(
        list.body.allachivers.map((x: { id: number }) => x.id),
        who,
      ).toEqual([id]);
      const one = await t.call('GET', `/achivers/${id}`, { token });
      expect(one, who).toMatchObject({
        status: 200,
        body: { singleachiver: { id, ...fields, photo: photoUrl } },
      });
    }
    const served = await getPhoto(photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    for (const [who, token] of notAdmins()) {
      expect((await send('PUT', `/achivers/${id}`, token, { name: 'Hacked' })).status, who).toBe(401);
      expect((await t.call('DELETE', `/achivers/${id}`, { token })).status, who).toBe(401);
    }
    expect((await t.call('GET', `/achivers/${id}`)).body.singleachiver.name).toBe(fields.name);

    // Text only: the photo stays.
    const renamed = await send('PUT', `/achivers/${id}`, admin, { achievement: 'Reached the Diamond rank' });
    expect(renamed).toMatchObject({
      status: 200,
      body: {
        message: ACHIEVER_MSG.updated,
        achiver: { name: fields.name, achievement: 'Reached the Diamond rank', photo: photoUrl },
      },
    });
    // A new photo replaces the old one, on disk too.
    const rephoto = await send(
      'PUT',
      `/achivers/${id}`,
      admin,
      {},
      { bytes: JPEG, filename: 'new.jpg', type: 'image/jpeg' },
    );
    expect(rephoto.status).toBe(200);
    const newUrl = rephoto.body.achiver.photo as string;
    expect(newUrl).not.toBe(photoUrl);
    expect(rephoto.body.achiver.photo_type).toBe('image/jpeg');
    expect(photoFiles()).toEqual([path.basename(newUrl)]);
    expect((await getPhoto(photoUrl)).statusCode).toBe(404);
    expect((await getPhoto(newUrl)).headers['content-type']).toBe('image/jpeg');

    expect(await t.call('DELETE', `/achivers/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: ACHIEVER_MSG.deleted },
    });
    expect(photoFiles()).toEqual([]);
    expect((await getPhoto(newUrl)).statusCode).toBe(404);
    expect((await t.call('GET', `/achivers/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/achivers/${id}`, { token: admin })).status).toBe(404);
    expect((await send('PUT', `/achivers/${id}`, admin, { name: 'Gone' }, { bytes: PNG })).status).toBe(404);
    expect(photoFiles()).toEqual([]);
    expect(await auditActions('achiever', id)).toEqual([
      'achievers.create',
      'achievers.update',
      'achievers.update',
      'achievers.delete',
    ]);
  });

  it('refuses a non-image, an oversized photo, a missing photo or bad fields, storing nothing', async () => {
    const before = await count('achievers');
    const filesBefore = photoFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(ACHIEVER_PHOTO_MAX_BYTES, 3)]);
    const cases: Array<[ReturnType<typeof add>, number, string]> = [
      [
        add(admin, fields, { bytes: Buffer.from('just some text\n'), filename: 'me.png' }),
        400,
        ACHIEVER_MSG.photoType,
      ],
      [
        add(admin, fields, {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          filename: 'me.svg',
          type: 'image/svg+xml',
        }),
        400,
        ACHIEVER_MSG.photoType,
      ],
      [
        add(admin, fields, {
          bytes: Buffer.from('<!doctype html><p>hi'),
          filename: 'me.gif',
          type: 'image/gif',
        }),
        400,
        ACHIEVER_MSG.photoType,
      ],
      [add(admin, fields, { bytes: big }), 413, ACHIEVER_MSG.photoTooLarge],
      [add(admin, fields), 400, ACHIEVER_MSG.photoMissing],
      [add(admin, fields, { bytes: Buffer.alloc(0) }), 400, ACHIEVER_MSG.photoMissing],
      [add(admin, fields, { bytes: PNG, field: 'photo' }), 400, 'send the file as "image"'],
      [add(admin, { achievement: 'No name' }, { bytes: PNG }), 400, ACHIEVER_MSG.nameRequired],
      [add(admin, { name: '  ', achievement: 'Blank name' }, { bytes: PNG }), 400, ACHIEVER_MSG.nameRequired],
      [add(admin, { name: 'No achievement' }, { bytes: PNG }), 400, ACHIEVER_MSG.achievementRequired],
      [
        add(admin, { ...fields, name: 'n'.repeat(101) }, { bytes: PNG }),
        400,
        'Name must be at most 100 characters',
      ],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, message).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const json = await t.call('POST', '/achivers/add', { token: admin, body: fields });
    expect(json).toMatchObject({ status: 400, body: { message: ACHIEVER_MSG.notMultipart } });
    expect(await count('achievers')).toBe(before);
    expect(photoFiles()).toEqual(filesBefore);

    // An edit with a bad photo keeps the achiever as it was.
    const { id, photo } = (await add(admin, fields, { bytes: PNG })).body.achiver;
    const files = photoFiles();
    const badEdit = await send(
      'PUT',
      `/achivers/${id}`,
      admin,
      { name: 'New name' },
      {
        bytes: Buffer.from('not an image'),
      },
    );
    expect(badEdit).toMatchObject({ status: 400, body: { message: ACHIEVER_MSG.photoType } });
    const tooBig = await send('PUT', `/achivers/${id}`, admin, {}, { bytes: big });
    expect(tooBig.status).toBe(413);
    const blank = await send('PUT', `/achivers/${id}`, admin, { name: '' });
    expect(blank).toMatchObject({ status: 400, body: { message: ACHIEVER_MSG.nameRequired } });
    expect((await t.call('GET', `/achivers/${id}`)).body.singleachiver).toMatchObject({
      name: fields.name,
      photo,
    });
    expect(photoFiles()).toEqual(files);
  });

  it('serves only stored photos by their generated names', async () => {
    for (const url of [
      '/api/v1/achivers/photo/..%2F..%2Fconfig.json',
      '/api/v1/achivers/photo/passwd',
      '/api/v1/achivers/photo/00000000-0000-0000-0000-000000000000.png',
    ]) {
      const res = await getPhoto(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('lists newest first, a page at a time', async () => {
    await t.db.query('DELETE FROM achievers');
    for (const n of [1, 2, 3]) {
      t.clock.advance(1000);
      await add(admin, { name: `Achiever ${n}`, achievement: 'Top team' }, { bytes: PNG });
    }
    const page1 = await t.call('GET', '/achivers/list?limit=2');
    expect(page1.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 1 });
    expect(page1.body.allachivers.map((x: { name: string }) => x.name)).toEqual(['Achiever 3', 'Achiever 2']);
  });
});
