/**
 * The messages of the admin's own account (admin-account.ts) and of the TOTP and settings rules it
 * added. Imports nothing (like messages.ts), so the admin sign-in page can match on them within its budget.
 */
export const ACCOUNT_MSG = {
  emailCodeSent: 'We sent a 6-digit code to the new address. Enter it here to confirm the change.',
  emailChanged: 'Your e-mail address has been changed',
  emailSame: 'This is already your e-mail address',
  emailNoChange: 'No e-mail change is waiting for a code. Enter the new address again.',
  passwordSame: 'The new password must differ from the current one',
  trustedBrowserRevoked: 'This browser is no longer trusted',
  trustedBrowserNotFound: 'No such trusted browser',
  /** A TOTP code of the 30 s step already accepted (typically right after turning 2FA on). */
  totpCodeUsed:
    'This code was already used. Wait for the next code in your app (a few seconds) and enter it.',
  totpEnrolFirstRole:
    'Turn on two-factor authentication for your own account before requiring it for a role you hold',
} as const;

/** How long "Trust this browser" at the admin code step spares that admin the step. */
export const TRUSTED_BROWSER_HOURS = 12;
