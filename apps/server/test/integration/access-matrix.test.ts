/**
 * The access matrix: every operation of the OpenAPI document that admins may call, sent by an admin
 * of each role alone and by a member, against what the document states (`x-access`,
 * `x-admin-roles`). A role the document leaves out gets 403 (its roles do not cover it) and
 * changes nothing; a role it lists is never refused for its roles; a member gets 403 on an admin
 * operation. The count of violations must be 0.
 */
import { ADMIN_ROLES, type AdminRole } from '@app/contracts/admins';
import { TEAM_MSG } from '@app/contracts/team-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, type Operation, operationsOf, requestsFor } from '../fuzz/openapi-requests.js';
import { stateWatcher } from '../fuzz/state-checksum.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

const ORDER: Record<Operation['method'], number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
});
afterAll(async () => t?.close());

function messageOf(body: string): string {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
}

describe('access matrix', () => {
  it('answers every admin operation to each role as x-access says: 0 violations', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).json() as OpenApiDocument & {
      paths: Record<string, Record<string, { 'x-admin-roles'?: AdminRole[] }>>;
    };
    const ops = operationsOf(doc)
      .filter((op) => op.access.includes(':'))
      .sort((a, b) => ORDER[a.method] - ORDER[b.method]);
    const rolesOf = (op: Operation) => doc.paths[op.path]![op.method.toLowerCase()]!['x-admin-roles'] ?? [];

    const sponsor = await t.register();
    let member = await t.register(sponsor.code);
    const admins = new Map<AdminRole, { email: string; password: string; id: number; token: string }>();
    for (const role of ADMIN_ROLES) {
      const login = await addAdmin(t, `matrix-${role}`, [role]);
      const token = (await adminPasswordStep(t, login)).body.admin.token as string;
      admins.set(role, { ...login, token });
    }
    /** A request may sign a caller out or remove the member: start again with fresh ones. */
    async function keepCallersAlive() {
      if ((await t.call('GET', `/users/${member.id}`, { token: member.token })).status !== 200) {
        member = await t.register(sponsor.code);
      }
      // an owner's valid-looking PUT /settings may require 2FA of every admin: the matrix is about roles
      await t.db.query(`UPDATE settings SET value = 'false'::jsonb WHERE key = 'admin_totp_required'`);
      for (const [role, admin] of admins) {
        if ((await t.call('GET', '/admins/me', { token: admin.token })).status !== 200) {
          await t.db.query(`UPDATE users SET status = 'unblock', admin_roles = $2 WHERE id = $1`, [
            admin.id,
            [role],
          ]);
          admin.token = (await adminPasswordStep(t, admin)).body.admin.token as string;
        }
      }
    }

    let counter = 0;
    async function send(op: Operation, token: string) {
      const [req] = requestsFor(op, doc, { memberId: member.id, memberCode: member.code });
      counter += 1;
      return t.app.inject({
        method: req!.method,
        url: req!.url,
        remoteAddress: `10.9.${(counter >> 8) & 255}.${counter & 255}`,
        headers: {
          ...req!.headers,
          authorization: `Bearer ${token}`,
          ...(req!.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(req!.payload !== undefined ? { payload: req!.payload } : {}),
      });
    }

    const changedSinceLast = await stateWatcher(t.db);
    const violations: string[] = [];
    let calls = 0;
    for (const op of ops) {
      const allowed = rolesOf(op);
      const name = `${op.method} ${op.path} (${op.access})`;
      if (!allowed.includes('owner')) violations.push(`${name}: owners are not listed`);
      // refused callers first: they must leave every table as it was
      for (const role of ADMIN_ROLES.filter((r) => !allowed.includes(r))) {
        const res = await send(op, admins.get(role)!.token);
        calls += 1;
        if (res.statusCode !== 403 || messageOf(res.body) !== TEAM_MSG.adminRoleMissing) {
          violations.push(`${name} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}, expected 403`);
        }
      }
      if (op.access.startsWith('admin:')) {
        const res = await send(op, member.token);
        calls += 1;
        if (res.statusCode !== 403) violations.push(`${name} as a member: ${res.statusCode}, expected 403`);
      }
      const changed = await changedSinceLast();
      if (changed.length) violations.push(`${name}: refused callers changed ${changed}`);
      for (const role of allowed) {
        const res = await send(op, admins.get(role)!.token);
        calls += 1;
        if (res.statusCode === 403 && messageOf(res.body) === TEAM_MSG.adminRoleMissing) {
          violations.push(`${name} as ${role}: refused for its roles, but x-admin-roles lists it`);
        }
        if (res.statusCode >= 500) violations.push(`${name} as ${role}: ${res.statusCode}`);
      }
      await keepCallersAlive();
      await changedSinceLast();
    }

    console.log(
      `access-matrix: ${ops.length} admin operations × ${ADMIN_ROLES.length} roles and a member, ` +
        `${calls} calls, ${violations.length} violations`,
    );
    if (violations.length) console.log(violations.join('\n'));
    expect(ops.length).toBeGreaterThan(120);
    expect(violations).toEqual([]);
  }, 600_000);
});
