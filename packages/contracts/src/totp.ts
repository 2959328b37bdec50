import { z } from 'zod';
import { ADMIN_ROLES } from './admins.js';

/**
 * Admin two-factor authentication (TOTP, RFC 6238): what any authenticator app expects by default
 * (SHA-1, 6 digits, 30 s), one step of clock drift accepted either way.
 */
export const TOTP_RULES = {
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted before and after the current one (phone clocks drift). */
  window: 1,
  recoveryCodes: 10,
  /** How long the password step of an admin sign-in waits for its code. */
  signinTicketMinutes: 5,
} as const;

/** A recovery code as shown: two groups of five of `a-z2-7` (50 random bits), e.g. `k3m7q-x2pzr`. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows');

/** A TOTP code or a recovery code (spaces and case do not matter; the dash is optional). */
export const totpOrRecoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'The code is too long')
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .transform((v) => (/^[a-z2-7]{10}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : v))
  .refine(
    (v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v),
    'Enter the 6-digit code from your authenticator app, or a recovery code such as k3m7q-x2pzr',
  );

/** GET /totp: the caller's own state. */
export const totpStatusResponse = z.object({
  /** Codes are required at sign-in. */
  enabled: z.boolean(),
  /** A set-up was started and waits for its first code. */
  pending: z.boolean(),
  /** The platform setting `admin_totp_required`. */
  required_for_all: z.boolean(),
  /** The platform setting `admin_totp_required_roles`. */
  required_for_roles: z.array(z.enum(ADMIN_ROLES)),
  /** The platform requires it of the caller (for all admins, or for a role they hold). */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatusResponse>;

/** POST /totp/setup: the new secret, shown for this set-up only (never again once it is on). */
export const totpSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/...` URI the QR code encodes. */
  otpauth_url: z.string(),
});

export const totpEnableBody = z.strictObject({ code: totpCode });
/** The recovery codes are in this answer only; the server keeps their digests. */
export const totpEnableResponse = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });

export const totpDisableBody = z.strictObject({ code: totpOrRecoveryCode });
