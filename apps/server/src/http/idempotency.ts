import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/pool.js';
import { badRequest, conflict } from '../errors.js';

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

const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Runs `create` once per client key, inside the caller's transaction: a retry with the same key
 * and the same request gets the first answer back (a concurrent one waits for the first to
 * commit); the same key with a different request is refused. Without a key, every call creates.
 * For requests that create rows but move no money (money moves are idempotent in the ledger).
 */
export async function createOnce<T>(
  tx: Tx,
  key: string | null,
  request: unknown,
  now: Date,
  create: () => Promise<T>,
): Promise<T> {
  if (!key) return create();
  const hash = createHash('sha256').update(json(request)).digest('hex');
  const claimed = await tx.query(
    `INSERT INTO idempotent_requests (key, request_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO NOTHING`,
    [key, hash, now],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await tx.query<{ request_hash: string; response: T }>(
      'SELECT request_hash, response FROM idempotent_requests WHERE key = $1',
      [key],
    );
    if (rows[0]!.request_hash !== hash)
      throw conflict('This idempotency key was already used for a different request');
    return rows[0]!.response;
  }
  const result = await create();
  await tx.query('UPDATE idempotent_requests SET response = $2 WHERE key = $1', [key, json(result)]);
  return result;
}
