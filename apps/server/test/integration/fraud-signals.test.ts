/**
 * Fraud signals: each raised by the scenario that causes it and not by a look-alike that does not;
 * a held member's claims and withdrawal requests are refused until released; decisions audited;
 * no network address is stored.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAUD_SCAN_JOB, HELD_MESSAGE } from '../../src/modules/operations/fraud/service.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { DAY_MS, type Member, roiFixtures } from './roi-fixtures.js';

let t: TestApp;
let f: ReturnType<typeof roiFixtures>;
let root: Member;

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  root = await t.register();
  const set = await t.call('PUT', '/settings', {
    token: f.admin(),
    body: { fraud_shared_members: 2, fraud_burst_registrations: 3, fraud_burst_minutes: 10 },
  });
  expect(set.status, set.raw).toBe(200);
});
afterAll(async () => t.close());

/** A request as a browser at `ip` with its own device id. */
async function from(
  ip: string,
  device: string,
  method: 'POST' | 'PUT',
  url: string,
  token?: string,
  body?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: {
      'user-agent': 'Mozilla/5.0 (test)',
      'x-device-id': device,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function registerFrom(ip: string, device: string, sponsor: string) {
  const res = await from(ip, device, 'POST', '/auth/register', undefined, {
    fullname: 'Fraud Test',
    email: `fraud-${randomBytes(4).toString('hex')}@test.local`,
    phone: '5550001234',
    password: 'MemberPass123',
    reffer_by: sponsor,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.auth.id as number,
    token: res.body.auth.token as string,
    code: res.body.auth.refferal_code,
  };
}

/** A member with a plan who watches and claims from `ip` on `device`. */
async function claimFrom(m: Member, ip: string, device: string) {
  await f.watch(m);
  return from(ip, device, 'PUT', `/referral/self-trade/${m.id}`, m.token);
}

async function scanAndList() {
  expect(await t.jobs.run(FRAUD_SCAN_JOB)).toBe(true);
  const res = await t.call('GET', '/fraud/flags?limit=100', { token: f.admin() });
  expect(res.status, res.raw).toBe(200);
  return res.body.flags as Array<{
    id: number;
    kind: string;
    status: string;
    members: Array<{ id: number }>;
  }>;
}
const involving = (flags: Awaited<ReturnType<typeof scanAndList>>, kind: string, id: number) =>
  flags.filter((x) => x.kind === kind && x.members.some((m) => m.id === id));

describe('fraud signals', () => {
  let a: Member;
  let b: Member;
  let claimFlag: number;

  it('flags members claiming from one address, not members claiming from their own', async () => {
    a = await t.register(root.code);
    b = await t.register(root.code);
    const c = await t.register(root.code);
    const d = await t.register(root.code);
    for (const m of [a, b, c, d]) await f.invest(m, 100);
    expect((await claimFrom(a, '203.0.113.7', 'dev-a')).status).toBe(200);
    expect((await claimFrom(b, '203.0.113.7', 'dev-b')).status).toBe(200);
    expect((await claimFrom(c, '198.51.100.3', 'dev-c')).status).toBe(200);
    expect((await claimFrom(d, '198.51.100.4', 'dev-d')).status).toBe(200);
    const flags = await scanAndList();
    const shared = involving(flags, 'shared_claims', a.id);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.members.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(involving(flags, 'shared_claims', c.id)).toEqual([]);
    expect(involving(flags, 'shared_claims', d.id)).toEqual([]);
    claimFlag = shared[0]!.id;
    // no address is stored: only keyed hashes
    const { rows } = await t.db.query(`SELECT ip_hash, device_hash FROM member_facts`);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  it('flags a recruit registering from the sponsor’s address, not one from elsewhere', async () => {
    const sponsor = await registerFrom('192.0.2.10', 'dev-s', root.code);
    const recruit = await registerFrom('192.0.2.10', 'dev-r', sponsor.code);
    const sponsor2 = await registerFrom('192.0.2.20', 'dev-s2', root.code);
    const recruit2 = await registerFrom('192.0.2.21', 'dev-r2', sponsor2.code);
    const flags = await scanAndList();
    const self = involving(flags, 'self_referral', recruit.id);
    expect(self).toHaveLength(1);
    expect(self[0]!.members.map((m) => m.id)).toEqual([sponsor.id, recruit.id]);
    expect(involving(flags, 'self_referral', recruit2.id)).toEqual([]);
  });

  it('flags one payout address used by two members, not a member’s own', async () => {
    const e = await t.register(root.code);
    const g = await t.register(root.code);
    const h = await t.register(root.code);
    const shared = `0x${'c'.repeat(40)}`;
    await t.call('PUT', `/users/${e.id}`, { token: e.token, body: { bep20: shared } });
    await t.call('PUT', `/users/${g.id}`, {
      token: g.token,
      body: { bep20: shared.toUpperCase().replace('0X', '0x') },
    });
    await t.call('PUT', `/users/${h.id}`, { token: h.token, body: { bep20: `0x${'d'.repeat(40)}` } });
    const flags = await scanAndList();
    const found = involving(flags, 'shared_address', e.id);
    expect(found).toHaveLength(1);
    expect(found[0]!.members.map((m) => m.id).sort()).toEqual([e.id, g.id].sort());
    expect(involving(flags, 'shared_address', h.id)).toEqual([]);
  });

  it('flags three registrations under one sponsor within ten minutes, not three spread over an hour', async () => {
    const fast = await t.register(root.code);
    const slow = await t.register(root.code);
    for (let i = 0; i < 3; i++) {
      await t.register(fast.code);
      t.clock.advance(60_000);
    }
    for (let i = 0; i < 3; i++) {
      await t.register(slow.code);
      t.clock.advance(20 * 60_000);
    }
    await f.later(0); // the admin signs in again after the hour
    const flags = await scanAndList();
    const burst = flags.filter((x) => x.kind === 'registration_burst' && x.members[0]!.id === fast.id);
    expect(burst).toHaveLength(1);
    expect(burst[0]!.members).toHaveLength(4); // the sponsor and the three
    expect(flags.filter((x) => x.kind === 'registration_burst' && x.members[0]!.id === slow.id)).toEqual([]);
  });

  it('holds a flag’s members: claims and withdrawals refused until released, all audited', async () => {
    const held = await t.call('POST', `/fraud/flags/${claimFlag}/hold`, { token: f.admin() });
    expect(held.status, held.raw).toBe(200);
    expect(held.body.flag.status).toBe('held');
    expect(held.body.flag.members.every((m: { held: boolean }) => m.held)).toBe(true);

    await f.later(DAY_MS, a, b);
    const refused = await claimFrom(a, '203.0.113.7', 'dev-a');
    expect(refused).toMatchObject({ status: 403, body: { message: HELD_MESSAGE } });
    // refused before anything else a withdrawal needs (b has no verified email, no address)
    const withdrawal = await t.call('POST', '/withdrawalrequest/add/roiwithdrawal', {
      token: b.token,
      body: { amount: 0.5, password: b.password },
    });
    expect(withdrawal.status).toBe(403);
    expect(withdrawal.body.message).toBe(HELD_MESSAGE);

    expect((await t.call('DELETE', `/fraud/holds/${a.id}`, { token: f.admin() })).status).toBe(200);
    expect((await claimFrom(a, '203.0.113.9', 'dev-a')).status).toBe(200);
    // b is still held
    expect((await claimFrom(b, '203.0.113.9', 'dev-b')).status).toBe(403);

    const audit = await t.call('GET', '/audit?target_type=fraud_flag&limit=10', { token: f.admin() });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain('fraud.hold');
    const released = await t.call('GET', '/audit?action=fraud.release&limit=10', { token: f.admin() });
    expect(released.body.entries).toHaveLength(1);
  });

  it('dismisses a flag for good, and answers only admins', async () => {
    const open = (await scanAndList()).find((x) => x.status === 'open')!;
    const dismissed = await t.call('POST', `/fraud/flags/${open.id}/dismiss`, { token: f.admin() });
    expect(dismissed.body.flag.status).toBe('dismissed');
    const again = (await scanAndList()).find((x) => x.id === open.id)!;
    expect(again.status).toBe('dismissed'); // a new scan does not reopen it
    expect((await t.call('POST', `/fraud/flags/${open.id}/hold`, { token: f.admin() })).status).toBe(409);
    expect((await t.call('GET', '/fraud/flags', { token: a.token })).status).toBe(403);
    expect((await t.call('POST', '/fraud/scan', { token: a.token })).status).toBe(403);
  });
});
