import { Search } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import {
  ENTRY_STATUS,
  ENTRY_STATUS_LABEL,
  ENTRY_TYPE,
  ENTRY_TYPE_LABEL,
  type EntryStatus,
  type EntryType,
  sourceLabel,
} from '../../lib/transaction-labels';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { Input, Select } from '../ui/Input';
import { PageSizeSelect } from '../ui/Pager';

export interface TransactionFilterValues {
  type?: EntryType | undefined;
  status?: EntryStatus | undefined;
  kind?: string | undefined;
  search: string;
  limit: number;
}

interface TransactionFiltersProps {
  values: TransactionFilterValues;
  /** A changed filter; the owner goes back to page 1. */
  onChange: (changes: Partial<TransactionFilterValues>) => void;
  /** The kinds the list can hold: the kind filter shows when there are several. */
  kinds: readonly string[];
  /** Filters the route already fixes are not offered. */
  hideType?: boolean;
  hideStatus?: boolean;
  /** A first control, such as the list chooser. */
  leading?: ReactNode;
  searchPlaceholder?: string;
}

/** Kind, money in/out, status, search (debounced) and page size over a list of ledger entries. */
export function TransactionFilters({
  values,
  onChange,
  kinds,
  hideType,
  hideStatus,
  leading,
  searchPlaceholder = 'Transaction or reference id',
}: TransactionFiltersProps) {
  const {
    text: searchText,
    setText: setSearchText,
    onSearch,
  } = useDebouncedSearch(values.search, (text) => onChange({ search: text }));
  // Another list or a cleared filter resets the box.
  useEffect(() => setSearchText(values.search), [values.search, setSearchText]);

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end">
      {leading}
      {kinds.length > 1 && (
        <Select
          label="Kind"
          // kinds read long ("Admin adjustment"): a row of its own on a phone, never narrower than its
          // longest on a wide screen (issue 37.17)
          className="col-span-2 sm:col-span-1 lg:min-w-max lg:flex-1"
          value={values.kind ?? ''}
          onChange={(e) => onChange({ kind: e.target.value || undefined })}
        >
          <option value="">All kinds</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {sourceLabel(k)}
            </option>
          ))}
        </Select>
      )}
      {!hideType && (
        <Select
          label="Money"
          className="lg:min-w-max lg:flex-1"
          value={values.type ?? ''}
          onChange={(e) => onChange({ type: (e.target.value || undefined) as EntryType | undefined })}
        >
          <option value="">In and out</option>
          {ENTRY_TYPE.map((t) => (
            <option key={t} value={t}>
              {ENTRY_TYPE_LABEL[t]}
            </option>
          ))}
        </Select>
      )}
      {!hideStatus && (
        <Select
          label="Status"
          className="lg:min-w-max lg:flex-1"
          value={values.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as EntryStatus | undefined })}
        >
          <option value="">All statuses</option>
          {ENTRY_STATUS.map((s) => (
            <option key={s} value={s}>
              {ENTRY_STATUS_LABEL[s].text}
            </option>
          ))}
        </Select>
      )}
      <div className="relative order-last col-span-2 lg:order-none lg:min-w-48 lg:flex-[2]">
        <Input
          label="Search"
          type="search"
          placeholder={searchPlaceholder}
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Search
          className="pointer-events-none absolute right-3 bottom-3 size-4 text-muted"
          aria-hidden="true"
        />
      </div>
      <div className="lg:w-24 lg:flex-none">
        <PageSizeSelect value={values.limit} onChange={(limit) => onChange({ limit })} />
      </div>
    </div>
  );
}
