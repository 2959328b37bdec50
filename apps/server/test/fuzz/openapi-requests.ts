/**
 * Requests generated from the OpenAPI document for the fuzz test: for every operation one valid-
 * looking request (sampled from its schemas, ids pointing at real rows) and variants of it where
 * one field at a time is replaced by a hostile value. Values are sampled per field (boundary
 * integers, NUL bytes, huge strings, wrong types, a missing field, a body nested 5,000 levels
 * deep), not crossed with each other, so the whole document stays a few thousand requests.
 */
import { randomBytes } from 'node:crypto';
import { sample } from 'openapi-sampler';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
  nullable?: boolean;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
  'x-access'?: string;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
};

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: string;
  params: Parameter[];
  body: Schema | null;
  responses: string[];
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  /** JSON text, sent as application/json */
  payload?: string;
  label: string;
  /** Another spelling of an integer: any 2xx is a failure (issue 29.18). */
  mustRefuse?: boolean;
}

/** Real rows the valid-looking requests point at, so handlers get past "not found". */
export interface Fixtures {
  memberId: number;
  memberCode: string;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        access: op['x-access'] ?? (op.security?.length ? 'member-or-admin' : 'public'),
        params: op.parameters ?? [],
        body,
        responses: Object.keys(op.responses),
      });
    }
  }
  return ops;
}

const BOUNDARY_INTS = [0, -1, 2 ** 31, 2 ** 53, 1e30];
const NUL_TEXTS = ['\u0000', 'a\u0000b'];
const HUGE = 'x'.repeat(20_000);
/** Issue 29.17: a recursive walk of this body overflowed the stack (500). Sent as text: stringifying it could overflow here too. */
const DEEP_PAYLOAD = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const WRONG_TYPES: Record<string, unknown[]> = {
  integer: ['abc', 1.5, true, {}, null],
  number: ['abc', true, [], null],
  string: [123, {}, [], null],
  boolean: ['maybe', 2, null],
  array: ['x', {}, [null, 'a\u0000']],
  object: ['x', [], null],
};
/** As they would be typed into a URL: every query and path value is text. */
const URL_VALUES = ['0', '-1', '2147483648', '9007199254740992', '1e30', '%00', 'a%00b', '1.5', 'abc', ''];
/**
 * Other spellings of a number (issue 29.18: z.coerce read `/users/0x10` as user 16): an integer path
 * or query parameter must refuse each. URL-encoded: ' 2' and '+3' (a bare + in a query is a space).
 */
export const INTEGER_SPELLINGS = ['0x10', '1e1', '%202', '%2B3', '2.0'];

function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'string';
  if (schema.type) return schema.type;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  return branch ? typeOf(branch) : 'string';
}

const idLike = /(^id$|_id$|Id$)/;

function pathValue(p: Parameter, fx: Fixtures): string {
  if (typeOf(p.schema) === 'integer') return String(fx.memberId);
  if (/code/i.test(p.name)) return fx.memberCode;
  const sampled = sample(p.schema as never, { enablePatterns: true, quiet: true });
  return encodeURIComponent(String(sampled ?? 'x'));
}

/** A body that passes the schema where a sampler can tell: enums, patterns, formats, bounds. */
function sampleBody(schema: Schema, doc: OpenApiDocument, fx: Fixtures, all: boolean): unknown {
  const value = sample(schema as never, { enablePatterns: true, quiet: true, skipNonRequired: !all }, doc);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      if (key in (value as object) && idLike.test(key) && typeOf(prop) === 'integer') {
        (value as Record<string, unknown>)[key] = fx.memberId;
      }
    }
  }
  return value;
}

