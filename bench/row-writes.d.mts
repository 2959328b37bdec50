// Types of bench/row-writes.mjs, which bench/ledger.mjs (plain JavaScript) imports too.
import type pg from 'pg';

export function reportCounts(pool: pg.Pool): Promise<void>;
export function rowsWritten(pool: pg.Pool, opts?: { closedApp?: string | null }): Promise<number>;
