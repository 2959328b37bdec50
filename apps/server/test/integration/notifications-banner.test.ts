import { createHash } from 'node:crypto';
import path from 'node:path';
import { BANNER_MAX_BYTES, NOTIFICATION_MSG } from '@app/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { admin, PNG, t, upload, useNotificationsApp } from './notifications-fixtures.js';

useNotificationsApp();

describe('banner upload', () => {
  /** The banner pictures stored in the database. */
  const storedBanners = async () =>
    (await t.db.query<{ file_name: string }>("SELECT file_name FROM uploads WHERE kind = 'banner'")).rows.map(
      (r) => r.file_name,
    );

  it('stores a real image in the database and serves it with safe headers, cached by its hash', async () => {
    const up = await upload(admin, PNG, 'holiday.PNG');
    expect(up.status).toBe(201);
    expect(up.body.banner).toMatchObject({ content_type: 'image/png', size: PNG.length });
    expect((await t.call('GET', '/notifications/banner')).body.banner.url).toBe(up.body.banner.url);
    const res = await t.app.inject({ method: 'GET', url: up.body.banner.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // names never repeat, so the picture is cached for good; its hash lets a cache revalidate cheaply
    const etag = `"${createHash('sha256').update(PNG).digest('hex')}"`;
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(etag);
    const again = await t.app.inject({
      method: 'GET',
      url: up.body.banner.url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await t.app.inject({
      method: 'GET',
      url: up.body.banner.url,
      headers: { 'if-none-match': '"0000"' },
    });
    expect(changed.statusCode).toBe(200);
    // only the current banner is kept, under a name the server chose
    expect(await storedBanners()).toEqual([path.basename(up.body.banner.url)]);
    const audit = await t.db.query("SELECT action FROM audit_log WHERE action = 'notifications.banner'");
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('recognises images by content: JPEG, GIF and WebP pass, text named .png does not', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [gif, 'image/gif'],
      [webp, 'image/webp'],
    ] as const) {
      const up = await upload(admin, bytes, 'anything.bin', 'application/octet-stream');
      expect(up.body.banner.content_type).toBe(type);
      const res = await t.app.inject({ method: 'GET', url: up.body.banner.url });
      expect(res.headers['content-type']).toBe(type);
    }
  });

  it('refuses non-images, oversized files and a missing field, keeping the current banner', async () => {
    const current = (await upload(admin, PNG)).body.banner;
    const refused: Array<[Promise<{ status: number; body: { message: string } }>, number, string]> = [
      [
        upload(admin, Buffer.from('hello, I am a text file\n'), 'photo.png', 'image/png'),
        400,
        NOTIFICATION_MSG.imageType,
      ],
      [
        upload(
          admin,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'a.svg',
          'image/svg+xml',
        ),
        400,
        NOTIFICATION_MSG.imageType,
      ],
      [
        upload(admin, Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.gif', 'image/gif'),
        400,
        NOTIFICATION_MSG.imageType,
      ],
      // just over the limit (cut off while reading), and far over it (refused by its length)
      [
        upload(admin, Buffer.concat([PNG, Buffer.alloc(BANNER_MAX_BYTES)]), 'big.png', 'image/png'),
        413,
        NOTIFICATION_MSG.imageTooLarge,
      ],
      [
        upload(admin, Buffer.concat([PNG, Buffer.alloc(3 * BANNER_MAX_BYTES)]), 'huge.png', 'image/png'),
        413,
        NOTIFICATION_MSG.imageTooLarge,
      ],
      [
        upload(admin, PNG, 'banner.png', 'image/png', 'file'),
        400,
        'Unexpected file field "file"; send the file as "image"',
      ],
      [upload(admin, Buffer.alloc(0), 'empty.png'), 400, NOTIFICATION_MSG.imageMissing],
    ];
    for (const [res, status, message] of refused)
      expect(await res).toMatchObject({ status, body: { message } });
    const json = await t.call('POST', '/notifications/banner', { token: admin, body: { image: 'x' } });
    expect(json).toMatchObject({ status: 400, body: { message: NOTIFICATION_MSG.imageMissing } });

    expect((await t.call('GET', '/notifications/banner')).body.banner).toEqual(current);
    expect(await storedBanners()).toEqual([path.basename(current.url)]);
  });

  it('serves only stored banner files, by their exact generated names', async () => {
    const current = (await t.call('GET', '/notifications/banner')).body.banner;
    const old = (await upload(admin, PNG)).body.banner;
    expect(old.url).not.toBe(current.url);
    // the replaced banner is gone from the database and from the API
    expect((await t.app.inject({ method: 'GET', url: current.url })).statusCode).toBe(404);
    expect(await storedBanners()).toEqual([path.basename(old.url)]);
    for (const name of [
      '..%2F..%2Fjwt-secret',
      'x.png',
      `${path.basename(old.url)}.html`,
      'ffffffff-ffff-ffff-ffff-ffffffffffff.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/notifications/banner/${name}` });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
