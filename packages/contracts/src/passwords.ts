/**
 * The rule for a new password, shared by the server and the web forms. It applies only when a password
 * is set (registration, reset, change, an admin setting one); signing in never checks it, so passwords
 * set under an older rule keep working.
 */
import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { PASSWORD_MSG, PASSWORD_RULES } from './password-rules.js';

export { PASSWORD_MSG, PASSWORD_RULES };

export type PasswordHolder = 'member' | 'admin';

let common: ReadonlySet<string> | null = null;

/** Why `password` may not become the password of a member or admin; null when it may. */
export function passwordProblem(password: string, holder: PasswordHolder = 'member'): string | null {
  const length = [...password].length;
  if (holder === 'admin' && length < PASSWORD_RULES.adminMin) return PASSWORD_MSG.adminTooShort;
  if (length < PASSWORD_RULES.memberMin) return PASSWORD_MSG.memberTooShort;
  if (length > PASSWORD_RULES.max) return PASSWORD_MSG.tooLong;
  if (password.trim() === '') return PASSWORD_MSG.blank;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(password)) return PASSWORD_MSG.control;
  // built on first use, so a page that never checks a password never pays for the set
  common ??= new Set(COMMON_PASSWORDS);
  const folded = password.toLowerCase();
  if (common.has(folded) || common.has(folded.trim())) return PASSWORD_MSG.common;
  return null;
}

const newPassword = (holder: PasswordHolder) =>
  z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, holder);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A member's new password (also the default wherever the holder is not known in advance). */
export const memberPassword = newPassword('member');
/** An administrator's new password. */
export const adminPassword = newPassword('admin');
