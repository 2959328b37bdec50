import type { AdminTotpSigninBody, RegisterBody, SigninBody } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/pool.js';
import { withTx } from '../../db/pool.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors.js';
import type { Actor } from '../../http/access.js';
import type { FraudService } from '../fraud/service.js';
import { assertOpen, readSettings } from '../settings/service.js';
import type { TotpService } from '../totp/service.js';
import { newReferralCode, newUsername } from './identifiers.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { accountKey, type SigninThrottle, unknownNameKey } from './throttle.js';
import type { SessionAuth } from './tokens.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The web app's random device id (X-Device-Id), for the fraud signals. */
  deviceId?: string;
}

export function createAuthService(deps: {
  db: Db;
  sessions: SessionAuth;
  clock: Clock;
  throttle: SigninThrottle;
  totp: TotpService;
  /** Notes where members sign in and register from (fraud signals). */
  fraud?: Pick<FraudService, 'record'>;
}) {
  const { db, sessions, clock, throttle, totp } = deps;

  async function register(body: RegisterBody, meta: RequestMeta) {
    await assertOpen(db, 'registration_open');
    const passwordHash = await hashPassword(body.password);
    const now = clock.now();
    try {
      return await withTx(db, async (tx) => {
        const code = body.reffer_by?.trim();
        const sponsor = code ? await repo.findSponsorByCode(tx, code) : null;
        if (code && !sponsor) throw badRequest(MSG.sponsorInvalid);
        // Only the very first member may join without a sponsor; the users_single_root index
        // settles two first registrations racing.
        if (!sponsor && (await repo.memberCount(tx)) > 0) throw badRequest(MSG.sponsorRequired);
        const { id, refferalCode } = await insertWithUniqueIdentifiers(tx, body, passwordHash, sponsor, now);
        const issued = await sessions.issue(tx, Number(id), 'member', meta);
        await deps.fraud?.record(tx, Number(id), 'register', meta);
        return {
          message: MSG.registered,
          auth: {
            id: Number(id),
            token: issued.token,
            refferal_code: refferalCode,
            role: 'user' as const,
          },
          token: issued.token,
          expireAt: issued.expireAt.toISOString(),
        };
      });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  /** Member sign-in; the sign-in switch never applies to admins (adminSignin below). */
  async function signin(body: SigninBody, meta: RequestMeta) {
    await assertOpen(db, 'signin_open');
    const user = await checkCredentials(body);
    if (user.role === 'admin') throw forbidden(MSG.adminUseAdminLogin);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    const issued = await startSession(user, 'member', meta);
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
   * code step (adminSigninTotp), not a session; the password attempt is then not counted as a
   * failure, but the throttle is cleared only once the code is right.
   */
  async function adminSignin(body: SigninBody, meta: RequestMeta) {
    const user = await checkCredentials(body);
    if (user.role !== 'admin') throw forbidden(MSG.notAdmin);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    if (await totp.isEnabled(Number(user.id))) {
      await throttle.refund(accountKey(user.id));
      return {
        totp_required: true as const,
        message: MSG.totpCodeNeeded,
        ticket: await sessions.issueTotpTicket(Number(user.id)),
      };
    }
    return adminSession(user, meta, (await readSettings(db)).admin_totp_required);
  }

  /** The code step: a TOTP code or a recovery code, counted on the same account throttle as passwords. */
  async function adminSigninTotp(body: AdminTotpSigninBody, meta: RequestMeta) {
    const userId = await sessions.verifyTotpTicket(body.ticket);
    await throttle.claim(accountKey(userId));
    const user = await repo.findById(db, userId);
    if (user?.role !== 'admin') throw unauthorized(MSG.totpTicketInvalid);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    if (!(await totp.useSigninCode(userId, body.code))) throw unauthorized(MSG.totpInvalid);
    return adminSession(user, meta, false);
  }

  async function adminSession(user: repo.AuthUserRow, meta: RequestMeta, totpSetupRequired: boolean) {
    const issued = await startSession(user, 'admin', meta);
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
    };
  }

  async function signout(actor: Actor) {
    await sessions.revoke(db, actor.sessionId);
    return { message: MSG.signedOut };
  }

  /** Ends every session of the caller, this one included (a lost phone, a shared computer). */
  async function signoutEverywhere(actor: Actor) {
    await sessions.revokeAll(db, actor.userId);
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

  async function startSession(user: repo.AuthUserRow, audience: 'member' | 'admin', meta: RequestMeta) {
    return withTx(db, async (tx) => {
      await throttle.clear(tx, accountKey(user.id));
      await repo.touchLastLogin(tx, user.id, clock.now());
      if (audience === 'member') await deps.fraud?.record(tx, Number(user.id), 'signin', meta);
      return sessions.issue(tx, Number(user.id), audience, meta);
    });
  }

  return { register, signin, adminSignin, adminSigninTotp, signout, signoutEverywhere };
}

export type AuthService = ReturnType<typeof createAuthService>;

async function insertWithUniqueIdentifiers(
  tx: import('../../db/pool.js').Tx,
  body: RegisterBody,
  passwordHash: string,
  sponsor: Awaited<ReturnType<typeof repo.findSponsorByCode>>,
  now: Date,
) {
  // Random codes and usernames may collide; retry inside a savepoint instead of failing the signup.
  for (let attempt = 0; ; attempt++) {
    await tx.query('SAVEPOINT ident');
    const refferalCode = newReferralCode();
    try {
      const id = await repo.insertUser(tx, {
        username: newUsername(body.fullname),
        email: body.email,
        passwordHash,
        fullname: body.fullname,
        phone: body.phone,
        role: 'user',
        refferalCode,
        sponsor,
        now,
      });
      await tx.query('RELEASE SAVEPOINT ident');
      return { id, refferalCode };
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT ident');
      const constraint = (error as { constraint?: string }).constraint;
      const retriable = constraint === 'users_username_key' || constraint === 'users_refferal_code_key';
      if (!retriable || attempt >= 5) throw error;
    }
  }
}

function translateUniqueViolation(error: unknown) {
  const constraint = (error as { constraint?: string }).constraint;
  if (constraint === 'users_email_key') return conflict(MSG.emailTaken);
  if (constraint === 'users_single_root') return badRequest(MSG.sponsorRequired);
  return error;
}
