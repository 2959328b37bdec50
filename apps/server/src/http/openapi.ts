/**
 * The OpenAPI document (GET /api/v1/docs) generated from the routes' zod schemas, completed in one
 * place from what every route already declares, so no route has to repeat it:
 * - `security` (bearer) and `x-access` from `config.access` and `config.area`: `public`, `member`,
 *   or for a route admins may call `admin:<area>` / `member-or-admin:<area>`, with `x-admin-roles`
 *   listing the admin roles that may call it (contracts/admins.ts `rolesFor`);
 * - the generic error answers: 400 for a route with input or a write, 401/403 for a protected
 *   route, 404 for a route with path parameters or an id in its input, 409 for a route that writes,
 *   413/415 for a write, 429 for a rate-limited one. A route keeps any answer its
 *   own schema declares (e.g. 401 of the public IPN callback, 409 of a GET that claims).
 * Named (recursive) schemas become components, so no `$ref` dangles.
 */
import { type AdminAreas, areaName, rolesFor } from '@app/contracts/admins';
import type { SwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, isWrite } from './access.js';

type Transform = NonNullable<Extract<SwaggerOptions, { openapi?: unknown }>['transform']>;

const errorBody = (description: string) => ({
  description,
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
});

const GENERIC: Record<string, string> = {
  400: 'The input is invalid: `message` names the field and the rule',
  401: 'No valid bearer token (missing, expired or revoked)',
  403: 'The token is valid but this caller may not do this',
  404: 'Nothing with this id or code',
  409: 'The request conflicts with the current state (already done, still in use, idempotency key reused)',
  413: 'The request body is too large',
  415: 'The body is not application/json',
  429: 'Too many attempts: wait and try again',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const openApiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { route, url } = input as { route: { method: string | string[]; config?: unknown }; url: string };
  const source = (input.schema ?? {}) as Record<string, unknown>;
  const schema = { ...((result.schema ?? {}) as Record<string, unknown>) };
  if (schema.hide) return { schema, url };

  const config = (route.config ?? {}) as {
    access?: Access;
    area?: AdminAreas;
    reads?: boolean;
    rateLimit?: unknown;
  };
  const access: Access = config.access ?? 'public';
  const methods = ([] as string[]).concat(route.method);
  const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
  const statuses: number[] = [];
  const writes = methods.some((m) => WRITES.has(m));
  // a write may carry a body even without a schema (multipart, raw callbacks): it can be malformed
  if (writes || source.body || source.querystring || source.params || source.headers) statuses.push(400);
  if (access !== 'public') statuses.push(401, 403);
  if (source.params || url.includes(':') || namesARow(schema.body) || namesARow(schema.querystring)) {
    statuses.push(404);
  }
  if (writes) statuses.push(409);
  if (writes || source.body) statuses.push(413, 415);
  if (config.rateLimit) statuses.push(429);

  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    response[200] = { description: 'Default Response' };
  }
  for (const status of statuses) response[status] ??= errorBody(GENERIC[status]!);
  schema.response = response;
  if (config.area) {
    schema['x-access'] = `${access}:${areaName(config.area)}`;
    schema['x-admin-roles'] = rolesFor(
      config.area,
      methods.some((m) => isWrite(m, config.reads)),
    );
  } else schema['x-access'] = access;
  if (access !== 'public') schema.security = [{ bearer: [] }];
  return { schema, url };
};

/** An input naming a row by id (`id`, `user_id`, `planId`...): that row may not exist. */
function namesARow(jsonSchema: unknown): boolean {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return Object.keys(properties ?? {}).some((name) => /(^id$|_id$|[a-z]Id$)/.test(name));
}

/** Adds the zod schemas registered with an `id` as components (what `$ref`s point at). */
export const openApiTransformObject = createJsonSchemaTransformObject({});
