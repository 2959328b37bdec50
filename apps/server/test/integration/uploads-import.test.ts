/**
 * Pictures uploaded while they were files under DATA_DIR/uploads: at start they are copied into
 * the database (storage/images.ts, called by main.ts), after which every instance serves them at
 * the URLs they always had.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDiskImages } from '../../src/storage/images.js';
import { createTestApp, type TestApp } from '../helpers.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-import-'));
const uploadsDir = path.join(dataDir, 'uploads');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.alloc(64, 7),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 3)]);

/** A picture as the old code left it: a file in its folder, and the row naming it. */
function writeOnDisk(folder: 'banners' | 'achievers', name: string, bytes: Buffer) {
  mkdirSync(path.join(uploadsDir, folder), { recursive: true });
  writeFileSync(path.join(uploadsDir, folder, name), bytes);
}
async function bannerRow(name: string, bytes: Buffer, type: string) {
  await t.db.query(
    `INSERT INTO banners (file_name, content_type, size, sha256, created_at) VALUES ($1, $2, $3, $4, now())`,
    [name, type, bytes.length, createHash('sha256').update(bytes).digest('hex')],
  );
}
async function achieverRow(name: string, bytes: Buffer, type: string) {
  const { rows } = await t.db.query<{ id: bigint }>(
    `INSERT INTO achievers (name, achievement, photo_file, photo_type, photo_size, created_at, updated_at)
     VALUES ('Old Achiever', 'Joined before the move', $1, $2, $3, now(), now()) RETURNING id`,
    [name, type, bytes.length],
  );
  return Number(rows[0]!.id);
}
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('pictures kept on disk before they moved into the database', () => {
  it('are copied in once, served at their old URLs, and a lost file is reported, not invented', async () => {
    const banner = `${randomUUID()}.png`;
    const photo = `${randomUUID()}.gif`;
    const lost = `${randomUUID()}.png`;
    writeOnDisk('banners', banner, PNG);
    writeOnDisk('achievers', photo, GIF);
    await bannerRow(banner, PNG, 'image/png');
    const achieverId = await achieverRow(photo, GIF, 'image/gif');
    await achieverRow(lost, PNG, 'image/png');

    // before the copy, the database has no bytes to serve
    expect((await get(`/api/v1/notifications/banner/${banner}`)).statusCode).toBe(404);

    const first = await importDiskImages(t.db, uploadsDir, t.clock.now(), t.app.log);
    expect(first).toEqual({ imported: 2, missing: [lost] });

    const current = await t.call('GET', '/notifications/banner');
    expect(current.body.banner.url).toBe(`/api/v1/notifications/banner/${banner}`);
    const servedBanner = await get(current.body.banner.url);
    expect(servedBanner.statusCode).toBe(200);
    expect(servedBanner.headers['content-type']).toBe('image/png');
    expect(servedBanner.rawPayload.equals(PNG)).toBe(true);
    expect(servedBanner.headers.etag).toBe(`"${createHash('sha256').update(PNG).digest('hex')}"`);

    const achiever = await t.call('GET', `/achivers/${achieverId}`);
    expect(achiever.body.singleachiver.photo).toBe(`/api/v1/achivers/photo/${photo}`);
    const servedPhoto = await get(achiever.body.singleachiver.photo);
    expect(servedPhoto.statusCode).toBe(200);
    expect(servedPhoto.headers['content-type']).toBe('image/gif');
    expect(servedPhoto.rawPayload.equals(GIF)).toBe(true);
    // a banner's name is not served as an achiever photo, nor the reverse
    expect((await get(`/api/v1/achivers/photo/${banner}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/notifications/banner/${photo}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/achivers/photo/${lost}`)).statusCode).toBe(404);

    // the next start finds nothing new to copy
    expect(await importDiskImages(t.db, uploadsDir, t.clock.now(), t.app.log)).toEqual({
      imported: 0,
      missing: [lost],
    });
  });

  it('copies each picture once when several instances start at the same time', async () => {
    const name = `${randomUUID()}.png`;
    writeOnDisk('achievers', name, PNG);
    await achieverRow(name, PNG, 'image/png');
    const runs = await Promise.all(
      [1, 2, 3].map(() => importDiskImages(t.db, uploadsDir, t.clock.now(), t.app.log)),
    );
    expect(runs.reduce((n, r) => n + r.imported, 0)).toBe(1);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM uploads WHERE file_name = $1',
      [name],
    );
    expect(rows[0]!.n).toBe(1);
    expect((await get(`/api/v1/achivers/photo/${name}`)).rawPayload.equals(PNG)).toBe(true);
  });
});
