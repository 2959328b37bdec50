/**
 * Counting limits shared by every API instance: each hit is one atomic upsert in PostgreSQL
 * (repo.ts), so N instances behind a load balancer enforce one limit, not N. Used three ways:
 * - the `@fastify/rate-limit` store (http/limits.ts) for the per-IP limits routes declare;
 * - route hooks keyed on the signed-in account or a body field (http/limits.ts);
 * - services directly, for rules that are not about one request (`consume` below).
 * Windows are fixed: they open at the first hit and close `windowMs` later, by the injected clock.
 */
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/pool.js';
import { tooMany } from '../../../errors.js';
import * as repo from './repo.js';

export interface LimitRule {
  /** Hits allowed in one window; the next one is refused. */
  max: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  hits: number;
  remaining: number;
  /** Until the window closes; 0 when no window is open. */
  retryAfterMs: number;
}

export const LIMITS_PURGE_JOB = 'limits-purge';
export const LIMITS_PURGE_EVERY_MS = 10 * 60_000;

export function createLimiter(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function state(rule: LimitRule, count: repo.WindowCount | null, now: Date): LimitState {
    const hits = count?.hits ?? 0;
    return {
      allowed: hits <= rule.max,
      hits,
      remaining: Math.max(0, rule.max - hits),
      retryAfterMs: count ? Math.max(0, count.resetAt.getTime() - now.getTime()) : 0,
    };
  }

  /** Counts one hit and says whether it was within the rule. */
  async function hit(key: string, rule: LimitRule): Promise<LimitState> {
    const now = clock.now();
    return state(rule, await repo.hit(db, key, rule.windowMs, now), now);
  }

  /** The state without counting (e.g. "is this account held?" before checking a password). */
  async function peek(key: string, rule: LimitRule): Promise<LimitState> {
    const now = clock.now();
    const count = await repo.read(db, key, now);
    return { ...state(rule, count, now), allowed: (count?.hits ?? 0) < rule.max };
  }

  /** Counts one hit; over the rule it throws a 429 whose message says when to retry. */
  async function consume(key: string, rule: LimitRule, message: string): Promise<LimitState> {
    const result = await hit(key, rule);
    if (!result.allowed) throw tooMany(`${message} ${retryIn(result.retryAfterMs)}`);
    return result;
  }

  /** Forgets the windows of these keys (e.g. a successful sign-in clears its failures). */
  async function clear(...keys: string[]) {
    if (keys.length) await repo.clear(db, keys);
  }

  /** Deletes closed windows so the table holds only open ones. */
  async function purge() {
    return repo.purgeClosed(db, clock.now());
  }

  return { hit, peek, consume, clear, purge };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** "Try again in 42 seconds." / "... in 15 minutes." — rounded up, never "in 0". */
export function retryIn(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
}
