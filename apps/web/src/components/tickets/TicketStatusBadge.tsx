import type { TicketStatus } from '@app/contracts/tickets';
import { useLingui } from '@lingui/react/macro';
import { TICKET_STATUS_LABEL } from '../../lib/ticket-labels';
import { Badge } from '../ui/Badge';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { i18n } = useLingui();
  const label = TICKET_STATUS_LABEL[status];
  return (
    <span title={i18n._(label.hint)} data-testid="ticket-status">
      <Badge tone={label.tone}>{i18n._(label.text)}</Badge>
    </span>
  );
}
