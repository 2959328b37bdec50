import type { TicketCategory, TicketPriority, TicketStatus } from '@app/contracts/tickets';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Tone } from '../components/ui/Badge';

/*
 * Words and status colours for tickets, shared by member and admin screens (issue 38): the words
 * are message descriptors of the `support` catalog (lingui.config.ts), shown with `i18n._(...)` in
 * the active language; the back-office loads that catalog too. "Open" and "Closed" carry a context:
 * a language says a ticket's state differently from the verb or a door's.
 */
export const TICKET_STATUS_LABEL: Record<
  TicketStatus,
  { text: MessageDescriptor; tone: Tone; hint: MessageDescriptor }
> = {
  open: {
    text: msg({ message: 'Open', context: 'ticket status' }),
    tone: 'amber',
    hint: msg`Waiting for support to reply`,
  },
  in_progress: {
    text: msg({ message: 'In progress', context: 'ticket status' }),
    tone: 'blue',
    hint: msg`Support is looking into it`,
  },
  answered: {
    text: msg({ message: 'Answered', context: 'ticket status' }),
    tone: 'green',
    hint: msg`Support has replied`,
  },
  closed: {
    text: msg({ message: 'Closed', context: 'ticket status' }),
    tone: 'neutral',
    hint: msg`No more replies; create a new query if needed`,
  },
};

export const TICKET_CATEGORY_LABEL: Record<TicketCategory, MessageDescriptor> = {
  general: msg({ message: 'General', context: 'ticket category' }),
  account: msg`Account and profile`,
  deposit: msg({ message: 'Deposits', context: 'ticket category' }),
  withdrawal: msg({ message: 'Withdrawals', context: 'ticket category' }),
  income: msg`Income and rewards`,
  technical: msg`Technical problem`,
};

export const TICKET_PRIORITY_LABEL: Record<TicketPriority, { text: MessageDescriptor; tone: Tone }> = {
  low: { text: msg({ message: 'Low', context: 'ticket priority' }), tone: 'neutral' },
  normal: { text: msg({ message: 'Normal', context: 'ticket priority' }), tone: 'neutral' },
  high: { text: msg({ message: 'High', context: 'ticket priority' }), tone: 'red' },
};
