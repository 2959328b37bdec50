import type { RegisterBody, SigninBody } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/pool.js';
import { withTx } from '../../db/pool.js';
import { badRequest, conflict, forbidden, tooMany, unauthorized } from '../../errors.js';
import type { Actor } from '../../http/access.js';
import { assertOpen } from '../settings/service.js';
import { newReferralCode, newUsername } from './identifiers.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import type { SessionAuth } from './tokens.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const FAILURE_WINDOW_MS = 15 * 60_000;

export function createAuthService(deps: {
  db: Db;
  sessions: SessionAuth;
  clock: Clock;
  failsPerAccount: number;
}) {
  const { db, sessions, clock } = deps;

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
        const id = await insertWithUniqueIdentifiers(tx, body, passwordHash, sponsor, now);
        const user = (await repo.findById(tx, Number(id)))!;
        const issued = await sessions.issue(tx, Number(id), 'member', meta);
        return {
          message: MSG.registered,
          auth: {
            id: Number(id),
            token: issued.token,
            refferal_code: user.refferal_code,
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
    const user = await checkCredentials(body, meta);
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

  async function adminSignin(body: SigninBody, meta: RequestMeta) {
    const user = await checkCredentials(body, meta);
    if (user.role !== 'admin') throw forbidden(MSG.notAdmin);
    if (user.status === 'block') throw forbidden(MSG.blocked);
    const issued = await startSession(user, 'admin', meta);
    return {
      admin: {
        id: Number(user.id),
        token: issued.token,
        email: user.email,
        username: user.username,
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

  /** Password check with per-account throttling (the per-IP limit sits on the route). */
  async function checkCredentials(body: SigninBody, meta: RequestMeta) {
    const now = clock.now();
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    if ((await repo.recentFailures(db, body.email, since)) >= deps.failsPerAccount)
      throw tooMany(MSG.tooManyAttempts);
    const user = await repo.findByLogin(db, body.email);
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) {
      await repo.recordFailure(db, body.email, meta.ip, now);
      throw unauthorized(MSG.invalidCredentials);
    }
    return user;
  }

  async function startSession(user: repo.AuthUserRow, audience: 'member' | 'admin', meta: RequestMeta) {
    return withTx(db, async (tx) => {
      await repo.clearFailures(tx, [user.email, user.username]);
      await repo.touchLastLogin(tx, user.id, clock.now());
      return sessions.issue(tx, Number(user.id), audience, meta);
    });
  }

  return { register, signin, adminSignin, signout };
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
    try {
      const id = await repo.insertUser(tx, {
        username: newUsername(body.fullname),
        email: body.email,
        passwordHash,
        fullname: body.fullname,
        phone: body.phone,
        role: 'user',
        refferalCode: newReferralCode(),
        sponsor,
        now,
      });
      await tx.query('RELEASE SAVEPOINT ident');
      return id;
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
