/**
 * Bad input is a 400 (or a 409 for a row still in use) with a message, never a 500, and changes
 * nothing: integers past PostgreSQL's range, NUL bytes (also before sign-in), and the database's own
 * refusals when a value gets past a contract (the safety net in http/errors.ts).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERS_TO_MISSING, registerErrorHandler, STILL_REFERRED_TO } from '../../src/http/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let root: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
});
afterAll(async () => {
  await t?.close();
});

async function counts() {
  const { rows } = await t.db.query<{ users: number; sessions: number; tickets: number }>(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sessions)::int AS sessions,
            (SELECT count(*) FROM tickets)::int AS tickets`,
  );
  return rows[0];
}

describe('integers past the column', () => {
  it('refuses path, query and body integers beyond integer/bigint with a 400 and a message', async () => {
    const member = root;
    for (const [method, url, body] of [
      ['GET', '/users/99999999999'],
      ['GET', '/users/2147483648'],
      ['GET', '/leadership/list?tier_id=1000000000000'],
      ['GET', '/salary/user-salaries?tier_id=2147483648'],
      ['GET', '/users/rewards?plan_id=2147483648'],
      ['POST', '/cto/pay', { id: 2 ** 31 }],
      ['POST', '/users/send/reward', { id: 2 ** 31, user_id: member.id }],
      ['POST', '/withdrawalrequest/add', { amount: 1e30, password: 'MemberPass123' }],
    ] as const) {
      const token = url.startsWith('/withdrawalrequest') ? member.token : admin;
      const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
      expect(res.status, url).toBe(400);
      expect(typeof res.body.message, url).toBe('string');
      expect(res.body.message.length, url).toBeGreaterThan(3);
    }
  });
});

describe('NUL bytes', () => {
  it('are refused in any text, before sign-in too, and nothing is written', async () => {
    const before = await counts();
    const signin = await t.call('POST', '/auth/signin', {
      body: { email: 'someone\u0000@test.local', password: 'whatever-password' },
    });
    expect(signin).toMatchObject({
      status: 400,
      body: { message: 'email: Text must not contain NUL characters' },
    });
    const register = await t.call('POST', '/auth/register', {
      body: {
        fullname: 'Nul\u0000Name',
        email: 'nul@test.local',
        phone: '5550001234',
        password: 'Member-Pass-2026',
      },
    });
    expect(register).toMatchObject({
      status: 400,
      body: { message: 'fullname: Text must not contain NUL characters' },
    });
    const member = await t.register(root.code);
    const ticket = await t.call('POST', '/tickets', {
      token: member.token,
      body: { subject: 'Hello', message: 'a\u0000b' },
    });
    expect(ticket.status).toBe(400);
    const query = await t.call('GET', '/users/list?search=a%00b', { token: admin });
    expect(query).toMatchObject({
      status: 400,
      body: { message: 'search: Text must not contain NUL characters' },
    });
    // the one member registered above (and their session) is all that was added
    expect(await counts()).toEqual({
      users: before!.users + 1,
      sessions: before!.sessions + 1,
      tickets: before!.tickets,
    });
  });
});

describe('bodies nested deeper than any request needs', () => {
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('are a 400 before validation on every route, public or not, and change nothing (issue 29.17)', async () => {
    const member = await t.register(root.code);
    const before = await counts();
    const tooDeep = 'Request body is nested too deeply (at most 32 levels)';
    for (const [url, token, payload, message] of [
      ['/auth/signin', undefined, deepObject(5000), tooDeep],
      ['/auth/register', undefined, deepArray(5000), tooDeep],
      ['/tickets', member.token, `{"subject":"Deep","message":${deepArray(5000)}}`, tooDeep],
      ['/codes', admin, deepObject(5000), tooDeep],
      ['/auth/signout/everywhere', member.token, deepObject(5000), tooDeep],
      // the JSON parser's own walk for prototype poisoning meets the depth first, and refuses it itself
      [
        '/auth/adminsignin',
        undefined,
        `${'{"constructor":{"prototype":'.repeat(2500)}1${'}}'.repeat(2500)}`,
        'Request body is not valid JSON',
      ],
      ['/no-such-route', undefined, deepObject(5000), tooDeep],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload,
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    expect(await counts()).toEqual(before);
    // as deep as a request of this API ever is: still validated as usual
    const shallow = await t.call('POST', '/auth/signin', {
      body: { email: 'x@test.local', password: JSON.parse(deepObject(3)) },
    });
    expect(shallow.status).toBe(400);
    expect(shallow.body.message).not.toMatch(/nested/);
  });
});

describe('the database refusing what a contract let through', () => {
  it('maps data errors to 400 and foreign keys to 409, with a message, logging no 500', async () => {
    await t.db.query('CREATE TABLE fk_parent (id integer PRIMARY KEY)');
    await t.db.query('CREATE TABLE fk_child (parent integer NOT NULL REFERENCES fk_parent (id))');
    await t.db.query('INSERT INTO fk_parent VALUES (1); INSERT INTO fk_child VALUES (1)');
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const sql: Record<string, [string, unknown[]]> = {
      outOfRange: ['SELECT $1::integer', ['99999999999']],
      notANumber: ['SELECT $1::bigint', ['12abc']],
      nul: ['SELECT $1::text', ['a\u0000b']],
      stillReferred: ['DELETE FROM fk_parent WHERE id = 1', []],
      missing: ['INSERT INTO fk_child VALUES (2)', []],
    };
    app.get('/:case', async (req) => {
      const [text, values] = sql[(req.params as { case: string }).case]!;
      await t.db.query(text, values);
      return { ok: true };
    });
    const answer = async (name: string) => {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      return { status: res.statusCode, message: res.json().message };
    };
    expect(await answer('outOfRange')).toEqual({ status: 400, message: 'A number is out of range' });
    expect(await answer('notANumber')).toEqual({
      status: 400,
      message: 'A value is not in the form its field takes',
    });
    expect(await answer('nul')).toEqual({ status: 400, message: 'Text must not contain NUL characters' });
    expect(await answer('stillReferred')).toEqual({ status: 409, message: STILL_REFERRED_TO });
    expect(await answer('missing')).toEqual({ status: 409, message: REFERS_TO_MISSING });
    const { rows } = await t.db.query(
      'SELECT (SELECT count(*) FROM fk_parent)::int AS p, (SELECT count(*) FROM fk_child)::int AS c',
    );
    expect(rows[0]).toEqual({ p: 1, c: 1 });
    await app.close();
  });
});
