import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../clock.js';
import { type Db, withTx } from '../../db/pool.js';
import { AppError, badRequest, notFound, tooMany } from '../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../http/access.js';
import { enqueueMail } from '../../mail/outbox.js';
import { otpMail } from '../../mail/templates.js';
import * as users from '../auth/repo.js';
import * as repo from './repo.js';

const RESEND_AFTER_MS = 60_000;

export function createOtpService(deps: { db: Db; clock: Clock; secret: string }) {
  const { db, clock } = deps;
  const digest = (userId: number, code: string) =>
    createHmac('sha256', deps.secret).update(`otp:${userId}:${code}`).digest('hex');

  async function send(actor: Actor, userId: number, email: string) {
    assertSelfOrAdmin(actor, userId);
    return withTx(db, async (tx) => {
      const user = await users.findById(tx, userId, true);
      if (!user) throw notFound(MSG.userNotFound);
      if (user.email !== email) throw badRequest(MSG.otpEmailMismatch);
      if (user.verify_at) throw badRequest(MSG.alreadyVerified);
      const now = clock.now();
      const open = await repo.latestOpen(tx, userId);
      if (open && now.getTime() - open.created_at.getTime() < RESEND_AFTER_MS) {
        throw tooMany('A code was sent less than a minute ago. Wait before asking for another.');
      }
      const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
      const expiresAt = new Date(now.getTime() + OTP_RULES.ttlMinutes * 60_000);
      await repo.replaceOpen(tx, userId, digest(userId, code), now, expiresAt);
      await enqueueMail(tx, otpMail(user.email, user.fullname, code, OTP_RULES.ttlMinutes));
      return { message: MSG.otpSent };
    });
  }

  async function verify(actor: Actor, userId: number, otp: string) {
    assertSelfOrAdmin(actor, userId);
    // A wrong code must count even though the request fails, so the outcome is decided inside the
    // transaction and thrown only after it commits.
    const outcome = await withTx(db, async (tx) => {
      const user = await users.findById(tx, userId);
      if (!user) return notFound(MSG.userNotFound);
      if (user.verify_at) return badRequest(MSG.alreadyVerified);
      const open = await repo.latestOpen(tx, userId, true);
      if (!open) return badRequest(MSG.otpInvalid);
      if (open.expires_at <= clock.now()) return badRequest(MSG.otpExpired);
      if (open.tries >= OTP_RULES.maxTries) return badRequest(MSG.otpTooManyTries);
      const expected = Buffer.from(open.code_hash, 'hex');
      const given = Buffer.from(digest(userId, otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await repo.countTry(tx, open.id);
        return badRequest(open.tries + 1 >= OTP_RULES.maxTries ? MSG.otpTooManyTries : MSG.otpInvalid);
      }
      await repo.consume(tx, open.id, userId, clock.now());
      return null;
    });
    if (outcome instanceof AppError) throw outcome;
    return { message: MSG.otpVerified };
  }

  return { send, verify };
}

export type OtpService = ReturnType<typeof createOtpService>;
