/**
 * Per-account sign-in throttling with growing delays, kept in PostgreSQL (`login_throttle`) so every
 * instance agrees. After `freeFails` failures the next attempt is looked at only after 1 s, then
 * 2 s, 4 s... up to `maxDelayMs`; an attempt during the delay is refused (429, saying when to retry)
 * without extending it. Nobody can lock the holder out for longer than the cap by hammering the
 * account, while guessing a password stays at one try per cap. A success forgets the failures.
 */
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../../clock.js';
import type { Db, Queryable } from '../../../db/pool.js';
import { tooMany } from '../../../errors.js';
import { retryIn } from '../limits/service.js';
import * as repo from './repo.js';

/** A counter nobody touched for an hour starts again from zero (longer than any delay). */
const FORGET_AFTER_MS = 60 * 60_000;

/** The throttle key of an account: its id, so its email and its username count as one. */
export const accountKey = (userId: number | bigint) => `user:${userId}`;
/** Names matching nobody are throttled alike, so the answers do not tell which accounts exist. */
export const unknownNameKey = (login: string) => `name:${login.trim().toLowerCase()}`;
/** Codes typed by a signed-in admin (TOTP set-up and disabling) count apart from sign-ins. */
export const totpKey = (userId: number) => `totp:${userId}`;

export function createSigninThrottle(deps: {
  db: Db;
  clock: Clock;
  freeFails: number;
  maxDelaySeconds: number;
}) {
  const rule: repo.ThrottleRule = {
    freeFails: deps.freeFails,
    maxDelayMs: deps.maxDelaySeconds * 1000,
    forgetAfterMs: FORGET_AFTER_MS,
  };
  return {
    /** Counts an attempt, or throws 429 while the account is in its delay. */
    async claim(key: string) {
      const now = deps.clock.now();
      const claim = await repo.claimSigninAttempt(deps.db, key, now, rule);
      if (!claim.allowed)
        throw tooMany(`${MSG.accountDelayed} ${retryIn(claim.nextAt.getTime() - now.getTime())}`);
    },
    /** Un-counts an attempt that was right but is not the end of the sign-in (the TOTP step follows). */
    refund: (key: string) => repo.refundSigninAttempt(deps.db, key, rule),
    /** Forgets the failures: inside the transaction of the sign-in it belongs to. */
    clear: (q: Queryable, key: string) => repo.clearSigninAttempts(q, key),
  };
}

export type SigninThrottle = ReturnType<typeof createSigninThrottle>;
