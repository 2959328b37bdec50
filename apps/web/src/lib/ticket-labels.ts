import type { TicketCategory, TicketPriority, TicketStatus } from '@app/contracts/tickets';
import type { Tone } from '../components/ui/Badge';

/** Human words and status colours for tickets, shared by member and admin screens. */
export const TICKET_STATUS_LABEL: Record<TicketStatus, { text: string; tone: Tone; hint: string }> = {
  open: { text: 'Open', tone: 'amber', hint: 'Waiting for support to reply' },
  in_progress: { text: 'In progress', tone: 'blue', hint: 'Support is looking into it' },
  answered: { text: 'Answered', tone: 'green', hint: 'Support has replied' },
  closed: { text: 'Closed', tone: 'neutral', hint: 'No more replies; create a new query if needed' },
};

export const TICKET_CATEGORY_LABEL: Record<TicketCategory, string> = {
  general: 'General',
  account: 'Account and profile',
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  income: 'Income and rewards',
  technical: 'Technical problem',
};

export const TICKET_PRIORITY_LABEL: Record<TicketPriority, { text: string; tone: Tone }> = {
  low: { text: 'Low', tone: 'neutral' },
  normal: { text: 'Normal', tone: 'neutral' },
  high: { text: 'High', tone: 'red' },
};
