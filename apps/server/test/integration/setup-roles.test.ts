/**
 * The setup list shows each admin only what their roles can fix (issue 37.21): a finance admin saw
 * "Connect a mail server" and "Add a plan", which only an owner (or the operator) can do.
 */
import type { SetupResponse } from '@app/contracts/setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signIn = async (login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;
async function setup(token: string) {
  const res = await t.call('GET', '/setup', { token });
  expect(res.status).toBe(200);
  return res.body as SetupResponse;
}

describe('the setup list by role', () => {
  it('shows an owner every item, a finance or support admin only their own two-factor', async () => {
    const owner = await setup(await t.adminToken());
    expect(owner.items).toHaveLength(12);

    for (const role of ['finance', 'support', 'auditor'] as const) {
      const token = await signIn(await addAdmin(t, role, [role]));
      const s = await setup(token);
      expect(s.items.map((i) => i.id)).toEqual(['two-factor']);
      expect(s.total).toBe(1);
      expect(s.done).toBe(0);
      expect(s.may_dismiss).toBe(false);
    }
  });

  it("shows a finance admin at example.com her own address, to change under Account; not another's", async () => {
    const fiona = await addAdmin(t, 'fiona', ['finance']);
    await t.db.query('UPDATE users SET email = $2 WHERE id = $1', [fiona.id, 'fiona@example.com']);
    const token = await signIn({ email: 'fiona@example.com', password: fiona.password });
    const mine = await setup(token);
    expect(mine.items.map((i) => i.id)).toEqual(['admin-email', 'two-factor']);
    expect(mine.items[0]).toMatchObject({ done: false, path: '/admin/account' });
    expect(mine.items[0]!.explanation).toContain('Change yours under Account');

    // a support admin cannot change fiona's address: the item is not hers
    const support = await signIn(await addAdmin(t, 'helpdesk', ['support']));
    expect((await setup(support)).items.map((i) => i.id)).toEqual(['two-factor']);
    // an owner can, under Team
    const owner = await setup(await t.adminToken());
    expect(owner.items.find((i) => i.id === 'admin-email')).toMatchObject({
      done: false,
      path: '/admin/team',
    });
  });

  it("shows the first admin's password only to the first admin", async () => {
    const second = await signIn(await addAdmin(t, 'second-owner', ['owner']));
    expect((await setup(second)).items.some((i) => i.id === 'admin-password')).toBe(false);
    expect((await setup(await t.adminToken())).items.some((i) => i.id === 'admin-password')).toBe(true);
  });
});
