import { i18n } from '@lingui/core';
import { formatDate, formatDateTime } from '../../i18n/format';
import { intlLocale } from '../../i18n/locales';
import { formatRelative } from '../../lib/format';

// in the active language, as the date beside it (i18n/format.ts): "11:12 AM", "11:12", "١١:١٢ م"
const times = new Map<string, Intl.DateTimeFormat>();
function timeOnly(date: Date): string {
  const locale = intlLocale(i18n.locale || 'en');
  let format = times.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    times.set(locale, format);
  }
  return format.format(date);
}

/**
 * A date and time in the member's language (the active catalog's locale), relative time in the tooltip; a dash when there is none.
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
        <span className="text-xs text-muted">{timeOnly(new Date(iso))}</span>
      </time>
    );
  return (
    <time dateTime={iso} title={formatRelative(iso)} className="whitespace-nowrap tabular-nums">
      {formatDateTime(iso)}
    </time>
  );
}
