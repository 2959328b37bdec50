import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';

/**
 * The attack: take the back-office away from its admins through its own screens (an admin blocking
 * or deleting themselves, or the admins blocking each other until nobody is left).
 */
let t: TestApp;
let adminId: number;
let adminTokenA: string;
beforeAll(async () => {
  t = await createTestApp();
  adminTokenA = await t.adminToken();
  const { rows } = await t.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [ADMIN.email]);
  adminId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

const row = async (id: number) =>
  (await t.db.query('SELECT status, updated_at FROM users WHERE id = $1', [id])).rows[0] as
    | { status: string; updated_at: Date }
    | undefined;
const auditCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]!.n;
const signIn = async (login: { email: string; password: string }) => {
  const res = await t.call('POST', '/auth/adminsignin', {
    body: { email: login.email, password: login.password },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.admin.token as string;
};

describe('an admin cannot lock the back-office out', () => {
  it('refuses an admin blocking themselves (409) and changes nothing', async () => {
    const before = await row(adminId);
    const audits = await auditCount();
    const res = await t.call('PUT', `/users/${adminId}`, { token: adminTokenA, body: { status: 'block' } });
    expect(res).toMatchObject({ status: 409, body: { message: MSG.selfLockout } });
    expect(await row(adminId)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // still signed in: the session was not revoked
    expect((await t.call('GET', '/users/stats', { token: adminTokenA })).status).toBe(200);
  });

  it('refuses an admin deleting themselves (409) and changes nothing', async () => {
    const res = await t.call('DELETE', `/users/${adminId}`, { token: adminTokenA });
    expect(res).toMatchObject({ status: 409, body: { message: MSG.selfLockout } });
    expect(await row(adminId)).toMatchObject({ status: 'unblock' });
    expect((await t.call('GET', '/users/stats', { token: adminTokenA })).status).toBe(200);
  });

  it('lets an admin block another admin while one stays, and that admin is signed out at once', async () => {
    const other = await addAdmin(t, 'other');
    const otherToken = await signIn(other);
    const res = await t.call('PUT', `/users/${other.id}`, { token: adminTokenA, body: { status: 'block' } });
    expect(res.status, res.raw).toBe(200);
    expect(await row(other.id)).toMatchObject({ status: 'block' });
    expect((await t.call('GET', '/users/stats', { token: otherToken })).status).toBe(401);
    // unblocked again for the next tests
    expect(
      (await t.call('PUT', `/users/${other.id}`, { token: adminTokenA, body: { status: 'unblock' } })).status,
    ).toBe(200);
  });

  it('two admins blocking each other at the same moment: one wins, the last active admin stays (409)', async () => {
    // only these two are active: every other admin of this database is blocked first
    const b = await addAdmin(t, 'rival');
    await t.db.query(`UPDATE users SET status = 'block' WHERE role = 'admin' AND id NOT IN ($1, $2)`, [
      adminId,
      b.id,
    ]);
    const tokenB = await signIn(b);
    // Both requests must be past authentication and at the admin lock together (else the first
    // one's block simply signs the other admin out: a 401, just as safe). Another connection holds
    // the admin rows until both wait on them, then lets go.
    const holder = await t.db.connect();
    let both: Promise<[Awaited<ReturnType<TestApp['call']>>, Awaited<ReturnType<TestApp['call']>>]>;
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);
      both = Promise.all([
        t.call('PUT', `/users/${b.id}`, { token: adminTokenA, body: { status: 'block' } }),
        t.call('PUT', `/users/${adminId}`, { token: tokenB, body: { status: 'block' } }),
      ]);
      await expect
        .poll(
          async () =>
            (
              await t.db.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n,
          { timeout: 20_000 },
        )
        .toBe(2);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    const [aBlocksB, bBlocksA] = await both;
    const statuses = [aBlocksB.status, bBlocksA.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = aBlocksB.status === 409 ? aBlocksB : bBlocksA;
    expect(refused.body.message).toBe(MSG.lastAdmin);
    const active = await t.db.query(`SELECT id FROM users WHERE role = 'admin' AND status = 'unblock'`);
    expect(active.rowCount).toBe(1);

    // the survivor cannot block themselves either: the back-office always keeps one admin
    const survivorId = aBlocksB.status === 200 ? adminId : b.id;
    const survivorToken = aBlocksB.status === 200 ? adminTokenA : tokenB;
    const again = await t.call('PUT', `/users/${survivorId}`, {
      token: survivorToken,
      body: { status: 'block' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: MSG.selfLockout } });
    expect((await row(survivorId))?.status).toBe('unblock');

    // put the first admin back for whatever runs next
    if (survivorId !== adminId) {
      expect(
        (await t.call('PUT', `/users/${adminId}`, { token: survivorToken, body: { status: 'unblock' } }))
          .status,
      ).toBe(200);
      adminTokenA = await t.adminToken();
    }
  });

  it('still blocks members as before', async () => {
    const m = await t.register();
    const res = await t.call('PUT', `/users/${m.id}`, { token: adminTokenA, body: { status: 'block' } });
    expect(res.status, res.raw).toBe(200);
    expect((await t.call('GET', `/users/${m.id}`, { token: m.token })).status).toBe(401);
  });
});
