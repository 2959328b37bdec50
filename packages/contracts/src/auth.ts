import { z } from 'zod';
import { email, int8Id, password, str } from './common.js';
import { LOCALES } from './locales.js';
import { phone } from './phone.js';
import { totpOrRecoveryCode } from './totp.js';

export const registerBody = z.strictObject({
  fullname: str()
    .trim()
    .min(1, 'Enter your full name')
    .min(2, 'Your full name must be at least 2 characters')
    .max(100, 'Your full name must be at most 100 characters'),
  email,
  phone,
  password,
  /** The sponsor's referral code; optional only for the very first member (the root). */
  reffer_by: z.string().trim().max(32).optional(),
  /** The member's language (issue 38; not in the spec): absent = the request's Accept-Language, if shipped. */
  locale: z.enum(LOCALES).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const signinBody = z.strictObject({
  /** Email or username. */
  email: str().trim().min(1, 'Enter your email or username').max(254, 'Enter at most 254 characters'),
  password: z.string().min(1, 'Enter your password').max(128),
});
export type SigninBody = z.infer<typeof signinBody>;

/**
 * The admin password step: the member sign-in fields, plus the token of a browser the admin trusted
 * at an earlier code step (see TRUSTED_BROWSER_HOURS); valid for this admin, it skips the code step.
 */
export const adminSigninBody = signinBody.extend({
  trusted_browser: z.string().trim().min(20).max(200).optional(),
});
export type AdminSigninBody = z.infer<typeof adminSigninBody>;

export { TRUSTED_BROWSER_HOURS } from './account-messages.js';

/**
 * `role` (and the top-level `token` of the sign-in answers below, the same value as `auth.token` /
 * `admin.token`) are additions to the spec's keys: existing clients of this API family read them.
 */
export const memberAuth = z.object({
  id: z.number().int(),
  token: z.string(),
  refferal_code: z.string(),
  role: z.literal('user'),
});
export type MemberAuth = z.infer<typeof memberAuth>;

export const adminAuth = z.object({
  id: z.number().int(),
  token: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.literal('admin'),
  /**
   * Two-factor authentication is required for all admins and this one has not set it up: the
   * session only reaches the Security page (and sign-out) until they have.
   */
  totp_setup_required: z.boolean().optional(),
});
export type AdminAuth = z.infer<typeof adminAuth>;

export const signinResponse = z.object({ auth: memberAuth, token: z.string(), expireAt: z.string() });
export const registerResponse = z.object({
  message: z.string(),
  auth: memberAuth,
  token: z.string(),
  expireAt: z.string(),
});
/** A browser trusted at the code step: the web app keeps `token`; the server only its digest. */
export const trustedBrowserGrant = z.object({
  id: z.number().int(),
  token: z.string(),
  expires_at: z.string(),
});
export type TrustedBrowserGrant = z.infer<typeof trustedBrowserGrant>;
export const adminSessionResponse = z.object({
  admin: adminAuth,
  token: z.string(),
  expireAt: z.string(),
  /** Only after a code step that asked to trust this browser. */
  trusted_browser: trustedBrowserGrant.optional(),
});
/** The password was right and the admin has TOTP on: the code goes to /auth/adminsignin/totp with this ticket. */
export const adminTotpChallenge = z.object({
  totp_required: z.literal(true),
  message: z.string(),
  /** Short-lived (TOTP_RULES.signinTicketMinutes), proves the password step; not a session. */
  ticket: z.string(),
});
export const adminSigninResponse = z.union([adminSessionResponse, adminTotpChallenge]);
export const adminTotpSigninBody = z.strictObject({
  ticket: z.string().min(20).max(2000),
  code: totpOrRecoveryCode,
  /** "Trust this browser for 12 hours": the answer then carries `trusted_browser`. */
  trust_browser: z.boolean().optional(),
});
export type AdminTotpSigninBody = z.infer<typeof adminTotpSigninBody>;

export const otpSendBody = z.strictObject({ userId: int8Id, email });
export const otpVerifyBody = z.strictObject({
  userId: int8Id,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});

export const passForgetBody = z.strictObject({ email });
export const passResetBody = z.strictObject({ token: z.string().trim().min(20).max(200), password });

/** Lifetime of a session token. */
export const SESSION_HOURS = { member: 24, admin: 8 } as const;
/** Email verification code rules (DOMAIN.md, Members). */
export const OTP_RULES = { digits: 6, ttlMinutes: 10, maxTries: 5 } as const;
export const RESET_TOKEN_TTL_MINUTES = 30;
