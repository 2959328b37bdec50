import { TICKET_STATUS, type Ticket } from '@app/contracts/tickets';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { ticketError, useAllTickets } from '../../../api/tickets';
import { StatusFilter } from '../../../components/tickets/StatusFilter';
import { TicketStatusBadge } from '../../../components/tickets/TicketStatusBadge';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Input } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { TICKET_CATEGORY_LABEL, TICKET_PRIORITY_LABEL } from '../../../lib/ticket-labels';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';

const columns = (i18n: I18n): Array<Column<Ticket>> => [
  {
    key: 'id',
    header: '#',
    className: 'tabular-nums',
    cell: (t) => <span className="text-muted">{t.ticket_id}</span>,
  },
  {
    key: 'subject',
    header: i18n._(msg`Subject`),
    cell: (t) => (
      <div className="flex max-w-80 flex-col">
        <Link
          to={`/admin/ticket/${t.ticket_id}`}
          className="truncate font-medium text-accent-text hover:underline"
        >
          {t.subject}
        </Link>
        <span className="truncate text-xs text-muted">{i18n._(TICKET_CATEGORY_LABEL[t.category])}</span>
      </div>
    ),
  },
  {
    key: 'member',
    header: i18n._(msg`Member`),
    cell: (t) => (
      <Link to={`/admin/check/profile/${t.user_id}`} className="text-fg hover:underline">
        {t.username}
      </Link>
    ),
  },
  {
    key: 'priority',
    header: i18n._(msg`Priority`),
    cell: (t) => (
      <Badge tone={TICKET_PRIORITY_LABEL[t.priority].tone}>
        {i18n._(TICKET_PRIORITY_LABEL[t.priority].text)}
      </Badge>
    ),
  },
  { key: 'status', header: i18n._(msg`Status`), cell: (t) => <TicketStatusBadge status={t.status} /> },
  {
    key: 'last',
    header: i18n._(msg`Last message`),
    cell: (t) => (
      <div className="flex flex-col">
        <When iso={t.last_reply_at} stacked />
        <span className="text-xs text-muted">
          {t.last_reply_by === 'admin' ? i18n._(msg`by support`) : i18n._(msg`by member`)}
        </span>
      </div>
    ),
  },
  {
    key: 'count',
    header: i18n._(msg`Messages`),
    className: 'text-right tabular-nums',
    cell: (t) => t.response_count,
  },
];

export default function TicketsPage() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const status = oneOf('status', TICKET_STATUS);
  const search = params.get('search') ?? '';
  const { text: searchText, onSearch } = useDebouncedSearch(search, (text) =>
    update({ search: text, page: 1 }),
  );

  const list = useAllTickets({ page, limit, status, search: search || undefined });
  const data = list.data;
  const { t, i18n } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Tickets · EarnHub admin`}</title>
      <PageHeader
        title={t`Tickets`}
        description={t`Members' queries. Open ones wait for a reply; the member is e-mailed when you answer.`}
      />
      <div className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_8rem]">
          <div className="relative col-span-2 sm:col-span-1">
            <Input
              label={t`Search`}
              type="search"
              placeholder={t`Subject, member, email or #number`}
              value={searchText}
              onChange={(e) => onSearch(e.target.value)}
            />
            <Search
              className="pointer-events-none absolute right-3 bottom-3 size-4 text-muted"
              aria-hidden="true"
            />
          </div>
          <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
        </div>
        <StatusFilter value={status} counts={data?.counts} onChange={(s) => update({ status: s, page: 1 })} />
      </div>
      {list.isError && <Banner tone="error">{ticketError(list.error)}</Banner>}
      <Table
        caption={t`Tickets`}
        columns={columns(i18n)}
        rows={data?.tickets}
        rowKey={(t) => t.ticket_id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          search || status
            ? t`No ticket matches these filters. Try another search or choose "All".`
            : t`No tickets yet. Members raise them from their Support page.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# ticket', other: '# tickets' })}
        />
      )}
    </div>
  );
}
