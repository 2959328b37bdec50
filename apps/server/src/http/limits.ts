/**
 * Request limits on routes, all counted in PostgreSQL through one Limiter (modules/identity/limits), so every
 * instance behind a load balancer sees the same counts.
 * - Per client address: a route declares `config: { rateLimit: { max, timeWindow } }` as usual with
 *   `@fastify/rate-limit`; its store here keeps the counters in the database. The address is
 *   `request.ip`, which honours forwarded headers only from TRUST_PROXY addresses (config.ts).
 * - Per account or per submitted value (an e-mail address): `perAccount` / `perValue` hooks.
 *   `@fastify/rate-limit` runs once per request, so these second limits go through the Limiter
 *   directly instead of through the plugin.
 */
import { MSG } from '@app/contracts/messages';
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { tooMany } from '../errors.js';
import { type Limiter, type LimitRule, retryIn } from '../modules/identity/limits/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: Limiter;
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A `@fastify/rate-limit` store class over the Limiter (the plugin instantiates it itself). */
export function databaseStore(limiter: Limiter) {
  return class DatabaseStore {
    constructor(
      _options?: unknown,
      readonly prefix = 'ip:',
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      limiter.hit(this.prefix + key, { max, windowMs: timeWindow }).then(
        (s) => cb(null, { current: s.hits, ttl: s.retryAfterMs }),
        (error: Error) => cb(error),
      );
    }

    read(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      limiter.peek(this.prefix + key, { max, windowMs: timeWindow }).then(
        (s) => cb(null, { current: s.hits, ttl: s.retryAfterMs }),
        (error: Error) => cb(error),
      );
    }

    /**
     * One bucket per route: the same address on two routes counts separately. The plugin passes the
     * route's merged limit options, whose `routeInfo` is the route (its typings say RouteOptions).
     */
    child(options: object) {
      const { method, url } =
        (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `ip:${[method].flat().join(',')} ${url ?? ''}:`);
    }
  };
}

/** The limiter on the app (`request.server.limiter`) and the rate-limit plugin over it. */
export async function registerLimits(app: FastifyInstance, limiter: Limiter) {
  app.decorate('limiter', limiter);
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(limiter),
    errorResponseBuilder: (_req, context) => tooMany(`${MSG.tooManyRequests} ${retryIn(context.ttl)}`),
  });
}

/**
 * A limit per signed-in account (routes whose access is not public): one person with many
 * addresses is held as surely as many people behind one address.
 */
export function perAccount(name: string, rule: LimitRule, message: string = MSG.tooManyRequests) {
  const hook: onRequestAsyncHookHandler = async (request) => {
    if (!request.actor) return;
    const key = `account:${name}:${request.actor.userId}`;
    await request.server.limiter.consume(key, rule, message);
  };
  return hook;
}

/**
 * A limit per value found in the validated request (e.g. the e-mail address a reset mail goes to),
 * whoever asks and from wherever. Runs after validation, so the value is the normalised one.
 */
export function perValue(
  name: string,
  rule: LimitRule,
  pick: (request: FastifyRequest) => string | undefined,
  message: string = MSG.tooManyRequests,
) {
  const hook: preHandlerAsyncHookHandler = async (request) => {
    const value = pick(request);
    if (!value) return;
    await request.server.limiter.consume(`value:${name}:${value}`, rule, message);
  };
  return hook;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
