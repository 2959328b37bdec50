import type { TicketStatus } from '@app/contracts/tickets';
import { TICKET_STATUS_LABEL } from '../../lib/ticket-labels';
import { Badge } from '../ui/Badge';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const label = TICKET_STATUS_LABEL[status];
  return (
    <span title={label.hint} data-testid="ticket-status">
      <Badge tone={label.tone}>{label.text}</Badge>
    </span>
  );
}
