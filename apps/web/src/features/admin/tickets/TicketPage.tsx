import { TICKET_STATUS, type TicketStatus } from '@app/contracts/tickets';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { ticketError, useSetTicketStatus, useTicket } from '../../../api/tickets';
import { Conversation } from '../../../components/tickets/Conversation';
import { ReplyBox } from '../../../components/tickets/ReplyBox';
import { TicketStatusBadge } from '../../../components/tickets/TicketStatusBadge';
import { TicketSummary } from '../../../components/tickets/TicketSummary';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Input';
import { PageSpinner } from '../../../components/ui/Spinner';
import { TICKET_STATUS_LABEL } from '../../../lib/ticket-labels';

export default function TicketPage() {
  const ticketId = Number(useParams().ticketId);
  const query = useTicket(ticketId, 'admin');
  const ticket = query.data?.ticket;
  const { t } = useLingui();

  const back = (
    <Link to="/admin/tickets" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
      <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>All tickets</Trans>
    </Link>
  );

  if (query.isPending && Number.isInteger(ticketId) && ticketId > 0)
    return <PageSpinner label={t`Loading ticket`} />;
  if (!ticket) {
    return (
      <div className="flex flex-col gap-4">
        <title>{t`Ticket · EarnHub admin`}</title>
        {back}
        <Banner tone="error">{query.isError ? ticketError(query.error) : t`Ticket not found`}</Banner>
      </div>
    );
  }

  const number = ticket.ticket_id;
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Ticket #${number} · EarnHub admin`}</title>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted tabular-nums">
            <Trans>Ticket #{number}</Trans>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-fg">{ticket.subject}</h1>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <Card className="flex flex-col gap-6">
          <Conversation responses={ticket.responses} viewer="admin" />
          <div className="border-t border-line pt-4">
            <ReplyBox
              ticketId={ticket.ticket_id}
              as="admin"
              closed={ticket.status === 'closed'}
              note={t`Replying marks the ticket answered and e-mails the member (once, until they write back).`}
            />
          </div>
        </Card>
        <div className="flex flex-col gap-6">
          <Card title={t`Status`}>
            {/* Keyed by status: after a reply or a change, the choice starts again from the ticket's status. */}
            <StatusForm key={ticket.status} ticketId={ticket.ticket_id} current={ticket.status} />
          </Card>
          <Card title={t`Details`}>
            <TicketSummary
              ticket={ticket}
              member={
                <Link
                  to={`/admin/check/profile/${ticket.user_id}`}
                  className="text-accent-text hover:underline"
                >
                  {ticket.username}
                </Link>
              }
            />
          </Card>
        </div>
      </div>
    </div>
  );
}

function StatusForm({ ticketId, current }: { ticketId: number; current: TicketStatus }) {
  const setStatus = useSetTicketStatus(ticketId, 'admin');
  // the status words are the shared tickets' (lib/ticket-labels.ts, the support catalog)
  const { t, i18n } = useLingui();
  const [chosen, setChosen] = useState<TicketStatus>(current);
  const hint = i18n._(TICKET_STATUS_LABEL[chosen].hint);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setStatus.mutate(chosen, { onSuccess: (res) => toast.success(res.message) });
  };
  return (
    <form onSubmit={save} aria-label={t`Change status`} className="flex flex-col gap-3">
      {setStatus.isError && <Banner tone="error">{ticketError(setStatus.error)}</Banner>}
      <Select
        label={t`Set status to`}
        value={chosen}
        disabled={setStatus.isPending}
        onChange={(e) => setChosen(e.target.value as TicketStatus)}
      >
        {TICKET_STATUS.map((s) => (
          <option key={s} value={s}>
            {i18n._(TICKET_STATUS_LABEL[s].text)}
          </option>
        ))}
      </Select>
      <p className="text-xs text-muted">
        {chosen === 'closed'
          ? t`No more replies from the member or from support until the ticket is reopened.`
          : t({ message: `${hint}.`, comment: 'a ticket status hint as a sentence' })}
      </p>
      <Button type="submit" busy={setStatus.isPending} disabled={chosen === current}>
        <Trans>Update status</Trans>
      </Button>
    </form>
  );
}
