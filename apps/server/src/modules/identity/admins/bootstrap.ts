import { randomBytes } from 'node:crypto';
import { passwordProblem } from '@app/contracts/passwords';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';
import { newReferralCode } from '../auth/identifiers.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser } from '../auth/repo.js';

/** Who the back-office's first admin is, for the start summary (main.ts). */
export interface FirstAdmin {
  id: number;
  email: string;
  /** The password generated on this start (no ADMIN_PASSWORD): shown once, in the start summary. */
  generatedPassword: string | null;
}

/**
 * First start with no admin: create one from ADMIN_EMAIL / ADMIN_PASSWORD. Without a password a
 * random one is generated and answered, for main.ts to print once in the start summary (plain text,
 * after the server listens); it is never stored in clear nor written to the JSON log. Answers the
 * first admin (the oldest) on every start.
 *
 * A fresh install requires two-factor authentication of every admin (issue 36): the first start
 * stores `admin_totp_required` = `requireTotp` (default true; the demo and the browser tests relax
 * it, and the setup list then says so). An existing install (an admin exists) keeps its setting.
 */
export async function ensureAdmin(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  opts: { email: string; password?: string | undefined; requireTotp?: boolean },
): Promise<FirstAdmin> {
  return withTx(db, async (tx) => {
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await tx.query<{ id: bigint; email: string }>(
      `SELECT id, email FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
    );
    if (rows[0]) return { id: Number(rows[0].id), email: rows[0].email, generatedPassword: null };
    const problem = opts.password ? passwordProblem(opts.password, 'admin') : null;
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    const password = opts.password ?? randomBytes(12).toString('base64url');
    const email = opts.email.toLowerCase();
    const id = await insertUser(tx, {
      username: 'admin',
      email,
      passwordHash: await hashPassword(password),
      fullname: 'Administrator',
      phone: '',
      role: 'admin',
      refferalCode: `ADM${newReferralCode()}`,
      sponsor: null,
      now: clock.now(),
    });
    await tx.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ('admin_totp_required', $1, $2)
       ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(opts.requireTotp ?? true), clock.now()],
    );
    if (opts.password) log.info({ email }, 'created the first admin from ADMIN_EMAIL / ADMIN_PASSWORD');
    else
      log.warn(
        { email },
        'created the first admin with a generated password: the start summary shows it once',
      );
    return { id: Number(id), email, generatedPassword: opts.password ? null : password };
  });
}

/**
 * `admin:create`: an operator who has lost every owner makes one from the server's own configuration
 * (no web access can do this). A new address gets a new owner; an admin's address becomes an active
 * owner again with the new password, their sessions ended. A member's address is refused. Audited
 * as done by that owner from the command line.
 */
export async function createOwner(
  db: Db,
  opts: { email: string; password: string; now: Date },
): Promise<{ id: number; created: boolean }> {
  const problem = passwordProblem(opts.password, 'admin');
  if (problem) throw new Error(`Password: ${problem}`);
  const email = opts.email.trim().toLowerCase();
  const passwordHash = await hashPassword(opts.password);
  return withTx(db, async (tx) => {
    const { rows } = await tx.query<{ id: bigint; role: string; admin_roles: string[]; status: string }>(
      'SELECT id, role, admin_roles, status FROM users WHERE email = $1 FOR UPDATE',
      [email],
    );
    const existing = rows[0];
    if (existing && existing.role !== 'admin') throw new Error(`${email} belongs to a member, not an admin`);
    let id: number;
    if (existing) {
      id = Number(existing.id);
      await tx.query(
        `UPDATE users SET admin_roles = array(SELECT DISTINCT unnest(admin_roles || '{owner}'::text[])),
                          status = 'unblock', password_hash = $2, updated_at = $3 WHERE id = $1`,
        [id, passwordHash, opts.now],
      );
      await tx.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
        id,
        opts.now,
      ]);
      // a new password ends the trust of their browsers too: the next sign-in asks for the code
      await revokeTrustedBrowsers(tx, id, opts.now);
    } else {
      id = Number(
        await insertUser(tx, {
          username: `admin-${newReferralCode().toLowerCase()}`,
          email,
          passwordHash,
          fullname: 'Administrator',
          phone: '',
          role: 'admin',
          refferalCode: `ADM${newReferralCode()}`,
          sponsor: null,
          now: opts.now,
          adminRoles: ['owner'],
        }),
      );
    }
    const actor = {
      userId: id,
      audience: 'admin' as const,
      sessionId: 'cli',
      ip: 'admin:create',
      roles: ['owner' as const],
    };
    await recordAudit(tx, actor, {
      action: 'admin.create_cli',
      targetType: 'admin',
      targetId: id,
      before: existing ? { roles: existing.admin_roles, status: existing.status } : undefined,
      after: {
        email,
        roles: existing ? [...new Set([...existing.admin_roles, 'owner'])] : ['owner'],
        status: 'unblock',
      },
    });
    return { id, created: !existing };
  });
}
