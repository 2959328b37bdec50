import { TABLE_NAMES, TABLE_SOURCES, type TableName } from '@app/contracts/transactions';
import type { TransactionListParams } from '../../../api/transactions';
import {
  ENTRY_STATUS,
  ENTRY_STATUS_LABEL,
  ENTRY_TYPE,
  type EntryStatus,
  type EntryType,
  MEMBER_SOURCES,
  sourceLabel,
  TABLE_LABEL,
} from '../../../lib/transaction-labels';

/**
 * What the transaction routes name (spec 2.1), resolved to one ledger query:
 * - `/user/transaction/{table_name}`: a view of contracts/transactions.ts TABLE_SOURCES
 *   (`roi_transaction`, `level_transaction`, ...).
 * - `/user/transaction/{table_name}/{fit}`: that view narrowed by `fit`: `credit`/`debit` (money in
 *   or out), `posted`/`pending`/`voided` (status), or one of the view's own kinds
 *   (`topup_transaction/activation`). `roi_transaction/invest` is the ROI earned on the invested
 *   plan, which is the whole ROI view.
 * - `/transactions/{source}`: one ledger kind (`deposit`, `plan_purchase`, `roi_income`, ...), or
 *   `all` for every entry.
 * Anything else is an unknown list (null), shown as such rather than as an empty one.
 */
export interface ListDef {
  title: string;
  description: string;
  /** Fixed by the route; the screen's filters narrow further but never widen it. */
  fixed: Pick<TransactionListParams, 'table_name' | 'source' | 'transaction_type' | 'status'>;
  /** The kinds the list can hold: a kind filter is offered when there are several. */
  sources: readonly string[];
  /** The list this one belongs to, for the list chooser. */
  family: string;
}

export const ALL = 'all';
export const allPath = `/transactions/${ALL}`;
export const tablePath = (table: TableName) => `/user/transaction/${table}`;

const isTable = (v: string | undefined): v is TableName =>
  (TABLE_NAMES as readonly string[]).includes(v ?? '');

export function allList(): ListDef {
  return {
    title: 'All transactions',
    description: 'Every entry of your wallets, newest first: money in, money out, and what caused it.',
    fixed: {},
    sources: MEMBER_SOURCES,
    family: allPath,
  };
}

export function tableList(table: TableName, fit?: string): ListDef | null {
  const base = TABLE_LABEL[table];
  const sources: readonly string[] = TABLE_SOURCES[table];
  const def: ListDef = {
    title: base.title,
    description: base.description,
    fixed: { table_name: table },
    sources,
    family: tablePath(table),
  };
  if (fit === undefined) return def;
  if (table === 'roi_transaction' && fit === 'invest') {
    return { ...def, description: 'Daily ROI earned on your invested plan, credited to your ROI wallet.' };
  }
  if ((ENTRY_TYPE as readonly string[]).includes(fit)) {
    const type = fit as EntryType;
    return {
      ...def,
      title: `${base.title}: ${type === 'credit' ? 'money in' : 'money out'}`,
      fixed: { ...def.fixed, transaction_type: type },
    };
  }
  if ((ENTRY_STATUS as readonly string[]).includes(fit)) {
    const status = fit as EntryStatus;
    return {
      ...def,
      title: `${base.title}: ${ENTRY_STATUS_LABEL[status].text.toLowerCase()}`,
      fixed: { ...def.fixed, status },
    };
  }
  if (sources.length > 1 && sources.includes(fit)) {
    // The kind alone selects it (the server takes table_name over source).
    return { ...def, title: sourceLabel(fit), fixed: { source: fit }, sources: [fit] };
  }
  return null;
}

export function sourceList(source: string): ListDef | null {
  if (source === ALL) return allList();
  if (!MEMBER_SOURCES.includes(source)) return null;
  const table = TABLE_NAMES.find((t) => (TABLE_SOURCES[t] as readonly string[]).includes(source));
  return {
    title: sourceLabel(source),
    description: table ? TABLE_LABEL[table].description : '',
    fixed: { source },
    sources: [source],
    family: table ? tablePath(table) : allPath,
  };
}

/** The list a transaction route names, or null when it names none. */
export function resolveList(params: { table_name?: string; fit?: string; source?: string }): ListDef | null {
  if (params.source !== undefined) return sourceList(params.source);
  if (!isTable(params.table_name)) return null;
  return tableList(params.table_name, params.fit);
}

/** The lists offered by the chooser: all, then each view. */
export const LIST_CHOICES: Array<{ path: string; label: string }> = [
  { path: allPath, label: 'All transactions' },
  ...TABLE_NAMES.map((t) => ({ path: tablePath(t), label: TABLE_LABEL[t].title })),
];
