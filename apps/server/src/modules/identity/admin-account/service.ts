/**
 * The signed-in admin's own account: their password (the current one first, then the admin rule;
 * a change ends their other sessions and every trusted browser) and their e-mail address
 * (confirmed by a code sent to the new address through the e-mail code mechanism of modules/identity/otp).
 * Every change is audited and mailed.
 */
import { ACCOUNT_MSG, type AdminEmailBody, type AdminPasswordBody } from '@app/contracts/admin-account';
import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { AppError, badRequest, conflict, forbidden } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import {
  adminEmailChangedMail,
  adminEmailCodeMail,
  adminPasswordChangedMail,
} from '../../../mail/account-templates.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import * as users from '../auth/repo.js';
import { accountKey, type SigninThrottle } from '../auth/throttle.js';
import type { SessionAuth } from '../auth/tokens.js';
import { createEmailCodes } from '../otp/codes.js';
import { latestOpen } from '../otp/repo.js';
import * as repo from './repo.js';
import type { TrustedBrowsers } from './trusted.js';

export function createAdminAccountService(deps: {
  db: Db;
  clock: Clock;
  /** The server secret the e-mail codes' digests are keyed with. */
  secret: string;
  sessions: SessionAuth;
  throttle: SigninThrottle;
  trusted: TrustedBrowsers;
}) {
  const { db, clock, sessions, throttle } = deps;
  const codes = createEmailCodes(deps);

  async function adminOf(actor: Actor) {
    const admin = await users.findById(db, actor.userId);
    if (admin?.role !== 'admin') throw forbidden(MSG.forbidden);
    return admin;
  }

  /**
   * The current password, counted on the account's sign-in delays like a sign-in (a stolen session
   * guesses no faster than a stranger at the login page); a right one takes its count back.
   */
  async function checkCurrentPassword(admin: users.AuthUserRow, given: string) {
    await throttle.claim(accountKey(admin.id));
    if (!(await verifyPassword(admin.password_hash, given))) throw badRequest(MSG.currentPasswordWrong);
    await throttle.refund(accountKey(admin.id));
  }

  async function account(actor: Actor) {
    const admin = await adminOf(actor);
    const [pending, trusted] = await Promise.all([
      latestOpen(db, actor.userId, false, 'email_change'),
      deps.trusted.list(actor.userId),
    ]);
    const open = pending && pending.expires_at > clock.now() ? pending : null;
    return {
      email: admin.email,
      pending_email: open?.new_email ?? null,
      pending_expires_at: open?.expires_at.toISOString() ?? null,
      trusted_browsers: trusted,
    };
  }

  async function changePassword(actor: Actor, body: AdminPasswordBody) {
    const admin = await adminOf(actor);
    await checkCurrentPassword(admin, body.current_password);
    if (body.password === body.current_password) throw badRequest(ACCOUNT_MSG.passwordSame);
    const passwordHash = await hashPassword(body.password);
    await withTx(db, async (tx) => {
      const now = clock.now();
      await repo.setPassword(tx, actor.userId, passwordHash, now);
      // whoever knew the old password signed in elsewhere is out, and trusts no browser any more
      await sessions.revokeAll(tx, actor.userId, actor.sessionId);
      await repo.revokeTrustedBrowsers(tx, actor.userId, now);
      await recordAudit(tx, actor, {
        action: 'admin.password.change',
        targetType: 'user',
        targetId: actor.userId,
      });
      await enqueueMail(tx, adminPasswordChangedMail(admin.email, admin.fullname, now, actor.ip));
    });
    return { message: SPEC_TEXT.passwordChanged };
  }

  /** Sends a code to the new address; the address changes only when the code comes back. */
  async function startEmailChange(actor: Actor, body: AdminEmailBody) {
    const admin = await adminOf(actor);
    await checkCurrentPassword(admin, body.current_password);
    if (body.email === admin.email) throw badRequest(ACCOUNT_MSG.emailSame);
    return withTx(db, async (tx) => {
      await users.findById(tx, actor.userId, true);
      if (await repo.emailTaken(tx, body.email, actor.userId)) throw conflict(MSG.emailTaken);
      const sent = await codes.issue(tx, actor.userId, 'email_change', body.email);
      await enqueueMail(tx, adminEmailCodeMail(body.email, admin.fullname, sent.code, sent.minutes));
      return {
        message: ACCOUNT_MSG.emailCodeSent,
        pending_email: body.email,
        expires_at: sent.expiresAt.toISOString(),
      };
    });
  }

  async function confirmEmailChange(actor: Actor, code: string) {
    // a wrong code must stay counted: the refusal is thrown after the transaction commits
    const outcome = await withTx(db, async (tx) => {
      const admin = await users.findById(tx, actor.userId, true);
      if (admin?.role !== 'admin') return forbidden(MSG.forbidden);
      if (!(await latestOpen(tx, actor.userId, false, 'email_change')))
        return badRequest(ACCOUNT_MSG.emailNoChange);
      const open = await codes.check(tx, actor.userId, 'email_change', code);
      if (open instanceof AppError) return open;
      const newEmail = open.new_email!;
      // someone may have taken the address since the code was sent
      if (await repo.emailTaken(tx, newEmail, actor.userId)) return conflict(MSG.emailTaken);
      const now = clock.now();
      await repo.setEmail(tx, actor.userId, newEmail, now);
      await codes.markUsed(tx, open.id);
      await recordAudit(tx, actor, {
        action: 'admin.email.change',
        targetType: 'user',
        targetId: actor.userId,
        before: { email: admin.email },
        after: { email: newEmail },
      });
      // the old address hears of it: whoever holds the account now can no longer hide it there
      await enqueueMail(tx, adminEmailChangedMail(admin.email, admin.fullname, newEmail, now));
      return newEmail;
    });
    if (outcome instanceof AppError) throw outcome;
    return { message: ACCOUNT_MSG.emailChanged, email: outcome };
  }

  return { account, changePassword, startEmailChange, confirmEmailChange };
}

export type AdminAccountService = ReturnType<typeof createAdminAccountService>;
