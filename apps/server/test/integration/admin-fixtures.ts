import { randomBytes } from 'node:crypto';
import type { AdminRole } from '@app/contracts/admins';
import { Secret, TOTP } from 'otpauth';
import { withTx } from '../../src/db/pool.js';
import { hashPassword } from '../../src/modules/identity/auth/passwords.js';
import { insertUser } from '../../src/modules/identity/auth/repo.js';
import type { TestApp } from '../helpers.js';

/** Setup shared by the back-office protection tests: more admins, TOTP codes at the app's time. */

export const SECOND_ADMIN_PASSWORD = 'SecondAdminPass123';

/**
 * Another admin, an owner unless `roles` says otherwise (as an accepted invitation makes one),
 * joined at the app's time or `daysAgo` before it (a second pair of eyes must be a day on the team).
 */
export async function addAdmin(t: TestApp, name: string, roles: AdminRole[] = ['owner'], daysAgo = 0) {
  const email = `${name}-${randomBytes(3).toString('hex')}@test.local`;
  const passwordHash = await hashPassword(SECOND_ADMIN_PASSWORD);
  const id = await withTx(t.db, (tx) =>
    insertUser(tx, {
      username: email.split('@')[0]!,
      email,
      passwordHash,
      fullname: `Admin ${name}`,
      phone: '',
      role: 'admin',
      refferalCode: `ADM${randomBytes(4).toString('hex').toUpperCase()}`,
      sponsor: null,
      now: new Date(t.clock.now().getTime() - daysAgo * 86_400_000),
      adminRoles: roles,
    }),
  );
  return { id: Number(id), email, password: SECOND_ADMIN_PASSWORD };
}

/** The code an authenticator app holding `secret` shows at the app's (manual) time. */
export function codeAt(t: TestApp, secret: string, offsetSteps = 0) {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/** Signs an admin in with their password; the answer is a session or a TOTP challenge. */
export async function adminPasswordStep(t: TestApp, login: { email: string; password: string }) {
  return t.call('POST', '/auth/adminsignin', { body: { email: login.email, password: login.password } });
}

/** Enrols the admin behind `token` and answers the secret and the recovery codes. */
export async function enrol(t: TestApp, token: string) {
  const setup = await t.call('POST', '/totp/setup', { token });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.raw}`);
  const secret = setup.body.secret as string;
  const enabled = await t.call('POST', '/totp/enable', { token, body: { code: codeAt(t, secret) } });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${enabled.raw}`);
  // the next code the tests type is of a later step than the one just used
  t.clock.advance(30_000);
  return { secret, recoveryCodes: enabled.body.recovery_codes as string[] };
}
