/**
 * The one mechanism behind e-mail codes (member address verification, an admin's new address):
 * 6 random digits, kept as an HMAC under the server secret, valid OTP_RULES.ttlMinutes, at most
 * OTP_RULES.maxTries wrong tries, a new one at most once a minute, a new one replacing the open one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../../clock.js';
import type { Queryable } from '../../../db/pool.js';
import { type AppError, badRequest, tooMany } from '../../../errors.js';
import * as repo from './repo.js';

const RESEND_AFTER_MS = 60_000;

export function createEmailCodes(deps: { clock: Clock; secret: string }) {
  const { clock } = deps;
  // a verification code's digest is what it always was, so codes sent before an upgrade still work;
  // a change code's digest also binds the address it confirms
  const digest = (userId: number, purpose: repo.CodePurpose, code: string, newEmail: string | null) =>
    createHmac('sha256', deps.secret)
      .update(purpose === 'verify' ? `otp:${userId}:${code}` : `otp:${purpose}:${userId}:${newEmail}:${code}`)
      .digest('hex');

  /** A new code (to be mailed by the caller) replacing the open one; 429 within a minute of the last. */
  async function issue(
    q: Queryable,
    userId: number,
    purpose: repo.CodePurpose,
    newEmail: string | null = null,
  ) {
    const now = clock.now();
    const open = await repo.latestOpen(q, userId, false, purpose);
    if (open && now.getTime() - open.created_at.getTime() < RESEND_AFTER_MS) {
      throw tooMany('A code was sent less than a minute ago. Wait before asking for another.');
    }
    const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
    const expiresAt = new Date(now.getTime() + OTP_RULES.ttlMinutes * 60_000);
    await repo.replaceOpen(
      q,
      userId,
      digest(userId, purpose, code, newEmail),
      now,
      expiresAt,
      purpose,
      newEmail,
    );
    return { code, expiresAt, minutes: OTP_RULES.ttlMinutes };
  }

  /**
   * The open code of `purpose` if `given` is it (the caller then marks it used); otherwise the refusal,
   * to be thrown after the transaction commits, so that a wrong try stays counted.
   */
  async function check(
    q: Queryable,
    userId: number,
    purpose: repo.CodePurpose,
    given: string,
  ): Promise<repo.OtpRow | AppError> {
    const open = await repo.latestOpen(q, userId, true, purpose);
    if (!open) return badRequest(MSG.otpInvalid);
    if (open.expires_at <= clock.now()) return badRequest(MSG.otpExpired);
    if (open.tries >= OTP_RULES.maxTries) return badRequest(MSG.otpTooManyTries);
    const expected = Buffer.from(open.code_hash, 'hex');
    const actual = Buffer.from(digest(userId, purpose, given, open.new_email), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await repo.countTry(q, open.id);
      return badRequest(open.tries + 1 >= OTP_RULES.maxTries ? MSG.otpTooManyTries : MSG.otpInvalid);
    }
    return open;
  }

  /** A code that did its work works no more. */
  const markUsed = (q: Queryable, id: bigint) => repo.markUsed(q, id, clock.now());

  return { issue, check, markUsed };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
