import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import type { AdminSigninBody, AdminTotpSigninBody, RegisterBody, SigninBody } from '@app/contracts/auth';
import { acceptLanguageTags, matchLocale } from '@app/contracts/locales';
import { MSG } from '@app/contracts/messages';
import { totpRequiredFor } from '@app/contracts/settings';
import { blockedMessage } from '@app/contracts/support-contact';
import type { Clock } from '../../../clock.js';
import type { Db, Queryable } from '../../../db/pool.js';
import { withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import type { FraudService } from '../../operations/fraud/service.js';
import { assertOpen, readSettings } from '../../operations/settings/service.js';
import { revokeTrustedBrowsers, type TrustedBrowsers } from '../admin-account/trusted.js';
import type { TotpService } from '../totp/service.js';
import { newReferralCode, newUsername } from './identifiers.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { createAdminResume } from './resume.js';
import { accountKey, type SigninThrottle, unknownNameKey } from './throttle.js';
import { type SessionAuth, sessionSource } from './tokens.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The web app's random device id (X-Device-Id), for the fraud signals. */
  deviceId?: string;
  /**
   * The browser's device secret of an admin sign-in (an HttpOnly cookie, admin-account/trusted.ts):
   * the one it sent, or a new one the route sets when the answer trusts this browser.
   */
  trustedDevice?: string;
  /** Whether `trustedDevice` came with the request (a new one proves nothing yet). */
  trustedDeviceSent?: boolean;
  /** The request's Accept-Language header: a new member's language when they name none (issue 38). */
  acceptLanguage?: string;
}

/** A code the second step refused: thrown inside its transaction so the ticket is not spent. */
class CodeRefused extends Error {
  constructor(readonly outcome: 'wrong' | 'used') {
    super(`code ${outcome}`);
  }
}

