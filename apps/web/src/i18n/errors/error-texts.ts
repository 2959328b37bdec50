import { msg } from '@lingui/core/macro';

/**
 * The catalog entries of the API's error codes a member can meet (issue 38), in an area of their
 * own (`errors`), fetched just after the first paint: an error shows only after a request, and the
 * public pages' first visit stays within its budget. Nothing reads this list at run time: the
 * extractor does, and `errorMessage` (api/client.ts) finds a translation by its id `error.<code>` in
 * the active catalog, so a code the catalog lacks (or one met before the area arrived) shows the
 * server's English, never an id. The English texts are the server's messages
 * (packages/contracts/src/messages.ts, apps/server/src/http/errors.ts).
 */
export const ERROR_TEXTS = [
  // any page
  msg({
    id: 'error.http.internal',
    message: 'Something went wrong on our side. Please try again. (ref {ref})',
  }),
  msg({
    id: 'error.http.service_unavailable',
    message: 'The service is briefly unavailable. Please try again in a moment.',
  }),
  msg({
    id: 'error.http.too_many_requests',
    message: 'Too many requests. Please wait a moment and try again.',
  }),
  msg({ id: 'error.msg.tooManyRequests', message: 'Too many requests.' }),
  msg({ id: 'error.msg.tooManyAttempts', message: 'Too many sign-in attempts. Try again later.' }),
  msg({ id: 'error.msg.sessionEnded', message: 'Your session has ended. Please sign in again.' }),
  msg({ id: 'error.msg.unauthenticated', message: 'Please sign in to continue' }),
  msg({ id: 'error.msg.forbidden', message: 'You are not allowed to do this' }),
  msg({ id: 'error.msg.notFound', message: 'Not found' }),
  // every `validation.<field>` code: the form's own checks already name the field in the language
  msg({
    id: 'error.validation',
    message: 'Some of what you entered was not accepted. Check the form and try again.',
  }),
  // the sign-in, registration and password pages
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
  // the member's screens
  msg({ id: 'error.msg.currentPasswordWrong', message: 'Current password is incorrect' }),
  msg({ id: 'error.msg.currentPasswordRequired', message: 'Enter your current password to set a new one' }),
  msg({ id: 'error.msg.otpInvalid', message: 'The code is incorrect' }),
  msg({ id: 'error.msg.otpExpired', message: 'The code has expired. Request a new one.' }),
  msg({ id: 'error.msg.otpTooManyTries', message: 'Too many wrong codes. Request a new one.' }),
  msg({ id: 'error.msg.alreadyVerified', message: 'Email is already verified' }),
  msg({ id: 'error.msg.userNotFound', message: 'User not found' }),
  // the support tickets (a query deleted or closed from another tab)
  msg({ id: 'error.ticket.notFound', message: 'Ticket not found' }),
  msg({
    id: 'error.ticket.closed',
    message: 'This ticket is closed and no longer takes replies. Create a new query if you still need help.',
  }),
];
