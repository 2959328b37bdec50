import path from 'node:path';
import { ACHIEVER_MSG, ACHIEVER_PHOTO_MAX_BYTES } from '@app/contracts/achievers';
import { describe, expect, it } from 'vitest';
import {
  admin,
  auditActions,
  callers,
  count,
  notAdmins,
  storedPhotos,
  t,
  useContentApp,
} from './content-fixtures.js';

useContentApp();

describe('achievers', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
    Buffer.alloc(64, 1),
  ]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

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
      expect((await add(token, fields, { bytes: PNG })).status, who).toBe(token ? 403 : 401);
    }
    expect(await count('achievers')).toBe(0);
    expect(await storedPhotos()).toEqual([]);

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
    expect(await storedPhotos()).toEqual([path.basename(photoUrl)]);
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
      expect((await send('PUT', `/achivers/${id}`, token, { name: 'Hacked' })).status, who).toBe(
        token ? 403 : 401,
      );
      expect((await t.call('DELETE', `/achivers/${id}`, { token })).status, who).toBe(token ? 403 : 401);
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
    expect(await storedPhotos()).toEqual([path.basename(newUrl)]);
    expect((await getPhoto(photoUrl)).statusCode).toBe(404);
    expect((await getPhoto(newUrl)).headers['content-type']).toBe('image/jpeg');

    expect(await t.call('DELETE', `/achivers/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: ACHIEVER_MSG.deleted },
    });
    expect(await storedPhotos()).toEqual([]);
    expect((await getPhoto(newUrl)).statusCode).toBe(404);
    expect((await t.call('GET', `/achivers/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/achivers/${id}`, { token: admin })).status).toBe(404);
    expect((await send('PUT', `/achivers/${id}`, admin, { name: 'Gone' }, { bytes: PNG })).status).toBe(404);
    expect(await storedPhotos()).toEqual([]);
    expect(await auditActions('achiever', id)).toEqual([
      'achievers.create',
      'achievers.update',
      'achievers.update',
      'achievers.delete',
    ]);
  });

  it('refuses a non-image, an oversized photo, a missing photo or bad fields, storing nothing', async () => {
    const before = await count('achievers');
    const filesBefore = await storedPhotos();
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
    expect(await storedPhotos()).toEqual(filesBefore);

    // An edit with a bad photo keeps the achiever as it was.
    const { id, photo } = (await add(admin, fields, { bytes: PNG })).body.achiver;
    const files = await storedPhotos();
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
    expect(await storedPhotos()).toEqual(files);
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
