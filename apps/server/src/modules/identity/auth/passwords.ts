import { PASSWORD_INCORRECT } from '@app/contracts/transfers';
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../../../errors.js';

// @node-rs/argon2 defaults to argon2id (its Algorithm enum's default, value 2); parameters are
// OWASP's second recommended set (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A real hash of a random string, verified when an account is unknown so timing tells nothing. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * A money action that sends money away (a transfer, a withdrawal request) asks the member for their
 * password again: 400 `Password is incorrect` when it does not match (the web app shows it at the
 * password field). `user` null (unknown) is answered the same, after the same work.
 */
export async function confirmPassword(user: { password_hash: string | null } | null, password: string) {
  if (!(await verifyPassword(user?.password_hash ?? null, password))) throw badRequest(PASSWORD_INCORRECT);
}
