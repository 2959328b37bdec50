import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useSmUp } from '../../lib/use-media';

export interface Column<Row> {
  key: string;
  /** A text header labels the column's value on a phone's card; a screen-reader-only one marks the row's buttons. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface TableProps<Row> {
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** What to show when there are no rows: say what to do next. */
  empty: ReactNode;
  caption?: string;
  skeletonRows?: number;
  /** Below this width the table scrolls sideways (phones); narrow tables in cards pass a smaller one. */
  minWidth?: string;
  /**
   * A row on a phone, when the list has a better shape than the default card (each text column a
   * labelled line, then the row's buttons).
   */
  card?: (row: Row) => ReactNode;
}

/**
 * A data table: skeleton rows while loading, an empty state. On a phone its rows are cards, so a
 * row's status and buttons are never hidden off to the right (UI.md); loading and empty states stay
 * the table's at every width. No scroll box of its own in height: lists are paged, and a table
 * scrolling inside the scrolling page hid its last rows below the fold of its box. The empty state
 * sits under the table, outside the horizontal scroll, so a wide header row never pushes it out of a
 * phone's view.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  caption,
  skeletonRows = 5,
  minWidth = 'min-w-[640px]',
  card,
}: TableProps<Row>) {
  const smUp = useSmUp();
  const showSkeleton = loading && !rows?.length;
  const isEmpty = !showSkeleton && rows?.length === 0;
  if (!smUp) {
    // a phone: headers only mean something above rows; the empty state and placeholders stand alone
    if (isEmpty)
      return (
        <div className="rounded-xl border border-line bg-surface px-4 py-8 text-center text-sm break-words text-muted shadow-sm">
          {empty}
        </div>
      );
    return (
      <ul aria-label={caption} aria-busy={loading || undefined} className="flex flex-col gap-2">
        {showSkeleton &&
          Array.from({ length: Math.min(skeletonRows, 3) }, (_, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
              key={i}
              className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3 shadow-sm"
            >
              <span className="block h-4 w-2/3 animate-pulse rounded bg-subtle" />
              <span className="block h-4 w-1/2 animate-pulse rounded bg-subtle" />
            </li>
          ))}
        {!showSkeleton &&
          rows?.map((row) => (
            <li key={rowKey(row)} className="rounded-xl border border-line bg-surface p-3 shadow-sm">
              {card ? card(row) : <RowCard columns={columns} row={row} />}
            </li>
          ))}
      </ul>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      {/* relative: a screen-reader-only header label (absolute) is clipped by the scroll box too;
          without it, it escapes to the page and makes a phone page scroll sideways */}
      <div className="relative overflow-x-auto">
        <table
          className={cn(
            'w-full border-collapse text-left text-sm',
            (showSkeleton || Boolean(rows?.length)) && minWidth,
          )}
        >
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-subtle">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(
                    'border-b border-line px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase',
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody aria-busy={loading || undefined}>
            {showSkeleton &&
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={i} className="border-b border-line last:border-0">
                  {columns.map((column) => (
                    <td key={column.key} className="px-4 py-3">
                      <span className="block h-4 w-3/4 animate-pulse rounded bg-subtle" />
                    </td>
                  ))}
                </tr>
              ))}
            {!showSkeleton &&
              rows?.map((row) => (
                <tr key={rowKey(row)} className="border-b border-line last:border-0 hover:bg-subtle/60">
                  {columns.map((column) => (
                    <td key={column.key} className={cn('px-4 py-3 align-middle', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {isEmpty && <div className="px-4 py-10 text-center text-sm break-words text-muted">{empty}</div>}
    </div>
  );
}

/**
 * The default card: every column with a text header as a labelled line, in the table's order, then
 * the columns whose header is for screen readers only (the row's buttons) along the bottom.
 */
function RowCard<Row>({ columns, row }: { columns: Array<Column<Row>>; row: Row }) {
  const labelled = columns.filter((c) => typeof c.header === 'string');
  const actions = columns.filter((c) => typeof c.header !== 'string');
  return (
    <>
      <dl className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1.5 text-sm">
        {labelled.map((c) => (
          <Fragment key={c.key}>
            <dt className="text-xs font-medium text-muted">{c.header}</dt>
            {/* a cell's own layout was for a table column: in a card it wraps and starts at the left */}
            <dd className="min-w-0 [overflow-wrap:anywhere] text-fg [&>span]:items-start [&>span]:whitespace-normal">
              {c.cell(row)}
            </dd>
          </Fragment>
        ))}
      </dl>
      {/* empty (no button for this row): no room taken */}
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-line pt-3 empty:hidden">
        {actions.map((c) => (
          <Fragment key={c.key}>{c.cell(row)}</Fragment>
        ))}
      </div>
    </>
  );
}
