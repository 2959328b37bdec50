/**
 * The operator's setup list (GET /setup, issue 27.5): a fresh platform has its items open, each closes
 * when what it asks for is done, owners dismiss and restore items (audited), others may not.
 */
import { SETUP_ITEM_IDS, type SetupItem, type SetupResponse } from '@app/contracts/setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, lastMail, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep, enrol } from './admin-fixtures.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.adminToken();
});
afterAll(async () => t?.close());

async function setup(token = owner) {
  const res = await t.call('GET', '/setup', { token });
  expect(res.status).toBe(200);
  return res.body as SetupResponse;
}
const item = (s: SetupResponse, id: string) => s.items.find((i) => i.id === id) as SetupItem;
const signIn = async (login: { email: string; password: string }) =>
  (await adminPasswordStep(t, login)).body.admin.token as string;
const auditOf = async (action: string) =>
  (
    await t.db.query<{ target_id: string; admin_id: string }>(
      'SELECT target_id, admin_id FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

describe('the setup list', () => {
  it('opens on a fresh platform with what it lacks, each item saying where it is fixed', async () => {
    const s = await setup();
    expect(s.items.map((i) => i.id)).toEqual([...SETUP_ITEM_IDS]);
    expect(s.total).toBe(12);
    expect(s.may_dismiss).toBe(true);
    const open = s.items.filter((i) => !i.done).map((i) => i.id);
    // the test app's admin is admin@test.local and PUBLIC_URL http://app.test: those two are done
    expect(open).toEqual([
      'admin-password',
      'two-factor',
      // the test app starts with two-factor relaxed, as the demo does (issue36-totp-default.test.ts)
      'two-factor-all',
      'second-finance',
      'mail',
      'payments',
      'wallet-deposits',
      'plans',
      'backups',
    ]);
    // and nobody got finance or owner this week: 'team-grants' is done too
    expect(s.done).toBe(3);
    expect(s.items.every((i) => !i.dismissed && i.explanation.length > 0)).toBe(true);
    expect(item(s, 'second-finance').explanation).toBe(
      'Large withdrawals (above 1,000 USDT) cannot be paid until a second finance admin is invited.',
    );
    expect(item(s, 'mail')).toMatchObject({
      path: '/admin/mail',
      explanation:
        'Mail is not delivered: members never get verification codes; read them under Admin → Mail.',
    });
    expect(item(s, 'plans').path).toBe('/admin/plans');
    expect(item(s, 'second-finance').path).toBe('/admin/team');
    expect(item(s, 'admin-password').path).toBe('/admin/account');
    expect(item(s, 'backups')).toMatchObject({
      done: false,
      path: '/admin/backups',
      docs: 'docs/operations.md#backups',
      explanation: expect.stringMatching(
        /^No backup yet\. Backups run daily at 03:00 UTC into \/.+\/backups; /,
      ),
    });
  });

  it('closes "plans" once a plan is on sale', async () => {
    const created = await t.call('POST', '/plans/add', {
      token: owner,
      body: { name: 'Starter', min_amount: 100, max_amount: 999 },
    });
    expect(created.status).toBe(201);
    expect(item(await setup(), 'plans').done).toBe(true);
  });

  it('closes "second finance admin" with a second admin holding finance, not with a support admin', async () => {
    await addAdmin(t, 'helpdesk', ['support']);
    expect(item(await setup(), 'second-finance').done).toBe(false);
    await addAdmin(t, 'treasurer', ['finance']);
    expect(item(await setup(), 'second-finance').done).toBe(true);
  });

  it("flags an admin at example.com, and closes the first admin's password once it is changed", async () => {
    await t.db.query(`UPDATE users SET email = 'admin@example.com' WHERE email = $1`, [ADMIN.email]);
    const flagged = item(await setup(), 'admin-email');
    expect(flagged.done).toBe(false);
    expect(flagged.explanation).toContain('admin@example.com');
    await t.db.query(`UPDATE users SET email = $1 WHERE email = 'admin@example.com'`, [ADMIN.email]);
    expect(item(await setup(), 'admin-email').done).toBe(true);

    // any path that changes the password counts (a trigger): here the reset link
    await t.call('POST', '/pass/forget', { body: { email: ADMIN.email } });
    const link = /https?:\/\/\S+/.exec((await lastMail(t.db, ADMIN.email))!.body_text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const password = 'ChosenByOwner-2026';
    expect((await t.call('POST', '/pass/reset', { body: { token, password } })).status).toBe(200);
    // the reset ended every session of the account: sign in again with the new password
    owner = await signIn({ email: ADMIN.email, password });
    expect(item(await setup(), 'admin-password').done).toBe(true);
  });

  it('answers two-factor for the admin who asks: done for one who turned it on, open for another', async () => {
    const second = await addAdmin(t, 'second-owner');
    const secondToken = await signIn(second);
    await enrol(t, secondToken);
    expect(item(await setup(secondToken), 'two-factor').done).toBe(true);
    expect(item(await setup(), 'two-factor').done).toBe(false);
  });

  it('lets an owner dismiss and restore an item, audited; dismissing twice changes nothing', async () => {
    const dismissed = await t.call('POST', '/setup/backups/dismiss', { token: owner });
    expect(dismissed.status).toBe(200);
    expect(item(await setup(), 'backups')).toMatchObject({ done: false, dismissed: true });
    expect((await t.call('POST', '/setup/backups/dismiss', { token: owner })).status).toBe(200);
    expect(await auditOf('setup.dismiss')).toEqual([{ target_id: 'backups', admin_id: expect.anything() }]);

    expect((await t.call('DELETE', '/setup/backups/dismiss', { token: owner })).status).toBe(200);
    expect(item(await setup(), 'backups').dismissed).toBe(false);
    expect(await auditOf('setup.undismiss')).toHaveLength(1);
    expect((await t.call('POST', '/setup/no-such-item/dismiss', { token: owner })).status).toBe(404);
  });

  it('shows the list to every admin but lets only owners dismiss (403 for support and auditors)', async () => {
    for (const roles of [['support'], ['auditor']] as const) {
      const token = await signIn(await addAdmin(t, roles[0], [...roles]));
      const s = await setup(token);
      expect(s.may_dismiss).toBe(false);
      expect((await t.call('POST', '/setup/mail/dismiss', { token })).status).toBe(403);
      expect((await t.call('DELETE', '/setup/mail/dismiss', { token })).status).toBe(403);
    }
    expect(item(await setup(), 'mail').dismissed).toBe(false);
    const member = await t.register();
    expect((await t.call('GET', '/setup', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/setup')).status).toBe(401);
  });
});

describe('the setup list on a configured platform', () => {
  it('closes what the configuration provides and says when payments are simulated', async () => {
    const c = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYMENT_PROVIDER: 'sandbox',
      DEPOSIT_ADDRESS_BEP20: `0x${'ab'.repeat(20)}`,
      CHAIN_RPC_56: 'http://127.0.0.1:8545',
      PUBLIC_URL: 'http://localhost:3000',
    });
    try {
      const s = (await c.call('GET', '/setup', { token: await c.adminToken() })).body as SetupResponse;
      expect(item(s, 'mail').done).toBe(true);
      expect(item(s, 'wallet-deposits').done).toBe(true);
      expect(item(s, 'payments')).toMatchObject({
        done: false,
        explanation: 'Payments are simulated (PAYMENT_PROVIDER=sandbox): they credit money nobody paid.',
      });
      expect(item(s, 'public-url')).toMatchObject({ done: false });
      expect(item(s, 'public-url').explanation).toContain('http://localhost:3000');
    } finally {
      await c.close();
    }
  });
});
