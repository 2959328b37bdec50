import { TABLE_NAMES, TABLE_SOURCES, type TableName } from '@app/contracts/transactions';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TransactionListParams } from '../../../api/transactions';
import { transactionWords } from '../../../components/money/transaction-words';
import {
  ENTRY_STATUS,
  ENTRY_TYPE,
  type EntryStatus,
  type EntryType,
  MEMBER_SOURCES,
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
 * Titles and descriptions are in the active language (`i18n`).
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

export function allList(i18n: I18n): ListDef {
  return {
    title: i18n._(msg`All transactions`),
    description: i18n._(
      msg`Every entry of your wallets, newest first: money in, money out, and what caused it.`,
    ),
    fixed: {},
    sources: MEMBER_SOURCES,
    family: allPath,
  };
}

export function tableList(i18n: I18n, table: TableName, fit?: string): ListDef | null {
  const words = transactionWords(i18n);
  const base = words.table(table);
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
    return {
      ...def,
      description: i18n._(msg`Daily ROI earned on your invested plan, credited to your ROI wallet.`),
    };
  }
  if ((ENTRY_TYPE as readonly string[]).includes(fit)) {
    const type = fit as EntryType;
    const list = base.title;
    return {
      ...def,
      title: type === 'credit' ? i18n._(msg`${list}: money in`) : i18n._(msg`${list}: money out`),
      fixed: { ...def.fixed, transaction_type: type },
    };
  }
  if ((ENTRY_STATUS as readonly string[]).includes(fit)) {
    const status = fit as EntryStatus;
    const list = base.title;
    const TITLE = {
      posted: msg`${list}: completed`,
      pending: msg`${list}: pending`,
      voided: msg`${list}: voided`,
    };
    return {
      ...def,
      title: i18n._(TITLE[status]),
      fixed: { ...def.fixed, status },
    };
  }
  if (sources.length > 1 && sources.includes(fit)) {
    // The kind alone selects it (the server takes table_name over source).
    return { ...def, title: words.source(fit), fixed: { source: fit }, sources: [fit] };
  }
  return null;
}

export function sourceList(i18n: I18n, source: string): ListDef | null {
  if (source === ALL) return allList(i18n);
  const words = transactionWords(i18n);
  if (!MEMBER_SOURCES.includes(source)) return null;
  const table = TABLE_NAMES.find((t) => (TABLE_SOURCES[t] as readonly string[]).includes(source));
  return {
    title: words.source(source),
    description: table ? words.table(table).description : '',
    fixed: { source },
    sources: [source],
    family: table ? tablePath(table) : allPath,
  };
}

/** The list a transaction route names, or null when it names none. */
export function resolveList(
  i18n: I18n,
  params: { table_name?: string; fit?: string; source?: string },
): ListDef | null {
  if (params.source !== undefined) return sourceList(i18n, params.source);
  if (!isTable(params.table_name)) return null;
  return tableList(i18n, params.table_name, params.fit);
}

/** The lists offered by the chooser: all, then each view. */
export function listChoices(i18n: I18n): Array<{ path: string; label: string }> {
  const words = transactionWords(i18n);
  return [
    { path: allPath, label: i18n._(msg`All transactions`) },
    ...TABLE_NAMES.map((t) => ({ path: tablePath(t), label: words.table(t).title })),
  ];
}
