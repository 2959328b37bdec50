import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';

/** What a paged list call answers (spec 7: `totalPages`, `currentPage`), besides its rows. */
interface PagedQuery {
  data?: { total: number; totalPages: number; currentPage: number } | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
}

/**
 * The "History" section under a member's money form (top-ups, transfers): a heading, the list's
 * error, the table and its pager.
 */
export function HistorySection<Row>({
  id,
  caption,
  query,
  rows,
  columns,
  rowKey,
  empty,
  counted,
  onPage,
}: {
  id: string;
  caption: string;
  query: PagedQuery;
  rows: Row[] | undefined;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  /** How many the list holds, in the member's language (Pager's `counted`: plural forms). */
  counted: (total: number) => string;
  onPage: (page: number) => void;
}) {
  const data = query.data;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-fg">
        <Trans>History</Trans>
      </h2>
      {query.error ? <Banner tone="error">{errorMessage(query.error)}</Banner> : null}
      <Table
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={query.isPending}
        empty={empty}
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={query.isFetching}
          onPage={onPage}
          counted={counted}
        />
      )}
    </section>
  );
}
