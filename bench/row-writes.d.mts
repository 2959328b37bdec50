// Types of bench/row-writes.mjs, which bench/ledger.mjs (plain JavaScript) imports too.
import type pg from 'pg';

export type TableWrites = Record<string, { i: number; u: number; d: number }>;
export type RowsByTable = Record<string, { inserts: number; updates: number; deletes: number }>;

export function reportCounts(pool: pg.Pool): Promise<void>;
export function rowsWritten(pool: pg.Pool, opts?: { closedApp?: string | null }): Promise<number>;
export function tableWrites(pool: pg.Pool, opts?: { report?: boolean }): Promise<TableWrites>;
export function rowsByTable(before: TableWrites, after: TableWrites, count: number): RowsByTable;
