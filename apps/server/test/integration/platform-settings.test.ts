import { CLOSED_MESSAGES, DEFAULT_SETTINGS } from '@app/contracts/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<TestApp['register']>>;
let root: Member;
let memberA: Member;
let memberB: Member;
const BEP20 = `0x${'c'.repeat(40)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
  memberA = await readyMember(500);
  memberB = await readyMember(0);
});
afterAll(async () => t.close());

/** A verified member with a BEP20 address and `earnings` credited by an audited admin adjustment. */
async function readyMember(earnings: number) {
  const m = await t.register(root.code);
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
  if (earnings) {
    const res = await t.call('POST', '/withdrawalrequest/debit', {
      token: admin,
      body: { user_id: m.id, wallet: 'earnings', amount: earnings, direction: 'credit', reason: 'test' },
    });
    expect(res.status).toBe(200);
  }
  return m;
}

const setSettings = (body: Record<string, unknown>, token = admin) =>
  t.call('PUT', '/settings', { token, body });

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(sql, params)).rows[0]!.n);

/** Everything a refused action could have touched. */
const footprint = async () => ({
  users: await count('SELECT count(*) AS n FROM users'),
  sessions: await count('SELECT count(*) AS n FROM sessions'),
  withdrawals: await count('SELECT count(*) AS n FROM withdrawals'),
  transfers: await count('SELECT count(*) AS n FROM transfers'),
  usedCodes: await count('SELECT count(*) AS n FROM codes WHERE used_by IS NOT NULL'),
});

const wallet = async (id: number, kind: string) =>
  (
    await t.db.query<{ balance: bigint; pending: bigint }>(
      'SELECT balance, pending FROM accounts WHERE owner_user_id = $1 AND kind = $2',
      [id, kind],
    )
  ).rows[0];

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

describe('platform switches', () => {
  it('closed registration refuses a new member with its message and creates nothing; reopening works', async () => {
    expect((await setSettings({ registration_open: false })).body.changed).toEqual(['registration_open']);
    const before = await footprint();
    const body = {
      fullname: 'Late Comer',
      email: 'late@test.local',
      phone: '5550001234',
      password: 'MemberPass123',
      reffer_by: root.code,
    };
    const refused = await t.call('POST', '/auth/register', { body });
    expect(refused).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.registration_open } });
    expect(refused.body.message).toBe('Registration is closed at the moment. Please try again later.');
    expect(await footprint()).toEqual(before);

    await setSettings({ registration_open: true });
    const joined = await t.call('POST', '/auth/register', { body });
    expect(joined.status).toBe(201);
    expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', ['late@test.local'])).toBe(1);
  });

  it('closed sign-in refuses members (even with the right password) but never the admin', async () => {
    await setSettings({ signin_open: false });
    const before = await footprint();
    const refused = await t.call('POST', '/auth/signin', {
      body: { email: memberA.email, password: memberA.password },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.signin_open } });
    expect(refused.body.message).toBe('Sign-in is closed at the moment. Please try again later.');
    expect(await footprint()).toEqual(before);

    // admins keep signing in, and their sessions keep working
    const adminSignin = await t.call('POST', '/auth/adminsignin', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(adminSignin.status).toBe(200);
    expect((await t.call('GET', '/settings', { token: adminSignin.body.admin.token })).status).toBe(200);
    // members already signed in are not thrown out
    expect((await t.call('GET', '/settings', { token: memberA.token })).status).toBe(200);

    await setSettings({ signin_open: true }, adminSignin.body.admin.token);
    const back = await t.call('POST', '/auth/signin', {
      body: { email: memberA.email, password: memberA.password },
    });
    expect(back.status).toBe(200);
    expect(back.body.auth.id).toBe(memberA.id);
  });

  it('closed withdrawals refuse a request of every kind, hold nothing; reopening works', async () => {
    await setSettings({ withdrawals_open: false });
    const before = await footprint();
    const earnings = await wallet(memberA.id, 'earnings');
    for (const url of [
      '/withdrawalrequest/add',
      '/withdrawalrequest/add/roiwithdrawal',
      '/withdrawalrequest/add/principle',
      '/withdrawalrequest/addcompoundwithdrawal',
    ]) {
      const refused = await t.call('POST', url, { token: memberA.token, body: { amount: 20 } });
      expect(refused, url).toMatchObject({
        status: 403,
        body: { message: CLOSED_MESSAGES.withdrawals_open },
      });
    }
    expect(CLOSED_MESSAGES.withdrawals_open).toBe(
      'Withdrawals are closed at the moment. Please try again later.',
    );
    expect(await footprint()).toEqual(before);
    expect(await wallet(memberA.id, 'earnings')).toEqual(earnings);

    await setSettings({ withdrawals_open: true });
    const ok = await t.call('POST', '/withdrawalrequest/add', { token: memberA.token, body: { amount: 20 } });
    expect(ok.status).toBe(201);
    expect((await wallet(memberA.id, 'earnings'))!.pending).toBe(earnings!.pending + 20_000_000n);
    // tidy: the member cancels, the hold is released
    expect(
      (await t.call('DELETE', `/withdrawalrequest/${ok.body.withdrawal.id}`, { token: memberA.token }))
        .status,
    ).toBe(200);
  });

  it('closed transfers refuse both kinds of transfer and move nothing; reopening works', async () => {
    await setSettings({ transfers_open: false });
    const before = await footprint();
    const toSelf = await t.call('POST', '/transfer/touser', {
      token: memberA.token,
      body: { amount: 5, password: memberA.password },
    });
    expect(toSelf).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.transfers_open } });
    const toFriend = await t.call('POST', '/transfer/friend', {
      token: memberA.token,
      body: { amount: 5, password: memberA.password, recipient: memberB.code },
    });
    expect(toFriend).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.transfers_open } });
    expect(await footprint()).toEqual(before);

    await setSettings({ transfers_open: true });
    const ok = await t.call('POST', '/transfer/touser', {
      token: memberA.token,
      body: { amount: 5, password: memberA.password },
    });
    expect(ok.status).toBeLessThan(300);
    expect((await wallet(memberA.id, 'fund'))!.balance).toBe(5_000_000n);
  });

  it('closed deposits refuse a member redeeming a code (the code stays unused) but not an admin recording one', async () => {
    const issued = await t.call('POST', '/codes', { token: admin, body: { count: 1, value: 15 } });
    const code = issued.body.codes[0].code as string;
    await setSettings({ deposits_open: false });
    const before = await footprint();
    const refused = await t.call('POST', '/codes/redeem', { token: memberB.token, body: { code } });
    expect(refused).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.deposits_open } });
    expect(refused.body.message).toBe('Deposits are closed at the moment. Please try again later.');
    expect(await footprint()).toEqual(before);
    expect((await wallet(memberB.id, 'fund'))?.balance ?? 0n).toBe(0n);

    // money an admin records as received outside the app is not a member deposit
    const recorded = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { user_id: memberB.id, amount: 1, note: 'bank' },
    });
    expect(recorded.status).toBe(201);

    await setSettings({ deposits_open: true });
    const ok = await t.call('POST', '/codes/redeem', { token: memberB.token, body: { code } });
    expect(ok.status).toBe(200);
    expect((await wallet(memberB.id, 'fund'))!.balance).toBe(15_000_000n);
  });

  it('stores the ROI-claim and support switches, shown to members', async () => {
    const saved = await setSettings({ roi_claims_open: false, support_open: false });
    expect(saved.body.changed.sort()).toEqual(['roi_claims_open', 'support_open']);
    const seen = await t.call('GET', '/settings', { token: memberA.token });
    expect(seen.body.settings).toMatchObject({ roi_claims_open: false, support_open: false });
  });
});

describe('settings', () => {
  it('serves the public settings to anyone, the full settings to members and admins, changes only to admins', async () => {
    await setSettings({
      site_name: 'Acme Earn',
      contact_email: 'help@acme.test',
      contact_telegram: '@acme_help',
    });
    const anon = await t.call('GET', '/settings/public');
    expect(anon.status).toBe(200);
    expect(anon.body.settings).toEqual({
      site_name: 'Acme Earn',
      contact_email: 'help@acme.test',
      contact_phone: '',
      contact_telegram: '@acme_help',
      registration_open: true,
      signin_open: true,
    });
    // nothing about money before sign-in
    expect(anon.body.settings).not.toHaveProperty('withdrawal_min');

    expect((await t.call('GET', '/settings')).status).toBe(401);
    for (const token of [memberA.token, memberB.token, admin]) {
      const res = await t.call('GET', '/settings', { token });
      expect(res.status).toBe(200);
      expect(res.body.settings).toMatchObject({
        withdrawal_min: 10,
        fee_profit_percent: 10,
        site_name: 'Acme Earn',
      });
    }

    const auditRows = () => count(`SELECT count(*) AS n FROM audit_log WHERE action = 'settings.update'`);
    const rows = await auditRows();
    expect((await t.call('PUT', '/settings', { body: { withdrawals_open: false } })).status).toBe(401);
    for (const token of [memberA.token, memberB.token]) {
      expect((await setSettings({ withdrawals_open: false }, token)).status).toBe(401);
    }
    expect((await t.call('GET', '/settings/public')).body.settings.signin_open).toBe(true);
    expect((await t.call('GET', '/settings', { token: admin })).body.settings.withdrawals_open).toBe(true);
    expect(await auditRows()).toBe(rows);
  });

  it('audits each change with before and after, and nothing when nothing changes', async () => {
    const rows = () => count(`SELECT count(*) AS n FROM audit_log WHERE action = 'settings.update'`);
    const start = await rows();
    const saved = await setSettings({
      withdrawal_min: 25,
      fee_principal_tiers: [
        { within_days: 7, percent: 25 },
        { within_days: 30, percent: 5 },
      ],
      contact_phone: '+44 7700 900123',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings updated');
    expect(saved.body.changed.sort()).toEqual(['contact_phone', 'fee_principal_tiers', 'withdrawal_min']);
    expect(await rows()).toBe(start + 1);
    const { rows: last } = await t.db.query(
      `SELECT before, after, admin_id FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(last[0].before.withdrawal_min).toBe(10);
    expect(last[0].after.withdrawal_min).toBe(25);
    expect(last[0].after.fee_principal_tiers).toEqual([
      { within_days: 7, percent: 25 },
      { within_days: 30, percent: 5 },
    ]);

    const again = await setSettings({ withdrawal_min: 25, contact_phone: '+44 7700 900123' });
    expect(again.body).toMatchObject({ message: 'Nothing to change', changed: [] });
    expect(await rows()).toBe(start + 1);

    // the new minimum is what a request is held to
    const small = await t.call('POST', '/withdrawalrequest/add', {
      token: memberA.token,
      body: { amount: 20 },
    });
    expect(small).toMatchObject({ status: 400, body: { message: 'The minimum withdrawal is 25.00 USDT' } });

    await setSettings({
      withdrawal_min: DEFAULT_SETTINGS.withdrawal_min,
      fee_principal_tiers: DEFAULT_SETTINGS.fee_principal_tiers,
    });
  });

  it('refuses bad values with a clear message naming the field, and changes nothing', async () => {
    const before = (await t.call('GET', '/settings', { token: admin })).body.settings;
    const rows = await count('SELECT count(*) AS n FROM audit_log');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ withdrawal_min: -1 }, /^withdrawal_min: An amount cannot be negative$/],
      [{ fee_profit_percent: 101 }, /^fee_profit_percent: A percentage cannot exceed 100$/],
      [{ fee_roi_percent: 'five' }, /^fee_roi_percent: /],
      [{ site_name: '   ' }, /^site_name: Enter the site name$/],
      [{ site_name: 'x'.repeat(61) }, /^site_name: The site name is at most 60 characters$/],
      [{ contact_email: 'not-an-email' }, /^contact_email: Enter a valid email, or leave it empty$/],
      [{ contact_phone: 'call me' }, /^contact_phone: Enter a phone number/],
      [{ contact_telegram: 'a b' }, /^contact_telegram: Enter a Telegram username/],
      [{ withdrawals_open: 'no' }, /^withdrawals_open: /],
      [
        {
          fee_principal_tiers: [
            { within_days: 10, percent: 5 },
            { within_days: 10, percent: 6 },
          ],
        },
        /^fee_principal_tiers: Each tier needs a different number of days$/,
      ],
      [{ fee_principal_tiers: [{ within_days: 0, percent: 5 }] }, /^fee_principal_tiers\.0\.within_days: /],
      [{ unknown_knob: true }, /unknown_knob|Unrecognized/],
    ];
    for (const [body, message] of cases) {
      const res = await setSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await t.call('GET', '/settings', { token: admin })).body.settings).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM audit_log')).toBe(rows);
  });
});

