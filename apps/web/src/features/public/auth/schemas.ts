import {
  adminTotpSigninBody,
  passForgetBody,
  passResetBody,
  registerBody,
  signinBody,
} from '@app/contracts/auth';
import { SPEC_TEXT } from '@app/contracts/messages';
import { z } from 'zod';

/*
 * The contract schemas the public forms validate with. This module (and zod with it, ~25 KB gzip)
 * is imported dynamically by useSchemaForm, after the page has painted, so the first visit of the
 * public pages stays within its 100 KB budget (UI.md).
 */

export { passForgetBody, registerBody, signinBody };

// The reset body plus a confirmation the server never sees.
export const resetForm = passResetBody
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

// The code step of an admin sign-in; the ticket comes from the password step, not from the form.
export const adminTotpCodeForm = adminTotpSigninBody.pick({ code: true });

// Spec 8's one text for any failure of a forgot-password request: shown only after a submit, which
// has loaded this module already, so the contract's messages stay off the page's first visit.
export const forgotPasswordFailure = SPEC_TEXT.forgotPasswordFailure;
