import { msg } from '@lingui/core/macro';

/**
 * The API error codes of the sign-in, registration and password pages (issue 38; the auth catalog).
 * Read by the extractor only: `errorMessage` (api/client.ts) looks a code up by its id
 * `error.<code>` in the active catalog (see src/i18n/error-texts.ts).
 */
export const AUTH_ERROR_TEXTS = [
  msg({ id: 'error.msg.invalidCredentials', message: 'Wrong email, username or password' }),
  msg({ id: 'error.msg.blocked', message: 'Access Denied: your account is blocked. Contact support.' }),
  msg({ id: 'error.msg.accountDelayed', message: 'Too many failed sign-ins for this account.' }),
  msg({ id: 'error.msg.emailTaken', message: 'This email is already registered' }),
  msg({ id: 'error.msg.sponsorRequired', message: 'A sponsor referral code is required to register' }),
  msg({ id: 'error.msg.sponsorInvalid', message: 'Sponsor referral code not found' }),
  msg({ id: 'error.msg.resetTokenInvalid', message: 'This reset link is invalid or has already been used' }),
  msg({ id: 'error.msg.tooManyResetMails', message: 'Too many reset e-mails were asked for this address.' }),
  msg({ id: 'error.msg.adminUseAdminLogin', message: 'Administrators sign in on the admin login page' }),
  msg({ id: 'error.spec.forgotPasswordFailure', message: 'User Not Found' }),
];
