import { formatDate, formatDateTime, formatRelative } from '../../lib/format';

const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/**
 * A date and time in the member's locale, relative time in the tooltip; a dash when there is none.
 * `stacked` puts the time under the date, for narrow table columns.
 */
export function When({ iso, stacked }: { iso: string | null | undefined; stacked?: boolean }) {
  if (!iso) return <span className="text-muted">—</span>;
  if (stacked)
    return (
      <time
        dateTime={iso}
        title={formatRelative(iso)}
        className="flex flex-col whitespace-nowrap tabular-nums"
      >
        <span>{formatDate(iso)}</span>
        <span className="text-xs text-muted">{timeOnly.format(new Date(iso))}</span>
      </time>
    );
  return (
    <time dateTime={iso} title={formatRelative(iso)} className="whitespace-nowrap tabular-nums">
      {formatDateTime(iso)}
    </time>
  );
}
