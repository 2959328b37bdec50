import { msg } from '@lingui/core/macro';

/**
 * The API error codes of the member's screens (issue 38; the member catalog). Read by the
 * extractor only: `errorMessage` (api/client.ts) looks a code up by its id `error.<code>` in the
 * active catalog (see src/i18n/error-texts.ts).
 */
export const MEMBER_ERROR_TEXTS = [
  msg({ id: 'error.msg.currentPasswordWrong', message: 'Current password is incorrect' }),
  msg({ id: 'error.msg.currentPasswordRequired', message: 'Enter your current password to set a new one' }),
  msg({ id: 'error.msg.otpInvalid', message: 'The code is incorrect' }),
  msg({ id: 'error.msg.otpExpired', message: 'The code has expired. Request a new one.' }),
  msg({ id: 'error.msg.otpTooManyTries', message: 'Too many wrong codes. Request a new one.' }),
  msg({ id: 'error.msg.alreadyVerified', message: 'Email is already verified' }),
  msg({ id: 'error.msg.userNotFound', message: 'User not found' }),
];
