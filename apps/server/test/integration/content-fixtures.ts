/** The app, members and helpers shared by the content tests (news, QR links, achievers). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

// Set by useContentApp's beforeAll; importers see the values through ES live bindings.
export let t: TestApp;
export let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
export let a: Member;
export let b: Member;
const dataDir = mkdtempSync(path.join(tmpdir(), 'content-test-'));

/** A fresh app for this test file, with its own DATA_DIR: the admin, member A and member B under A. */
export function useContentApp() {
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

/** The four callers every route is checked against. */
export const callers = () =>
  [
    ['anonymous', undefined],
    ['member A', a.token],
    ['member B', b.token],
    ['admin', admin],
  ] as const;
export const notAdmins = () => callers().filter(([who]) => who !== 'admin');

/** The names of the achiever photos stored in the database, sorted. */
export const storedPhotos = async () =>
  (
    await t.db.query<{ file_name: string }>(
      "SELECT file_name FROM uploads WHERE kind = 'achiever' ORDER BY file_name",
    )
  ).rows.map((r) => r.file_name);

export const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
export const auditActions = async (type: string, id: number) =>
  (
    await t.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id',
      [type, String(id)],
    )
  ).rows.map((r) => r.action);