export function createAuthService(deps: {
  db: Db;
  sessions: SessionAuth;
  clock: Clock;
  throttle: SigninThrottle;
  totp: TotpService;
  /** Browsers an admin trusted at the code step ("Trust this browser for 12 hours"). */
  trusted: TrustedBrowsers;
  /** Notes where members sign in and register from (fraud signals). */
  fraud?: Pick<FraudService, 'record' | 'factOf'>;
}) {
  const { db, sessions, clock, throttle, totp } = deps;
  /** The resume secret of each admin session, so a reload or a new tab of this browser resumes it. */
  const resumes = createAdminResume({ db, sessions, clock });

  async function register(body: RegisterBody, meta: RequestMeta) {
    await assertOpen(db, 'registration_open');
    const passwordHash = await hashPassword(body.password);
    const sponsorCode = body.reffer_by?.trim() || null;
    const term = sessions.term('member');
    const [ip, userAgent] = sessionSource(meta);
    const fact = deps.fraud?.factOf(meta) ?? null;
    // Random codes and usernames may collide: a new pair is drawn (the statement wrote nothing).
    for (let attempt = 0; ; attempt++) {
      const refferalCode = newReferralCode();
      const joined = await repo.registerMember(db, {
        username: newUsername(body.fullname, attempt),
        email: body.email,
        passwordHash,
        fullname: body.fullname,
        phone: body.phone,
        refferalCode,
        sponsorCode,
        now: term.now,
        session: { expireAt: term.expireAt, ip, userAgent },
        fact,
        locale: body.locale ?? matchLocale(acceptLanguageTags(meta.acceptLanguage)),
      });
      if (joined.outcome === 'identifierTaken' && attempt < 5) continue;
      if (joined.outcome === 'emailTaken') throw conflict(MSG.emailTaken);
      if (joined.outcome === 'refused')
        throw badRequest(sponsorCode ? MSG.sponsorInvalid : MSG.sponsorRequired);
      if (joined.outcome !== 'joined') throw conflict('Please try again: the generated username was taken');
      const id = Number(joined.id);
      const issued = await sessions.sign(joined.sessionId, id, 'member', term);
      return {
        message: MSG.registered,
        auth: { id, token: issued.token, refferal_code: refferalCode, role: 'user' as const },
        token: issued.token,
        expireAt: issued.expireAt.toISOString(),
      };
    }
  }

  /** Member sign-in; the sign-in switch never applies to admins (adminSignin below). */
  async function signin(body: SigninBody, meta: RequestMeta) {
    const current = await assertOpen(db, 'signin_open');
    const user = await checkCredentials(body);
    if (user.role === 'admin') throw forbidden(MSG.adminUseAdminLogin);
    // with the platform's contact: support itself needs a session a blocked member cannot have
    if (user.status === 'block') throw forbidden(blockedMessage(current));
    const issued = await startMemberSession(user, meta);
    return {
      auth: {
        id: Number(user.id),
        token: issued.token,
        refferal_code: user.refferal_code,
        role: 'user' as const,
      },
      token: issued.token,
      expireAt: issued.expireAt.toISOString(),
    };
  }

  /**
   * The password step of the back-office. With TOTP on, the answer is a short-lived ticket for the
   * code step (adminSigninTotp), not a session, unless the request carries the token of a browser
   * this admin trusted there less than 12 hours ago; the password attempt is then not counted as a
   * failure, but the throttle is cleared only once the code is right.
   */
  async function adminSignin(body: AdminSigninBody, meta: RequestMeta) {
    const user = await checkCredentials(body);
    if (user.role !== 'admin') throw forbidden(MSG.notAdmin);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    const id = Number(user.id);
    if (await totp.isEnabled(id)) {
      const device = meta.trustedDeviceSent ? (meta.trustedDevice ?? null) : null;
      if (body.trusted_browser && (await deps.trusted.use(id, body.trusted_browser, device)))
        return adminSession(user, meta, false);
      await throttle.refund(accountKey(user.id));
      return {
        totp_required: true as const,
        message: MSG.totpCodeNeeded,
        ticket: await sessions.issueTotpTicket(id),
      };
    }
    return adminSession(user, meta, totpRequiredFor(await readSettings(db), user.admin_roles));
  }

  /**
   * The code step: a TOTP code or a recovery code, counted on the same account throttle as
   * passwords; a code of a step already used is not counted, and says to wait for the next one.
   * One transaction spends the ticket, the code and opens the session: a ticket used again (even
   * with a fresh recovery code, even at the same moment) finds itself spent and opens nothing, and a
   * wrong code rolls back, leaving the ticket for the right one.
   */
  async function adminSigninTotp(body: AdminTotpSigninBody, meta: RequestMeta) {
    const ticket = await sessions.verifyTotpTicket(body.ticket);
    const { userId } = ticket;
    await throttle.claim(accountKey(userId));
    const user = await repo.findById(db, userId);
    if (user?.role !== 'admin') throw unauthorized(MSG.totpTicketInvalid);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    try {
      return await withTx(db, async (tx) => {
        if (!(await repo.spendTotpTicket(tx, ticket, clock.now()))) throw unauthorized(MSG.totpTicketInvalid);
        const outcome = await totp.useSigninCode(tx, userId, body.code);
        if (outcome !== 'ok') throw new CodeRefused(outcome);
        return adminSessionIn(tx, user, meta, false, body.trust_browser === true);
      });
    } catch (error) {
      if (!(error instanceof CodeRefused)) throw error;
      if (error.outcome === 'used') {
        await throttle.refund(accountKey(userId));
        throw unauthorized(ACCOUNT_MSG.totpCodeUsed);
      }
      throw unauthorized(MSG.totpInvalid);
    }
  }

  async function adminSession(user: repo.AuthUserRow, meta: RequestMeta, totpSetupRequired: boolean) {
    return withTx(db, (tx) => adminSessionIn(tx, user, meta, totpSetupRequired));
  }

  async function adminSessionIn(
    tx: Queryable,
    user: repo.AuthUserRow,
    meta: RequestMeta,
    totpSetupRequired: boolean,
    trustBrowser = false,
  ) {
    const issued = await startSessionIn(tx, user, meta);
    // taken off the answer by the route, which sets it as the HttpOnly resume cookie
    const resume = await resumes.open(tx, issued.sessionId);
    const trusted =
      trustBrowser && meta.trustedDevice
        ? await deps.trusted.grant(tx, Number(user.id), meta.userAgent ?? null, meta.trustedDevice)
        : undefined;
    return {
      admin: {
        id: Number(user.id),
        token: issued.token,
        email: user.email,
        username: user.username,
        totp_setup_required: totpSetupRequired,
        role: 'admin' as const,
      },
      token: issued.token,
      expireAt: issued.expireAt.toISOString(),
      ...(trusted ? { trusted_browser: trusted } : {}),
      resume,
    };
  }

  async function signout(actor: Actor) {
    await sessions.revoke(db, actor.sessionId);
    return { message: MSG.signedOut };
  }

  /**
   * Ends every session of the caller, this one included (a lost phone, a shared computer); an
   * admin's trusted browsers are no longer trusted either.
   */
  async function signoutEverywhere(actor: Actor) {
    await withTx(db, async (tx) => {
      await sessions.revokeAll(tx, actor.userId);
      if (actor.audience === 'admin') await revokeTrustedBrowsers(tx, actor.userId, clock.now());
    });
    return { message: MSG.signedOutEverywhere };
  }

  /**
   * Password check behind the per-account throttle (the per-IP limit sits on the route). The
   * attempt is counted before the password is checked; a session start forgets the count.
   */
  async function checkCredentials(body: SigninBody) {
    const user = await repo.findByLogin(db, body.email);
    await throttle.claim(user ? accountKey(user.id) : unknownNameKey(body.email));
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) throw unauthorized(MSG.invalidCredentials);
    return user;
  }

  /**
   * A member's session: what an admin's session start writes (startSessionIn) plus the fraud fact,
   * as one statement (repo.startMemberSession).
   */
  async function startMemberSession(user: repo.AuthUserRow, meta: RequestMeta) {
    const term = sessions.term('member');
    const [ip, userAgent] = sessionSource(meta);
    const sessionId = await repo.startMemberSession(db, {
      userId: user.id,
      throttleKey: accountKey(user.id),
      now: term.now,
      session: { expireAt: term.expireAt, ip, userAgent },
      fact: deps.fraud?.factOf(meta) ?? null,
    });
    return sessions.sign(sessionId, Number(user.id), 'member', term);
  }

  /** An admin's session, in the transaction of their sign-in step. */
  async function startSessionIn(tx: Queryable, user: repo.AuthUserRow, meta: RequestMeta) {
    await throttle.clear(tx, accountKey(user.id));
    await repo.touchLastLogin(tx, user.id, clock.now());
    return sessions.issue(tx, Number(user.id), 'admin', meta);
  }

  return {
    register,
    signin,
    adminSignin,
    adminSigninTotp,
    /** A new token of the admin session the browser's resume cookie belongs to (auth/resume.ts). */
    resumeAdmin: resumes.resume,
    signout,
    signoutEverywhere,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
