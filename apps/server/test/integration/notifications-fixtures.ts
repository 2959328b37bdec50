/** The app, members and banner upload shared by the notification tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

// Set by useNotificationsApp's beforeAll; importers see the values through ES live bindings.
export let t: TestApp;
export let admin: string;
export type Member = Awaited<ReturnType<TestApp['register']>>;
export let a: Member;
export let b: Member;
export const dataDir = mkdtempSync(path.join(tmpdir(), 'notif-test-'));

/** A fresh app for this test file, with its own DATA_DIR: the admin, member A and member B under A. */
export function useNotificationsApp() {
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
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.alloc(64, 1),
]);

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(field: string, file: Buffer, filename: string, type: string) {
  const boundary = '----notiftest7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload(
  token: string | undefined,
  file: Buffer,
  filename = 'banner.png',
  type = 'image/png',
  field = 'image',
) {
  const body = multipart(field, file, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/banner',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
