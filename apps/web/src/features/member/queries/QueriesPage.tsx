import { TICKET_STATUS, type Ticket } from '@app/contracts/tickets';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { ticketError, useMemberTickets } from '../../../api/tickets';
import { StatusFilter } from '../../../components/tickets/StatusFilter';
import { TicketStatusBadge } from '../../../components/tickets/TicketStatusBadge';
import { useTicketWords } from '../../../components/tickets/ticket-words';
import { Banner } from '../../../components/ui/Banner';
import { buttonClass } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { TICKET_CATEGORY_LABEL } from '../../../lib/ticket-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { HelpCard } from './HelpCard';

const LIMIT = 10;

export default function QueriesPage() {
  const member = useMember();
  const { page, update, oneOf } = useUrlFilters();
  const status = oneOf('status', TICKET_STATUS);
  const list = useMemberTickets(member?.id, { page, limit: LIMIT, status });
  const data = list.data;
  const { t } = useLingui();
  const say = useTicketWords();
  const newQuery = (
    <Link to="/user/query/create" className={buttonClass()}>
      <MessageSquarePlus className="size-4" aria-hidden="true" /> <Trans>New query</Trans>
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Support · EarnHub`}</title>
      <PageHeader
        title={t`Support`}
        description={t`Ask support a question and follow the answer here. You get an e-mail when support replies.`}
        actions={newQuery}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="queries-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="queries-heading" className="text-lg font-semibold text-fg">
            <Trans>Your queries</Trans>
          </h2>
          {(status || (data?.total ?? 0) > 0) && (
            <StatusFilter
              value={status}
              counts={data?.counts}
              onChange={(s) => update({ status: s, page: 1 })}
            />
          )}
          {list.isError && (
            <Banner tone="error">
              {say(ticketError(list.error))}{' '}
              <button type="button" className="font-medium underline" onClick={() => list.refetch()}>
                <Trans>Retry</Trans>
              </button>
            </Banner>
          )}
          {list.isPending && <Skeleton />}
          {data && data.tickets.length === 0 && (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
              <MessagesSquare className="size-8 text-muted" aria-hidden="true" />
              <p className="text-sm text-muted">
                {status ? (
                  <Trans>No query with this status. Choose "All" to see every query.</Trans>
                ) : (
                  <Trans>
                    You have not asked anything yet. A question about a deposit, a withdrawal or your income?
                    Support answers here.
                  </Trans>
                )}
              </p>
              {!status && newQuery}
            </div>
          )}
          {data && data.tickets.length > 0 && (
            <ul aria-label={t`Your queries`} className="flex flex-col gap-2">
              {data.tickets.map((t) => (
                <TicketRow key={t.ticket_id} ticket={t} />
              ))}
            </ul>
          )}
          {data && data.total > LIMIT && (
            <Pager
              page={data.currentPage}
              totalPages={data.totalPages}
              total={data.total}
              fetching={list.isFetching}
              onPage={(p) => update({ page: p })}
              counted={(total) => plural(total, { one: '# query', other: '# queries' })}
            />
          )}
        </section>
        <HelpCard />
      </div>
    </div>
  );
}

function TicketRow({ ticket: t }: { ticket: Ticket }) {
  const { i18n } = useLingui();
  const waitingForYou = t.status === 'answered' && t.last_reply_by === 'admin';
  const messages = t.response_count;
  return (
    <li>
      <Link
        to={`/user/queries/${t.ticket_id}`}
        className="flex flex-col gap-1.5 rounded-xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-accent/60 hover:bg-subtle/60"
      >
        <div className="flex items-start justify-between gap-3">
          <span className="min-w-0 font-medium break-words text-fg [unicode-bidi:plaintext]">
            {t.subject}
          </span>
          <TicketStatusBadge status={t.status} />
        </div>
        <p className="line-clamp-1 text-sm text-muted [unicode-bidi:plaintext]">{t.message}</p>
        <p className="flex flex-wrap gap-x-2 text-xs text-muted">
          <span className="tabular-nums">#{t.ticket_id}</span>
          <span aria-hidden="true">·</span>
          <span>{i18n._(TICKET_CATEGORY_LABEL[t.category])}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(messages, { one: '# message', other: '# messages' })}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={t.last_reply_at} title={formatDateTime(t.last_reply_at)}>
            {formatRelative(t.last_reply_at)}
          </time>
          {waitingForYou && (
            <span className="font-medium text-accent-text">
              · <Trans>New reply from support</Trans>
            </span>
          )}
        </p>
      </Link>
    </li>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">
        <Trans>Loading your queries</Trans>
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
          <span className="h-4 w-1/2 animate-pulse rounded bg-subtle" />
          <span className="h-3 w-3/4 animate-pulse rounded bg-subtle" />
        </div>
      ))}
    </div>
  );
}
