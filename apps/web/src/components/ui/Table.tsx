import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Column<Row> {
  key: string;
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
}

/**
 * A data table: skeleton rows while loading, an empty state, horizontal scroll on phones. No scroll
 * box of its own in height: lists are paged, and a table scrolling inside the scrolling page hid its
 * last rows below the fold of its box. The empty state sits under the table, outside the horizontal
 * scroll, so a wide header row never pushes it out of a phone's view.
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
}: TableProps<Row>) {
  const showSkeleton = loading && !rows?.length;
  const isEmpty = !showSkeleton && rows?.length === 0;
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
