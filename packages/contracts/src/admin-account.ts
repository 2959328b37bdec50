/**
 * The signed-in admin's own account (the Account page): password, e-mail address (confirmed by a
 * code sent to the new address) and the browsers they trusted at the code step of their sign-in.
 * The team (invitations, roles) is in admins.ts.
 */
import { z } from 'zod';
import { email } from './common.js';
import { PASSWORD_RULES } from './password-rules.js';
import { adminPassword } from './passwords.js';

export { ACCOUNT_MSG } from './account-messages.js';

/** Shown under the new-password field of an administrator. */
export const ADMIN_PASSWORD_HINT = `At least ${PASSWORD_RULES.adminMin} characters, not a common password`;

const currentPassword = z.string().min(1, 'Enter your current password').max(128);

/** POST /admin-account/password. A wrong current password is a 400 naming it. */
export const adminPasswordBody = z.strictObject({
  current_password: currentPassword,
  password: adminPassword,
});
export type AdminPasswordBody = z.infer<typeof adminPasswordBody>;

/** POST /admin-account/email: the new address and the current password; a code goes to the new address. */
export const adminEmailBody = z.strictObject({ email, current_password: currentPassword });
export type AdminEmailBody = z.infer<typeof adminEmailBody>;
export const adminEmailStartResponse = z.object({
  message: z.string(),
  pending_email: z.string(),
  expires_at: z.string(),
});

/** POST /admin-account/email/confirm: the code of the mail sent to the new address. */
export const adminEmailConfirmBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits in the e-mail'),
});
export const adminEmailConfirmResponse = z.object({ message: z.string(), email: z.string() });

export const trustedBrowser = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TrustedBrowser = z.infer<typeof trustedBrowser>;

/** GET /admin-account: the address, an e-mail change waiting for its code, the trusted browsers. */
export const adminAccountResponse = z.object({
  email: z.string(),
  pending_email: z.string().nullable(),
  pending_expires_at: z.string().nullable(),
  trusted_browsers: z.array(trustedBrowser),
});
export type AdminAccount = z.infer<typeof adminAccountResponse>;
