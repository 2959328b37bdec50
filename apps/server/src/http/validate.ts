import { NUL_MESSAGE } from '@app/contracts/common';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../errors.js';

/** The path (`a.0.b`, '' for the value itself) of the first string holding a NUL character, or null. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulPath(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The zod validator, after one check for every input of every route: no NUL character in any
 * string (body, query, params, headers, keys included), since PostgreSQL text cannot store one.
 * Here once, rather than on each `z.string()` of the contracts.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const where = nulPath(data) ?? (hasNulKey(data) ? '' : null);
    if (where === null) return validate(data);
    const error = Object.assign(new Error(where ? `${where}: ${NUL_MESSAGE}` : NUL_MESSAGE), {
      statusCode: 400,
    });
    return { error };
  };
};

function hasNulKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) => key.includes('\u0000') || hasNulKey(child));
}

/** Parses input the route could not type up front (e.g. a body whose shape depends on the caller). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulPath(input);
  if (nul !== null) throw badRequest(nul ? `${nul}: ${NUL_MESSAGE}` : NUL_MESSAGE);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.join('.');
  throw badRequest(where ? `${where}: ${issue.message}` : issue.message);
}
