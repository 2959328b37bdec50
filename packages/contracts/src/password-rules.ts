/**
 * The figures and messages of the password rule (passwords.ts), apart from the rule itself so a
 * page can show them without loading zod or the common-password list.
 */
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
  /** Shown where the new password may be an administrator's. */
  anyHint: `At least ${PASSWORD_RULES.memberMin} characters (${PASSWORD_RULES.adminMin} for an administrator), not a common password`,
} as const;
