/**
 * Issue 11.2 as an attacker plays it: one client rotating `X-Forwarded-For` to get a fresh per-IP
 * limit on every request. And issue 13.2: every limit is counted in PostgreSQL, so two instances
 * over one database enforce one limit.
 */
import { randomBytes } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';

const PER_IP = 5;
let rotation = 0;
/** A different made-up client address on every call. */
const spoofed = () => `203.0.113.${(rotation++ % 250) + 1}`;

type App = TestApp['app'];

/** One request from the socket address `from` (default 127.0.0.1), with the headers given. */
async function send(
  app: App,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { body?: object; token?: string; forwardedFor?: string; from?: string } = {},
) {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: {
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as { message?: string } & Record<string, unknown> };
}

const outboxCount = async (t: TestApp, to: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [to]))
    .rows[0]!.n;

describe('without TRUST_PROXY, nobody chooses their address', () => {
  let t: TestApp;
  let root: Awaited<ReturnType<TestApp['register']>>;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_IP: String(PER_IP) });
    root = await t.register(); // uses 1 of the registration budget of 127.0.0.1
  });
  afterAll(async () => t.close());

  it('trips the sign-in limit of the socket address however the header rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) {
      const email = `nobody${i}@test.local`;
      const res = await send(t.app, 'POST', '/auth/signin', {
        body: { email, password: 'Wrong-Pass-1' },
        forwardedFor: spoofed(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PER_IP).fill(401), 429]);
    // another socket address is another client
    const other = await send(t.app, 'POST', '/auth/signin', {
      body: { email: 'nobody@test.local', password: 'Wrong-Pass-1' },
      from: '198.51.100.7',
    });
    expect(other.status).toBe(401);
  });

  it('trips the registration and forgotten-password limits the same way', async () => {
    const register = [];
    for (let i = 0; i < PER_IP; i++) {
      const res = await send(t.app, 'POST', '/auth/register', {
        body: {
          fullname: 'Bot Signup',
          email: `bot-${randomBytes(3).toString('hex')}@test.local`,
          phone: '5550001234',
          password: 'Tr4in-Cab9-Bot',
          reffer_by: root.code,
        },
        forwardedFor: spoofed(),
      });
      register.push(res.status);
    }
    // one registration was spent in beforeAll
    expect(register).toEqual([...Array(PER_IP - 1).fill(201), 429]);

    const forget = [];
    for (let i = 0; i < 6; i++) {
      const email = `someone${i}@test.local`;
      forget.push(
        (await send(t.app, 'POST', '/pass/forget', { body: { email }, forwardedFor: spoofed() })).status,
      );
    }
    expect(forget).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('records the socket address, not the header, on the session and in the audit log', async () => {
    const signin = await send(t.app, 'POST', '/auth/adminsignin', {
      body: ADMIN,
      forwardedFor: '203.0.113.99',
    });
    expect(signin.status).toBe(200);
    const token = (signin.body.admin as { token: string }).token;
    const session = await t.db.query<{ ip: string }>(
      `SELECT ip FROM sessions WHERE audience = 'admin' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(session.rows[0]!.ip).toBe('127.0.0.1');

    const target = root.id;
    const edit = await send(t.app, 'PUT', `/users/${target}`, {
      token,
      body: { address: 'Audited Street 1' },
      forwardedFor: '203.0.113.98',
    });
    expect(edit.status).toBe(200);
    const audit = await t.db.query<{ ip: string }>(
      `SELECT ip FROM audit_log WHERE target_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(target)],
    );
    expect(audit.rows[0]!.ip).toBe('127.0.0.1');
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  let rootCode: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_IP: String(PER_IP), TRUST_PROXY: '127.0.0.1' });
    rootCode = (await t.register()).code;
  });
  afterAll(async () => t.close());

  it('counts the forwarded client address, one bucket per client', async () => {
    const client = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) {
      const res = await send(t.app, 'POST', '/auth/signin', {
        body: { email: `ghost${i}@test.local`, password: 'Wrong-Pass-1' },
        forwardedFor: client,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PER_IP).fill(401), 429]);
    const next = await send(t.app, 'POST', '/auth/signin', {
      body: { email: 'ghost@test.local', password: 'Wrong-Pass-1' },
      forwardedFor: '192.0.2.11',
    });
    expect(next.status).toBe(401);
    // a header from a client that is not the proxy is still ignored
    const direct = await send(t.app, 'POST', '/auth/signin', {
      body: { email: 'ghost@test.local', password: 'Wrong-Pass-1' },
      from: '198.51.100.20',
      forwardedFor: '192.0.2.12',
    });
    expect(direct.status).toBe(401);
    const signin = await send(t.app, 'POST', '/auth/adminsignin', {
      body: ADMIN,
      forwardedFor: '192.0.2.50',
    });
    expect(signin.status).toBe(200);
    const session = await t.db.query<{ ip: string }>(
      `SELECT ip FROM sessions WHERE audience = 'admin' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(session.rows[0]!.ip).toBe('192.0.2.50');
  });

  it('sends at most 3 reset mails an hour to one address, whatever addresses ask', async () => {
    const m = await t.register(rootCode);
    const answers = [];
    for (let i = 0; i < 10; i++) {
      const res = await send(t.app, 'POST', '/pass/forget', {
        body: { email: m.email },
        forwardedFor: `192.0.2.${100 + i}`,
      });
      answers.push(res.status);
      if (res.status === 429)
        expect(res.body.message).toMatch(new RegExp(`^${MSG.tooManyResetMails} Try again in`));
    }
    expect(answers).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    expect(await outboxCount(t, m.email)).toBe(3);
    // an address nobody registered counts the same, so the answers tell nothing about accounts
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      unknown.push(
        (
          await send(t.app, 'POST', '/pass/forget', {
            body: { email: 'no-one@test.local' },
            forwardedFor: `192.0.2.${120 + i}`,
          })
        ).status,
      );
    }
    expect(unknown).toEqual([200, 200, 200, 429]);
    // an hour later the address may ask again
    t.clock.advance(60 * 60_000 + 1000);
    expect(
      (await send(t.app, 'POST', '/pass/forget', { body: { email: m.email }, forwardedFor: '192.0.2.140' }))
        .status,
    ).toBe(200);
    expect(await outboxCount(t, m.email)).toBe(4);
  });

  it('holds one account redeeming codes from many addresses', async () => {
    const m = await t.register(rootCode);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await send(t.app, 'POST', '/codes/redeem', {
        token: m.token,
        body: { code: `GUESS${i}XYZ` },
        forwardedFor: `192.0.2.${150 + i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
    // another member is not held by it
    const other = await t.register(rootCode);
    const res = await send(t.app, 'POST', '/codes/redeem', {
      token: other.token,
      body: { code: 'GUESSOTHER1' },
      forwardedFor: '192.0.2.200',
    });
    expect(res.status).not.toBe(429);
  });
});

describe('two instances over one database', () => {
  let t: TestApp;
  let second: App;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_IP: String(PER_IP) });
    second = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      jwtSecret: 'x'.repeat(48),
      logger: false,
      jobs: new Scheduler(t.db),
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('enforce one limit, not one each', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await send(app, 'POST', '/auth/signin', {
        body: { email: `split${i}@test.local`, password: 'Wrong-Pass-1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PER_IP).fill(401), 429]);
    const { rows } = await t.db.query<{ hits: number }>(
      `SELECT hits FROM rate_limits WHERE key LIKE 'ip:POST /api/v1/auth/signin:%'`,
    );
    expect(rows).toEqual([{ hits: PER_IP + 1 }]);
  });

  it('forgets closed windows when the purge job runs', async () => {
    t.clock.advance(2 * 60_000);
    await t.jobs.run('limits-purge');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'ip:POST /api/v1/auth/signin:%'`,
    );
    expect(rows[0]!.n).toBe(0);
    const again = await send(second, 'POST', '/auth/signin', {
      body: { email: 'split@test.local', password: 'Wrong-Pass-1' },
    });
    expect(again.status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDRs and proxy-addr names, and refuses anything else at start', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
      '2001:db8::/32',
    ]);
    for (const bad of ['*', 'true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
