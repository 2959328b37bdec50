import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { ticketError, useSetTicketStatus, useTicket } from '../../../api/tickets';
import { Conversation } from '../../../components/tickets/Conversation';
import { ReplyBox } from '../../../components/tickets/ReplyBox';
import { TicketStatusBadge } from '../../../components/tickets/TicketStatusBadge';
import { TicketSummary } from '../../../components/tickets/TicketSummary';
import { useTicketWords } from '../../../components/tickets/ticket-words';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageSpinner } from '../../../components/ui/Spinner';

export default function QueryPage() {
  const ticketId = Number(useParams().ticketId);
  const query = useTicket(ticketId, 'member');
  const close = useSetTicketStatus(ticketId, 'member');
  const [confirming, setConfirming] = useState(false);
  const ticket = query.data?.ticket;
  const { t } = useLingui();
  const say = useTicketWords();

  const back = (
    <Link to="/user/queries" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>All queries</Trans>
    </Link>
  );

  if (query.isPending && Number.isInteger(ticketId) && ticketId > 0)
    return <PageSpinner label={t`Loading query`} />;
  if (!ticket) {
    return (
      <div className="flex flex-col gap-4">
        <title>{t`Query · EarnHub`}</title>
        {back}
        <Banner tone="error">{query.isError ? say(ticketError(query.error)) : t`Ticket not found`}</Banner>
        {query.isError && (
          <div>
            <Button variant="secondary" onClick={() => query.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </div>
        )}
      </div>
    );
  }

  const closed = ticket.status === 'closed';
  const id = ticket.ticket_id;
  const confirmClose = () =>
    close.mutate('closed', {
      onSuccess: (res) => {
        toast.success(say(res.message) ?? res.message);
        setConfirming(false);
      },
    });

  return (
    <div className="flex flex-col gap-6">
      <title>{`#${ticket.ticket_id} ${ticket.subject} · EarnHub`}</title>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted tabular-nums">
            <Trans>Query #{id}</Trans>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-fg [unicode-bidi:plaintext]">
            {ticket.subject}
          </h1>
        </div>
        <div className="flex items-center gap-2">
          <TicketStatusBadge status={ticket.status} />
          {!closed && (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              <CircleCheck className="size-4" aria-hidden="true" /> <Trans>Close query</Trans>
            </Button>
          )}
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <Card className="flex flex-col gap-6 lg:order-1">
          <Conversation responses={ticket.responses} viewer="user" />
          <div className="border-t border-line pt-4">
            <ReplyBox
              ticketId={ticket.ticket_id}
              as="member"
              closed={closed}
              note={t`Support sees your reply at once.`}
            />
          </div>
        </Card>
        <Card className="lg:order-2">
          <TicketSummary ticket={ticket} />
          {closed && (
            <Link to="/user/query/create" className={buttonClass('secondary', 'sm', 'mt-4 w-full')}>
              <Trans>New query</Trans>
            </Link>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t`Close this query?`}
        description={t`Close it when your question is answered. A closed query takes no more replies; you can always create a new one.`}
        confirmLabel={t`Close query`}
        cancelLabel={t`Cancel`}
        busy={close.isPending}
        onConfirm={confirmClose}
        onCancel={() => {
          close.reset();
          setConfirming(false);
        }}
      >
        {close.isError && <Banner tone="error">{say(ticketError(close.error))}</Banner>}
      </ConfirmDialog>
    </div>
  );
}
