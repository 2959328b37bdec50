/** The app, members and settings helpers shared by the platform, audit log and decision mail tests. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

// Set by usePlatformApp's beforeAll; importers see the values through ES live bindings.
export let t: TestApp;
export let admin: string;
/** A second finance admin, two days on the team: approves what `admin` asks (four eyes). */
export let second: Awaited<ReturnType<typeof secondEyes>>;
type Member = Awaited<ReturnType<TestApp['register']>>;
export let root: Member;
export let memberA: Member;
export let memberB: Member;
export const BEP20 = `0x${'c'.repeat(40)}`;

/**
 * A fresh app for this test file: the admin, a root member, member A (500 in earnings) and member B,
 * and every test starting from an open platform.
 */
export function usePlatformApp() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    second = await secondEyes(t);
    root = await t.register();
    memberA = await readyMember(500);
    memberB = await readyMember(0);
  });
  afterAll(async () => t.close());

  // Every test starts from an open platform.
  beforeEach(async () => {
    const reset = await setSettings({
      withdrawal_min: 10,
      registration_open: true,
      signin_open: true,
      deposits_open: true,
      withdrawals_open: true,
      transfers_open: true,
      roi_claims_open: true,
      support_open: true,
    });
    expect(reset.status).toBe(200);
  });
}

/** A verified member with a BEP20 address and `earnings` credited by an admin adjustment two admins made. */
async function readyMember(earnings: number) {
  const m = await t.register(root.code);
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
  if (earnings) {
    await adjustByTwo(
      t,
      { ask: admin, approve: second.token },
      { user_id: m.id, wallet: 'earnings', amount: earnings, reason: 'test' },
    );
  }
  return m;
}

export const setSettings = (body: Record<string, unknown>, token = admin) =>
  t.call('PUT', '/settings', { token, body });

export const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(sql, params)).rows[0]!.n);
