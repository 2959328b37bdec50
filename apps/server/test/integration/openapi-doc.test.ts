/**
 * GET /api/v1/docs: a document an OpenAPI validator accepts (no dangling `$ref`), with the bearer
 * scheme on every protected operation and the error answers each operation can give.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  'x-admin-roles'?: string[];
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI, every $ref resolved', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes the recursive referral tree as a named component', () => {
    const op = doc.paths['/api/v1/referral/full/{code}']!.get!;
    expect(JSON.stringify(op.responses['200'])).toContain('#/components/schemas/ReferralTreeNode');
    expect(doc.components.schemas?.ReferralTreeNode).toBeDefined();
  });

  it('puts the bearer scheme on every protected operation and on no public one', () => {
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    for (const { name, op } of ops) {
      const access = op['x-access'] ?? '';
      // an operation admins may call names its area (`admin:finance`, `member-or-admin:finance|support`)
      expect(access, name).toMatch(
        /^(public|member|(admin|member-or-admin):(any|owner|finance|support|content)(\|(finance|support|content))*)$/,
      );
      if (access.includes(':')) expect(op['x-admin-roles'], name).toContain('owner');
      if (access === 'public') expect(op.security, name).toBeUndefined();
      else expect(op.security, name).toEqual([{ bearer: [] }]);
    }
    // spot checks against what the routes declare
    expect(doc.paths['/api/v1/auth/signin']!.post!['x-access']).toBe('public');
    expect(doc.paths['/api/v1/settings']!.put!['x-access']).toBe('admin:owner');
    expect(doc.paths['/api/v1/settings']!.put!['x-admin-roles']).toEqual(['owner']);
    expect(doc.paths['/api/v1/withdrawalrequest/list']!.get!['x-admin-roles']).toEqual([
      'owner',
      'finance',
      'auditor',
    ]);
    expect(doc.paths['/api/v1/transfer/touser']!.post!['x-access']).toBe('member');
  });

  it('lists the error answers derived from access and schema', () => {
    for (const { name, op } of operations()) {
      const statuses = Object.keys(op.responses);
      const hasInput = (op.parameters ?? []).length > 0 || op.requestBody !== undefined;
      const writes = /^(POST|PUT|PATCH|DELETE) /.test(name);
      if (hasInput || writes) expect(statuses, name).toContain('400');
      if (op['x-access'] !== 'public') expect(statuses, name).toEqual(expect.arrayContaining(['401', '403']));
      if ((op.parameters ?? []).some((p) => p.in === 'path')) expect(statuses, name).toContain('404');
      if (writes) expect(statuses, name).toEqual(expect.arrayContaining(['409', '413', '415']));
      expect(
        statuses.some((s) => s.startsWith('2')),
        name,
      ).toBe(true);
    }
    // answers a route declares itself are kept: the public IPN refuses a bad signature with 401
    expect(Object.keys(doc.paths['/api/v1/nowpayments/ipn']!.post!.responses)).toContain('401');
    // an id in the body names a row that may not exist
    expect(Object.keys(doc.paths['/api/v1/cto/pay']!.post!.responses)).toContain('404');
    const signin = doc.paths['/api/v1/auth/signin']!.post!;
    expect(Object.keys(signin.responses)).toContain('429');
    expect(signin.responses['400']).toMatchObject({
      content: { 'application/json': { schema: { properties: { message: { type: 'string' } } } } },
    });
  });
});