describe('audit log', () => {
  it('is readable by admins only', async () => {
    expect((await t.call('GET', '/audit')).status).toBe(401);
    expect((await t.call('GET', '/audit/facets')).status).toBe(401);
    for (const token of [memberA.token, memberB.token]) {
      expect((await t.call('GET', '/audit', { token })).status).toBe(401);
      expect((await t.call('GET', '/audit/facets', { token })).status).toBe(401);
    }
    const res = await t.call('GET', '/audit', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it('filters by action, target type, target, admin and date range, newest first, with paging', async () => {
    // a known slice of history between two instants: two settings changes and an adjustment
    const instant = async () =>
      (await t.db.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]!.at.toISOString();
    const t0 = await instant();
    await setSettings({ site_name: 'Audit One' });
    await setSettings({ site_name: 'Audit Two' });
    await t.call('POST', '/withdrawalrequest/debit', {
      token: admin,
      body: { user_id: memberB.id, wallet: 'earnings', amount: 3, direction: 'credit', reason: 'audit test' },
    });
    const t1 = await instant();
    const range = `from=${encodeURIComponent(t0)}&to=${encodeURIComponent(t1)}`;

    const adminId = Number(
      (await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email])).rows[0].id,
    );
    const list = (q: string) => t.call('GET', `/audit?${q}`, { token: admin });

    const settingsOnly = await list(`action=settings.update&${range}`);
    expect(settingsOnly.status).toBe(200);
    expect(settingsOnly.body.total).toBe(2);
    expect(settingsOnly.body.entries.map((e: { after: { site_name: string } }) => e.after.site_name)).toEqual(
      ['Audit Two', 'Audit One'],
    );
    expect(settingsOnly.body.entries[0]).toMatchObject({
      action: 'settings.update',
      target_type: 'settings',
      target_id: null,
      admin_id: adminId,
      admin_email: ADMIN.email,
      before: { site_name: 'Audit One' },
    });

    expect((await list(range)).body.total).toBe(3);
    const paged = await list(`${range}&limit=2&page=2`);
    expect(paged.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    expect(paged.body.entries).toHaveLength(1);
    expect(paged.body.entries[0].after.site_name).toBe('Audit One');

    const user = await list(`target_type=user&target_id=${memberB.id}&${range}`);
    expect(user.body.entries.map((e: { action: string }) => e.action)).toEqual(['adjustment.credit']);
    expect((await list(`target_type=settings&${range}`)).body.total).toBe(2);
    expect((await list(`admin_id=${adminId}&${range}`)).body.total).toBe(3);
    expect((await list(`admin_id=${memberA.id}`)).body.total).toBe(0);
    expect((await list(`from=${encodeURIComponent(t1)}`)).body.total).toBe(0);
    // whole days: a date as `to` includes that day
    const all = (await list('')).body.total;
    expect(all).toBeGreaterThan(3);
    expect((await list('from=2020-01-01&to=2099-12-31')).body.total).toBe(all);
    expect((await list('to=2020-01-01')).body.total).toBe(0);
    const today = t1.slice(0, 10);
    expect(
      (await list(`action=settings.update&from=${t0.slice(0, 10)}&to=${today}`)).body.total,
    ).toBeGreaterThanOrEqual(2);

    const facets = await t.call('GET', '/audit/facets', { token: admin });
    expect(facets.body.actions).toEqual(expect.arrayContaining(['settings.update', 'adjustment.credit']));
    expect(facets.body.target_types).toEqual(expect.arrayContaining(['settings', 'user']));
    expect(facets.body.admins).toEqual([{ id: adminId, username: expect.any(String), email: ADMIN.email }]);

    for (const bad of [
      'from=yesterday',
      'to=2026-13-01',
      'from=2026-12-06&to=2026-12-05',
      'admin_id=x',
      'limit=500',
    ]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBeTruthy();
    }
    expect((await list('from=2026-12-06&to=2026-12-05')).body.message).toBe(
      'to: The end of the range must be after its start',
    );
  });
});

describe('withdrawal decided e-mail', () => {
  const mails = async (email: string) =>
    (
      await t.db.query<{ subject: string; body_text: string }>(
        `SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 AND template = 'withdrawal_decided' ORDER BY id`,
        [email],
      )
    ).rows;
  const request = async (amount: number) =>
    (await t.call('POST', '/withdrawalrequest/add', { token: memberA.token, body: { amount } })).body
      .withdrawal.id as number;

  it('is queued once when an admin approves, with the transaction hash', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(40);
    const hash = `0x${'e'.repeat(64)}`;
    for (let i = 0; i < 2; i++) {
      const res = await t.call('PUT', `/withdrawalrequest/${id}`, {
        token: admin,
        body: { status: 'approved', tx_hash: hash },
      });
      expect(res.status).toBe(200);
    }
    const sent = (await mails(memberA.email)).slice(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your withdrawal #${id} has been approved`);
    expect(sent[0]!.body_text).toContain(hash);
    expect(sent[0]!.body_text).toContain('Amount: 40.00 USDT');
    expect(sent[0]!.body_text).toContain('Fee: 4.00 USDT');
    expect(sent[0]!.body_text).toContain('Sent: 36.00 USDT');
    expect(sent[0]!.body_text).toContain(BEP20);
    expect(sent[0]!.body_text).toContain('http://app.test/user/withdrawal');
  });

  it('is queued once when an admin rejects, with the reason; never when the member cancels', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(30);
    const refused = await t.call('PUT', `/withdrawalrequest/${id}`, {
      token: admin,
      body: { status: 'rejected', reason: 'Address on a sanctions list' },
    });
    expect(refused.status).toBe(200);
    await t.call('PUT', `/withdrawalrequest/${id}`, { token: admin, body: { status: 'rejected' } });
    const sent = (await mails(memberA.email)).slice(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your withdrawal #${id} has been rejected`);
    expect(sent[0]!.body_text).toContain('Reason: Address on a sanctions list');
    expect(sent[0]!.body_text).toContain('the full 30.00 USDT is back in your earnings wallet');

    const cancelled = await request(15);
    expect((await t.call('DELETE', `/withdrawalrequest/${cancelled}`, { token: memberA.token })).status).toBe(
      200,
    );
    expect((await mails(memberA.email)).slice(start)).toHaveLength(1);
  });

  it('is not queued when the decision is refused', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(12);
    const noHash = await t.call('PUT', `/withdrawalrequest/${id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(noHash.status).toBe(400);
    expect((await mails(memberA.email)).slice(start)).toHaveLength(0);
    await t.call('DELETE', `/withdrawalrequest/${id}`, { token: memberA.token });
  });
});
