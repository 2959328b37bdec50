import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * How deep a JSON body may nest objects and arrays. No request of this API goes past four or five
 * levels; 32 leaves room for any client, and keeps every recursive walk of a body (the NUL check of
 * http/validate.ts, zod, the IPN signature) far from the stack's end: a body nested 5,000 levels deep
 * overflowed it and answered 500.
 */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP = `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

/** Whether `value` nests objects or arrays more than `max` levels deep; iterative, so any depth is safe to measure. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<{ value: unknown; level: number }> = [{ value, level: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.level > max) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, level: next.level + 1 });
  }
  return false;
}

/**
 * Refuses a too-deep body with a 400 on every route, after JSON.parse (which handles any depth) and
 * before validation or anything else walks it.
 */
export function registerNestingLimit(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) throw badRequest(TOO_DEEP);
  });
}
