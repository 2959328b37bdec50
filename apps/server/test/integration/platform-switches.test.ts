import { CLOSED_MESSAGES } from '@app/contracts/settings';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers.js';
import { issueCodesByTwo } from './approval-fixtures.js';
import {
  admin,
  count,
  memberA,
  memberB,
  root,
  second,
  setSettings,
  t,
  usePlatformApp,
} from './platform-fixtures.js';

usePlatformApp();

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
      const refused = await t.call('POST', url, {
        token: memberA.token,
        body: { amount: 20, password: memberA.password },
      });
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
    const ok = await t.call('POST', '/withdrawalrequest/add', {
      token: memberA.token,
      body: { amount: 20, password: memberA.password },
    });
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
    // codes are issued by two admins (issue 36)
    const [issued] = await issueCodesByTwo(t, { ask: admin, approve: second.token }, { count: 1, value: 15 });
    const code = issued!.code;
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
