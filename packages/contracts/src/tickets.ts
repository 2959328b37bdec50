import { z } from 'zod';
import { int4Param, pageInfo, pageQuery } from './common.js';

/**
 * Support tickets ("queries", spec sections 3 and 7). The life cycle (docs/decisions/content.md, ticket statuses):
 * open (waiting for support) -> in_progress (support is on it) -> answered (support replied, waiting
 * for the member) -> closed (no more replies). A member's reply moves an answered ticket back to open;
 * a support reply makes it answered. Admins may set any status; a member may only close their own.
 */
export const TICKET_STATUS = ['open', 'in_progress', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUS)[number];

export const TICKET_CATEGORY = [
  'general',
  'account',
  'deposit',
  'withdrawal',
  'income',
  'technical',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORY)[number];

export const TICKET_PRIORITY = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITY)[number];

/** The spec's ticket messages (section 8), spelled as written, plus the rules' own refusals. */
export const TICKET_MSG = {
  created: 'Ticket created successfully!',
  responded: 'Response added successfully!',
  statusUpdated: 'Ticket status updated successfully!',
  /** The tickets store's fallback (spec 8). */
  fallback: 'Something went wrong',
  notFound: 'Ticket not found',
  closed: 'This ticket is closed and no longer takes replies. Create a new query if you still need help.',
  memberMayOnlyClose: 'You can close your own query; only support can change it to another status',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',
} as const;

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;

const subject = z
  .string({ error: TICKET_MSG.subjectRequired })
  .trim()
  .min(1, TICKET_MSG.subjectRequired)
  .max(SUBJECT_MAX, TICKET_MSG.subjectTooLong);
const message = z
  .string({ error: TICKET_MSG.messageRequired })
  .trim()
  .min(1, TICKET_MSG.messageRequired)
  .max(MESSAGE_MAX, TICKET_MSG.messageTooLong);

/** POST /api/v1/tickets (member): the first message opens the conversation. */
export const ticketCreateBody = z.strictObject({
  subject,
  message,
  category: z.enum(TICKET_CATEGORY, { error: 'Choose a category' }).default('general'),
  priority: z.enum(TICKET_PRIORITY, { error: 'Choose a priority' }).default('normal'),
});
export type TicketCreateInput = z.input<typeof ticketCreateBody>;

/** POST /api/v1/tickets/{ticketId}/responses (owner or admin). */
export const ticketResponseBody = z.strictObject({ message });

/** PUT /api/v1/tickets/{ticketId}/status (spec: status). */
export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUS, { error: `Status must be one of ${TICKET_STATUS.join(', ')}` }),
});

export const ticketIdParam = z.object({ ticketId: int4Param });
export const userIdParam = z.object({ userId: int4Param });

export const ticketResponse = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  /** Who wrote it: the member who owns the ticket, or support (an admin). */
  author: z.enum(['user', 'admin']),
  /** The member's username; for support replies seen by a member, 'Support team'. */
  author_name: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type TicketResponse = z.infer<typeof ticketResponse>;

export const ticket = z.object({
  ticket_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORY),
  priority: z.enum(TICKET_PRIORITY),
  status: z.enum(TICKET_STATUS),
  /** The first message (as written when the ticket was raised). */
  message: z.string(),
  /** Number of messages in the conversation, the first one included. */
  response_count: z.number().int(),
  last_reply_by: z.enum(['user', 'admin']),
  last_reply_at: z.string(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketWithResponses = ticket.extend({ responses: z.array(ticketResponse) });
export type TicketWithResponses = z.infer<typeof ticketWithResponses>;

/** Tickets per status, for the filter tabs. */
export const ticketCounts = z.object({
  open: z.number().int(),
  in_progress: z.number().int(),
  answered: z.number().int(),
  closed: z.number().int(),
});

export const ticketListQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUS).optional(),
  /** Subject, member username or email, or a ticket number ("42" or "#42"). */
  search: z.string().trim().max(100).optional(),
});
export const ticketListResponse = z.object({
  tickets: z.array(ticket),
  counts: ticketCounts,
  ...pageInfo,
});
export type TicketList = z.infer<typeof ticketListResponse>;

export const singleTicketResponse = z.object({ ticket: ticketWithResponses });
export const ticketResponsesResponse = z.object({ responses: z.array(ticketResponse) });
export const ticketCreatedResponse = z.object({ message: z.string(), ticket: ticketWithResponses });
export const ticketRespondedResponse = z.object({
  message: z.string(),
  response: ticketResponse,
  ticket: ticketWithResponses,
});
export const ticketStatusResponse = z.object({ message: z.string(), ticket: ticketWithResponses });
