import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { otpMail } from '../../../mail/templates.js';
import * as users from '../auth/repo.js';
import { createEmailCodes } from './codes.js';
import * as repo from './repo.js';

/** A member's e-mail verification (the codes themselves: codes.ts). */
export function createOtpService(deps: { db: Db; clock: Clock; secret: string }) {
  const { db, clock } = deps;
  const codes = createEmailCodes(deps);

  async function send(actor: Actor, userId: number, email: string) {
    assertSelfOrAdmin(actor, userId);
    return withTx(db, async (tx) => {
      const user = await users.findById(tx, userId, true);
      if (!user) throw notFound(MSG.userNotFound);
      if (user.email !== email) throw badRequest(MSG.otpEmailMismatch);
      if (user.verify_at) throw badRequest(MSG.alreadyVerified);
      const { code, minutes } = await codes.issue(tx, userId, 'verify');
      await enqueueMail(tx, otpMail(user.email, user.fullname, code, minutes, user.locale));
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
      const open = await codes.check(tx, userId, 'verify', otp);
      if (open instanceof AppError) return open;
      await repo.consume(tx, open.id, userId, clock.now());
      return null;
    });
    if (outcome instanceof AppError) throw outcome;
    return { message: MSG.otpVerified };
  }

  return { send, verify };
}

export type OtpService = ReturnType<typeof createOtpService>;
