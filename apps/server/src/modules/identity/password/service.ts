import { RESET_TOKEN_TTL_MINUTES } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import { passwordProblem } from '@app/contracts/passwords';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest } from '../../../errors.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { resetMail } from '../../../mail/templates.js';
import { newLinkToken, tokenDigest } from '../../../secrets.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';
import { hashPassword } from '../auth/passwords.js';
import * as users from '../auth/repo.js';
import type { SessionAuth } from '../auth/tokens.js';
import { startControlHold } from '../users/control-hold.js';
import * as repo from './repo.js';

export function createPasswordService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionAuth;
  publicUrl: string;
}) {
  const { db, clock } = deps;

  /** Same answer whether or not the email exists, so it cannot be used to probe for accounts. */
  async function forget(email: string) {
    await withTx(db, async (tx) => {
      const user = await users.findByLogin(tx, email);
      if (!user || user.email !== email) return;
      const token = newLinkToken();
      const now = clock.now();
      await repo.insertReset(
        tx,
        tokenDigest(token),
        user.id,
        now,
        new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      );
      const link = `${deps.publicUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
      await enqueueMail(tx, resetMail(user.email, user.fullname, link, RESET_TOKEN_TTL_MINUTES, user.locale));
    });
    return { message: MSG.resetMailed };
  }

  /** `ip`: where the link was used from, for the notice to the member (issue 36). */
  async function reset(token: string, password: string, ip: string | null = null) {
    const passwordHash = await hashPassword(password);
    await withTx(db, async (tx) => {
      const now = clock.now();
      const open = await repo.takeOpenReset(tx, tokenDigest(token), now);
      if (!open) throw badRequest(MSG.resetTokenInvalid);
      // the contract checked the member rule; an administrator's password must meet theirs
      const holder = await users.findById(tx, Number(open.user_id));
      const problem = holder?.role === 'admin' ? passwordProblem(password, 'admin') : null;
      if (problem) throw badRequest(problem);
      await repo.useReset(tx, tokenDigest(token), open.user_id, passwordHash, now);
      await deps.sessions.revokeAll(tx, Number(open.user_id));
      // an admin's browsers trusted to skip the 2FA code are not trusted after a reset either
      if (holder?.role === 'admin') await revokeTrustedBrowsers(tx, Number(open.user_id), now);
      // a reset link read by someone else is how a member is taken over: told, and money out waits
      if (holder?.role === 'user') {
        const change = { userId: Number(holder.id), what: ['password'] as const, oldEmail: holder.email };
        await startControlHold(tx, { ...change, ip, now, byStaff: false });
      }
    });
    return { message: MSG.passwordReset };
  }

  return { forget, reset };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
