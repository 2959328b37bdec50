import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';
import { Select } from './Input';
import { Spinner } from './Spinner';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  fetching?: boolean;
  onPage: (page: number) => void;
  /**
   * How many the list holds, in the member's language, e.g.
   * `(n) => plural(n, { one: '# query', other: '# queries' })` (a language may have more than two forms).
   */
  counted?: (total: number) => string;
}

/** Paging under a table: where we are, how many there are, previous and next. */
export function Pager({ page, totalPages, total, fetching, onPage, counted }: PagerProps) {
  const { t } = useLingui();
  const last = Math.max(1, totalPages);
  const count = counted ? counted(total) : plural(total, { one: '# member', other: '# members' });
  return (
    <nav
      aria-label={t`Pagination`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted"
    >
      <p className="flex items-center gap-2 tabular-nums">
        <Trans>
          Page {page} of {last}
        </Trans>{' '}
        · {count}
        {fetching && <Spinner label={t`Updating`} />}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>Previous</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans> <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** Rows per page a list offers (the API allows up to 100). */
export const PAGE_SIZES = [10, 25, 50, 100];

/** The page size named in the URL, when it is one we offer; 10 otherwise. */
export const pageSizeOf = (param: string | null) => {
  const size = Number(param);
  return PAGE_SIZES.includes(size) ? size : 10;
};

/** The "Per page" choice above a paged table. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const { t } = useLingui();
  return (
    <Select label={t`Per page`} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </Select>
  );
}
