import { z } from 'zod';
import { int8Param, pageInfo, pageQuery, str } from './common.js';

/**
 * The mail the platform sent or tried to send (the outbox, issue 27.6): where an operator without a
 * mail server reads verification codes and reset links, and where support checks what a member got.
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

/** GET /mail/{id}: the whole mail as sent, and why the last delivery attempt failed. */
export const mailResponse = z.object({
  mail: mailSummary.extend({ body: z.string(), last_error: z.string().nullable() }),
});
export type MailDetail = z.infer<typeof mailResponse>['mail'];

export const MAIL_TEXT = { notFound: 'No such mail' } as const;
