import { z } from 'zod';
import { int8Param, pageInfo, pageQuery, str } from './common.js';

/**
 * The mail the platform sent or tried to send (the outbox, issue 27.6): where support checks what a
 * member got. Codes and sign-in, reset, invitation or confirmation links are masked (issue 36): no
 * one in the back-office reads them; without a mail server an owner may reveal one (audited, and
 * the member is told), and support re-sends a mail with a new code or link.
 */
export const MAIL_STATUSES = ['delivered', 'pending', 'failed', 'logged-only'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_TEXT: Record<MailStatus, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
  'logged-only': 'Logged only',
};

/** GET /mail: newest first; `search` matches the start of the recipient's address. */
export const mailListQuery = pageQuery.extend({
  search: str().trim().toLowerCase().max(254).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
});
export type MailListQuery = z.infer<typeof mailListQuery>;

export const mailSummary = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Which mail it is: `otp`, `password_reset`, `ticket_answered`, `withdrawal_decided`, `admin_invitation`... */
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  /** When it was delivered (or written to the log); null while pending and after failing. */
  sent_at: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummary>;

export const mailListResponse = z.object({ mails: z.array(mailSummary), ...pageInfo });
export type MailListResponse = z.infer<typeof mailListResponse>;

export const mailIdParam = z.object({ id: int8Param });

/** What stands in for a code or a link's token in a stored mail. */
export const MAIL_MASK = '••••••';

/** GET /mail/{id}: the mail with its secrets masked, and why the last delivery attempt failed. */
export const mailResponse = z.object({
  mail: mailSummary.extend({
    /** The text with every code and link token masked (MAIL_MASK). */
    body: z.string(),
    last_error: z.string().nullable(),
    /** It carried a code or a link (masked here). */
    has_secret: z.boolean(),
    /** The caller may reveal it now: an owner, no mail server, the code or link still valid. */
    revealable: z.boolean(),
    /** The caller may re-send it: a new code or link for codes and links, a copy otherwise. */
    resendable: z.boolean(),
  }),
});
export type MailDetail = z.infer<typeof mailResponse>['mail'];

/** POST /mail/{id}/reveal: the mail as it was meant to be delivered, and the secrets in it. */
export const mailRevealResponse = z.object({
  message: z.string(),
  revealed: z.object({
    id: z.number().int(),
    subject: z.string(),
    body: z.string(),
    secrets: z.array(z.string()),
  }),
});
export type MailReveal = z.infer<typeof mailRevealResponse>['revealed'];

/** POST /mail/{id}/resend: the new mail queued. */
export const mailResendResponse = z.object({ message: z.string(), mail_id: z.number().int() });

export const MAIL_TEXT = {
  notFound: 'No such mail',
  noSecret: 'This mail holds no code or link to reveal',
  mailServerSet:
    'A mail server is set: mails are delivered, and no one in the back-office may read their codes or links. Re-send the mail instead.',
  secretGone: 'Its code or link has expired or was already delivered: re-send the mail for a new one',
  revealed: 'Revealed. The recipient has been told that staff read it.',
  resent: 'A new mail is on its way; the code or link of the old one no longer works.',
  copied: 'The mail is queued again.',
  notResendable: 'This mail is re-sent from where it started (the Team page or the Account page)',
  noMember: 'No member has this address any more: nothing was sent',
} as const;
