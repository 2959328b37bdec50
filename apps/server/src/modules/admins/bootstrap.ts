import { randomBytes } from 'node:crypto';
import { passwordProblem } from '@app/contracts/passwords';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { type Db, withTx } from '../../db/pool.js';
import { newReferralCode } from '../auth/identifiers.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser } from '../auth/repo.js';

/**
 * First start with no admin: create one from ADMIN_EMAIL / ADMIN_PASSWORD. Without a password a
 * random one is generated and printed once; it is never stored in clear.
 */
export async function ensureAdmin(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  opts: { email: string; password?: string | undefined },
) {
  await withTx(db, async (tx) => {
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    const { rowCount } = await tx.query(`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`);
    if (rowCount) return;
    const problem = opts.password ? passwordProblem(opts.password, 'admin') : null;
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    const password = opts.password ?? randomBytes(12).toString('base64url');
    await insertUser(tx, {
      username: 'admin',
      email: opts.email.toLowerCase(),
      passwordHash: await hashPassword(password),
      fullname: 'Administrator',
      phone: '',
      role: 'admin',
      refferalCode: `ADM${newReferralCode()}`,
      sponsor: null,
      now: clock.now(),
    });
    if (opts.password)
      log.info({ email: opts.email }, 'created the first admin from ADMIN_EMAIL / ADMIN_PASSWORD');
    else
      log.warn(
        `created the first admin ${opts.email} with the generated password: ${password} (shown once; change it after signing in)`,
      );
  });
}