function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, string>) {
  let url = op.path;
  for (const [name, value] of Object.entries(path)) url = url.replace(`{${name}}`, value);
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

export function requestsFor(op: Operation, doc: OpenApiDocument, fx: Fixtures): FuzzRequest[] {
  const headers: Record<string, string> = {};
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === 'path') path[p.name] = pathValue(p, fx);
    else if (p.in === 'query' && p.required) query[p.name] = pathValue(p, fx);
  }
  const withKey = () =>
    op.params.some((p) => p.in === 'header' && p.name === 'idempotency-key')
      ? { ...headers, 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` }
      : headers;
  const out: FuzzRequest[] = [];
  const send = (
    label: string,
    p: Record<string, string>,
    q: Record<string, string>,
    body?: unknown,
    mustRefuse = false,
  ) =>
    out.push({
      method: op.method,
      url: buildUrl(op, p, q),
      headers: withKey(),
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      label: `${op.method} ${op.path} ${label}`,
      ...(mustRefuse ? { mustRefuse } : {}),
    });

  const required = op.body ? sampleBody(op.body, doc, fx, false) : undefined;
  const full = op.body ? sampleBody(op.body, doc, fx, true) : undefined;
  send('(valid)', path, query, required);
  if (op.body) send('(all fields)', path, query, full);

  for (const p of op.params) {
    if (p.in === 'header') continue;
    for (const v of URL_VALUES) {
      if (p.in === 'path')
        send(`path.${p.name}=${v || "''"}`, { ...path, [p.name]: v || '%20' }, query, required);
      else send(`query.${p.name}=${v || "''"}`, path, { ...query, [p.name]: v }, required);
    }
    if (typeOf(p.schema) === 'integer') {
      for (const v of INTEGER_SPELLINGS) {
        if (p.in === 'path') send(`path.${p.name}=${v}`, { ...path, [p.name]: v }, query, required, true);
        else send(`query.${p.name}=${v}`, path, { ...query, [p.name]: v }, required, true);
      }
    }
    if (p.in === 'query') send(`query.${p.name}=huge`, path, { ...query, [p.name]: HUGE }, required);
    if (p.in === 'query')
      send(`query.${p.name} twice`, path, { ...query, [p.name]: `1&${p.name}=2` }, required);
  }

  if (op.body) {
    for (const whole of [[], 'text', null, 0, { unexpected: 'a\u0000' }]) {
      send(`body=${JSON.stringify(whole)}`, path, query, whole);
    }
    out.push({
      method: op.method,
      url: buildUrl(op, path, query),
      headers: withKey(),
      payload: DEEP_PAYLOAD,
      label: `${op.method} ${op.path} body nested 5,000 levels deep`,
    });
    const base = (full && typeof full === 'object' && !Array.isArray(full) ? full : {}) as Record<
      string,
      unknown
    >;
    const props = Object.entries(op.body.properties ?? {});
    for (const [name, schema] of props) {
      for (const v of hostileValues(schema)) {
        send(`body.${name}=${describe(v)}`, path, query, { ...base, [name]: v });
      }
      if (op.body.required?.includes(name)) {
        const { [name]: _dropped, ...rest } = base;
        send(`body.${name} missing`, path, query, rest);
      }
      // one level down: the first item of an array of objects, or a nested object
      const inner = schema.type === 'array' ? schema.items : schema.type === 'object' ? schema : undefined;
      const innerBase = schema.type === 'array' ? (base[name] as unknown[] | undefined)?.[0] : base[name];
      if (inner?.properties && innerBase && typeof innerBase === 'object') {
        for (const [innerName, innerSchema] of Object.entries(inner.properties)) {
          for (const v of hostileValues(innerSchema).slice(0, 4)) {
            const nested = { ...(innerBase as object), [innerName]: v };
            send(`body.${name}.${innerName}=${describe(v)}`, path, query, {
              ...base,
              [name]: schema.type === 'array' ? [nested] : nested,
            });
          }
        }
      }
    }
  }
  return out;
}

function hostileValues(schema: Schema): unknown[] {
  const type = typeOf(schema);
  const wrong = WRONG_TYPES[type] ?? WRONG_TYPES.string!;
  if (type === 'integer' || type === 'number') return [...BOUNDARY_INTS, ...wrong];
  if (type === 'string') return [...NUL_TEXTS, HUGE, '', ...wrong];
  return [...wrong, 'a\u0000b'];
}

function describe(v: unknown): string {
  if (typeof v === 'string') {
    if (v.length > 40) return `string(${v.length})`;
    return JSON.stringify(v);
  }
  return JSON.stringify(v) ?? String(v);
}
