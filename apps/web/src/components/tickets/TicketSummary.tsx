import type { Ticket } from '@app/contracts/tickets';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TICKET_CATEGORY_LABEL, TICKET_PRIORITY_LABEL } from '../../lib/ticket-labels';
import { Badge } from '../ui/Badge';
import { When } from '../ui/When';
import { TicketStatusBadge } from './TicketStatusBadge';

/** The facts of a ticket above its conversation. `member` adds who raised it (back-office). */
export function TicketSummary({ ticket, member }: { ticket: Ticket; member?: ReactNode }) {
  const { t, i18n } = useLingui();
  const priority = TICKET_PRIORITY_LABEL[ticket.priority];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-1">
      <Fact label={t`Status`}>
        <TicketStatusBadge status={ticket.status} />
      </Fact>
      {member && <Fact label={t`Member`}>{member}</Fact>}
      <Fact label={t`Category`}>{i18n._(TICKET_CATEGORY_LABEL[ticket.category])}</Fact>
      <Fact label={t`Priority`}>
        <Badge tone={priority.tone}>{i18n._(priority.text)}</Badge>
      </Fact>
      <Fact label={t`Opened`}>
        <When iso={ticket.created_at} />
      </Fact>
      <Fact label={t`Last message`}>
        <When iso={ticket.last_reply_at} />
      </Fact>
      {ticket.closed_at && (
        <Fact label={t({ message: 'Closed', context: 'ticket date' })}>
          <When iso={ticket.closed_at} />
        </Fact>
      )}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </div>
  );
}
