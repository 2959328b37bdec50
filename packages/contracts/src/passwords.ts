/**
 * The rule for a new password, shared by the server and the web forms. It applies only when a password
 * is set (registration, reset, change, an admin setting one); signing in never checks it, so passwords
 * set under an older rule keep working.
 */
import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.js';

export const PASSWORD_RULES = {
  /** Shortest password of a member, in characters (code points). */
  memberMin: 10,
  /** Shortest password of an administrator: the back-office moves everyone's money. */
  adminMin: 12,
  max: 128,
} as const;

export const PASSWORD_MSG = {
  memberTooShort: `Password must be at least ${PASSWORD_RULES.memberMin} characters`,
  adminTooShort: `An administrator's password must be at least ${PASSWORD_RULES.adminMin} characters`,
  tooLong: `Password must be at most ${PASSWORD_RULES.max} characters`,
  blank: 'Password cannot be only spaces',
  control: 'Password cannot contain control characters',
  common: 'This password is on the lists of common passwords that attackers try first. Choose another.',
  /** Shown under new-password fields. */
  memberHint: `At least ${PASSWORD_RULES.memberMin} characters, not a common password`,
} as const;

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
