/**
 * Every operation of the OpenAPI document, called as an anonymous visitor, a member and an admin
 * with valid-looking requests and with hostile values in one field at a time (boundary integers,
 * NUL bytes, huge strings, wrong types, missing fields). No answer may be a 5xx, a refused request
 * (4xx) must leave every table as it was, and an integer path or query parameter spelled otherwise
 * ('0x10', '1e1', ' 2', '+3', '2.0') must be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ERROR_MESSAGES } from '../../src/http/errors.js';
import {
  type Fixtures,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestsFor,
} from '../fuzz/openapi-requests.js';
import { stateWatcher } from '../fuzz/state-checksum.js';
import { createTestApp, type TestApp } from '../helpers.js';

function messageOf(body: string): string {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
}

type Who = 'anonymous' | 'member' | 'admin';
const WHO: Who[] = ['anonymous', 'member', 'admin'];
const ORDER: Record<Operation['method'], number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };

function allowed(xAccess: string, who: Who) {
  const access = xAccess.split(':')[0]; // the admin area does not matter to the owner the fuzz signs in as
  if (access === 'public') return true;
  if (access === 'member-or-admin') return who !== 'anonymous';
  return access === who;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
});
afterAll(async () => {
  await t?.close();
});

describe('fuzz: every operation of the OpenAPI document', () => {
  it('answers every request below 500, and a refused one changes nothing', async () => {
    const started = Date.now();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).json() as OpenApiDocument;
    const ops = operationsOf(doc).sort((a, b) => ORDER[a.method] - ORDER[b.method]);

    // the fuzzed member's sponsor: registration needs one once the tree has a root
    const sponsor = await t.register();
    let member = await t.register(sponsor.code);
    let adminToken = await t.adminToken();
    const fixtures = (): Fixtures => ({ memberId: member.id, memberCode: member.code });
    /** A fuzzed request may sign a caller out, block or delete them: start again with fresh ones. */
    async function keepCallersAlive() {
      const me = await t.call('GET', `/users/${member.id}`, { token: member.token });
      if (me.status !== 200) member = await t.register(sponsor.code);
      const settings = await t.call('GET', '/settings', { token: adminToken });
      if (settings.status !== 200) adminToken = await t.adminToken();
    }

    const changedSinceLast = await stateWatcher(t.db);
    let sent = 0;
    let counter = 0;
    const serverErrors: string[] = [];
    const refusedButChanged: string[] = [];
    const unboundedInput: string[] = [];
    const otherSpellingsTaken: string[] = [];
    const undocumented = new Set<string>();
    async function send(req: FuzzRequest, who: Who) {
      counter += 1;
      const token = who === 'member' ? member.token : who === 'admin' ? adminToken : undefined;
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        // a different client address per request, so per-IP limits do not hide what is behind them
        remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
        headers: {
          ...req.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      });
      sent += 1;
      return res;
    }

    for (const op of ops) {
      for (const who of WHO) {
        const requests = requestsFor(op, doc, fixtures());
        // a caller the route refuses is turned away before input is read: a few requests show it
        const chosen = allowed(op.access, who) ? requests : requests.slice(0, 3);
        for (const req of chosen) {
          const res = await send(req, who);
          const status = res.statusCode;
          if (status >= 500) serverErrors.push(`${req.label} as ${who}: ${status} ${res.body.slice(0, 200)}`);
          if (req.mustRefuse && status < 400) otherSpellingsTaken.push(`${req.label} as ${who}: ${status}`);
          // the database's refusal mapped to a 400 is the safety net: the contract missed a bound
          if (status === 400 && DATA_ERROR_MESSAGES.has(messageOf(res.body))) {
            unboundedInput.push(`${req.label} as ${who}: ${messageOf(res.body)}`);
          }
          if (status >= 400 && !op.responses.includes(String(status))) {
            undocumented.add(`${op.method} ${op.path} ${status}`);
          }
          const changed = await changedSinceLast();
          if (status >= 400 && changed.length) {
            refusedButChanged.push(`${req.label} as ${who}: ${status}, changed ${changed}`);
          }
        }
        await keepCallersAlive();
        await changedSinceLast();
      }
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz-openapi: ${ops.length} operations, ${sent} requests in ${seconds.toFixed(0)} s, ` +
        `${serverErrors.length} answered 5xx, ${refusedButChanged.length} refused but changed state, ` +
        `${unboundedInput.length} refused by the database rather than the contract, ` +
        `${otherSpellingsTaken.length} integers in another spelling taken, ` +
        `${undocumented.size} undocumented 4xx statuses`,
    );
    for (const [title, list] of [
      ['5xx', serverErrors],
      ['refused but changed', refusedButChanged],
      ['refused by the database, not the contract', unboundedInput],
      ['integer in another spelling taken', otherSpellingsTaken],
      ['undocumented', [...undocumented]],
    ] as const) {
      if (list.length) console.log(`${title}:\n  ${list.join('\n  ')}`);
    }
    expect(serverErrors).toEqual([]);
    expect(refusedButChanged).toEqual([]);
    expect(unboundedInput).toEqual([]);
    expect(otherSpellingsTaken).toEqual([]);
    expect([...undocumented]).toEqual([]);
  }, 600_000);
});
