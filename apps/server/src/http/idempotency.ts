import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * The client's `Idempotency-Key` header, namespaced by caller so two members can never collide.
 * Without one, each request is new (the web app always sends one for money actions).
 */
export function clientIdempotencyKey(request: FastifyRequest, scope: string): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 100 letters, digits or _ . : -');
  }
  return `${scope}:${request.actor?.userId ?? 'anon'}:${key}`;
}
