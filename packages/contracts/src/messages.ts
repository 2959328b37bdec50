// The messages the web app's first download compares against live apart (session-messages.ts)
import { SESSION_ENDED, SIGNED_OUT, TOTP_SETUP_REQUIRED } from './session-messages.js';

export { SESSION_ENDED, SIGNED_OUT, TOTP_SETUP_REQUIRED };

/** Texts fixed by the product spec (sections 2, 4, 8), spelled exactly as written there. */
export const SPEC_TEXT = {
  successDialogTitle: 'Successfull',
  successDialogButton: 'Go back',
  errorDialogTitle: 'Error',
  errorDialogHeading: 'Something went Wrong!',
  errorDialogButton: 'Close',
  successPopupDefault: 'Action completed successfully!',
  passwordChanged: 'Password change successfuly',
  forgotPasswordFailure: 'User Not Found',
} as const;

/** Server messages shared by both sides, so the web app can match on them in tests. */
export const MSG = {
  registered: 'Registration successful',
  signedOut: SIGNED_OUT,
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  otpSent: 'A verification code has been sent to your email',
  otpVerified: 'Email verified successfully',
  resetMailed: 'If that email belongs to an account, a reset link has been sent to it',
  passwordReset: 'Password has been reset. You can sign in now.',
  invalidCredentials: 'Wrong email, username or password',
  // spec 2.6/6 name the refusal of a blocked member 'Access Denied'; the sign-in page says it the same way
  blocked: 'Access Denied: your account is blocked. Contact support.',
  notAdmin: 'This account cannot sign in to the back-office',
  adminUseAdminLogin: 'Administrators sign in on the admin login page',
  unauthenticated: 'Please sign in to continue',
  sessionEnded: SESSION_ENDED,
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  userNotFound: 'User not found',
  sponsorRequired: 'A sponsor referral code is required to register',
  sponsorInvalid: 'Sponsor referral code not found',
  emailTaken: 'This email is already registered',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Enter your current password to set a new one',
  otpInvalid: 'The code is incorrect',
  otpExpired: 'The code has expired. Request a new one.',
  otpTooManyTries: 'Too many wrong codes. Request a new one.',
  otpEmailMismatch: 'This email does not belong to the account',
  alreadyVerified: 'Email is already verified',
  resetTokenInvalid: 'This reset link is invalid or has already been used',
  tooManyAttempts: 'Too many sign-in attempts. Try again later.',
  tooManyRequests: 'Too many requests.',
  tooManyResetMails: 'Too many reset e-mails were asked for this address.',
  roleNotEditable: 'Role cannot be changed',
  balanceOnLedger:
    'Business Balance is a ledger balance and cannot be edited here; record a deposit or an adjustment instead',
  deleteHasMoney: 'This member has money history and cannot be deleted. Block them instead.',
  deleteHasTeam: 'This member sponsors other members and cannot be deleted. Block them instead.',
  deleteAdmin: 'Administrators cannot be deleted here',
  // Back-office protection (self/last-admin lockout, TOTP, sign-out everywhere, sign-in delays)
  selfLockout: 'You cannot block or delete your own administrator account',
  lastAdmin: 'This is the last active administrator: the back-office would have nobody left to run it',
  signedOutEverywhere: 'Signed out on every device',
  accountDelayed: 'Too many failed sign-ins for this account.',
  totpCodeNeeded: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  totpInvalid: 'The code is incorrect or has already been used',
  totpTicketInvalid: 'This sign-in has expired. Enter your password again.',
  totpSetupRequired: TOTP_SETUP_REQUIRED,
  totpAlreadyOn: 'Two-factor authentication is already on',
  totpNotStarted: 'Start the set-up again: no authenticator is waiting for its first code',
  totpNotOn: 'Two-factor authentication is not on',
  totpEnabled: 'Two-factor authentication is on',
  totpDisabled: 'Two-factor authentication is off',
  totpEnrolFirst: 'Turn on two-factor authentication for your own account before requiring it for all admins',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
