import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { ENTRY_STATUS, ENTRY_TYPE, type EntryStatus, type EntryType } from '../../lib/transaction-labels';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { Input, Select } from '../ui/Input';
import { PageSizeSelect } from '../ui/Pager';
import { useTransactionWords } from './transaction-words';

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
  searchPlaceholder,
}: TransactionFiltersProps) {
  const { t } = useLingui();
  const words = useTransactionWords();
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
          label={t`Kind`}
          // kinds read long ("Admin adjustment"): a row of its own on a phone, never narrower than its
          // longest on a wide screen (issue 37.17)
          className="col-span-2 sm:col-span-1 lg:min-w-max lg:flex-1"
          value={values.kind ?? ''}
          onChange={(e) => onChange({ kind: e.target.value || undefined })}
        >
          <option value="">{t`All kinds`}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {words.source(k)}
            </option>
          ))}
        </Select>
      )}
      {!hideType && (
        <Select
          label={t`Money`}
          className="lg:min-w-max lg:flex-1"
          value={values.type ?? ''}
          onChange={(e) => onChange({ type: (e.target.value || undefined) as EntryType | undefined })}
        >
          <option value="">{t`In and out`}</option>
          {ENTRY_TYPE.map((type) => (
            <option key={type} value={type}>
              {words.type(type)}
            </option>
          ))}
        </Select>
      )}
      {!hideStatus && (
        <Select
          label={t`Status`}
          className="lg:min-w-max lg:flex-1"
          value={values.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as EntryStatus | undefined })}
        >
          <option value="">{t`All statuses`}</option>
          {ENTRY_STATUS.map((s) => (
            <option key={s} value={s}>
              {words.status(s).text}
            </option>
          ))}
        </Select>
      )}
      <div className="relative order-last col-span-2 lg:order-none lg:min-w-48 lg:flex-[2]">
        <Input
          label={t`Search`}
          type="search"
          placeholder={searchPlaceholder ?? t`Transaction or reference id`}
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Search
          className="pointer-events-none absolute end-3 bottom-3 size-4 text-muted"
          aria-hidden="true"
        />
      </div>
      <div className="lg:w-24 lg:flex-none">
        <PageSizeSelect value={values.limit} onChange={(limit) => onChange({ limit })} />
      </div>
    </div>
  );
}
