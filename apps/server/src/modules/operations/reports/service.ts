import { fromMicro } from '@app/contracts/money';
import {
  MAX_CSV_ROWS,
  type Overview,
  REPORT_STATUS_LABELS,
  type Report,
  type ReportCell,
  type ReportColumn,
  type ReportGroup,
  type ReportKind,
} from '@app/contracts/reports';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { badRequest } from '../../../errors.js';
import { type CsvCell, toCsv } from '../../../http/csv.js';
import { MEMBER_ACCOUNTS } from '../../../ledger/accounts.js';
import { KINDS, type KindDefinition } from './kinds.js';
import { addDays, dayOf, resolvePeriod, startOf } from './periods.js';
import { coverage, reservesOf } from './position.js';
import * as repo from './repo.js';

export interface ReportFilter {
  from?: string | undefined;
  to?: string | undefined;
  group: ReportGroup;
  page: number;
  limit: number;
}

/** Days the dashboard's money chart covers, today included. */
const CHART_DAYS = 14;

/** A cell as the JSON rows carry it: money as a USDT number, instants as ISO strings. */
function jsonCell(def: KindDefinition, column: ReportColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'money':
      return fromMicro(value as bigint);
    case 'number':
      return Number(value);
    case 'datetime':
      return (value as Date).toISOString();
    case 'status':
      return String(value);
    default:
      return def.labels?.[column.key]?.[String(value)] ?? String(value);
  }
}

/** A cell as the CSV file carries it: statuses in words, the rest as in the table. */
function csvCell(column: ReportColumn, value: ReportCell): CsvCell {
  if (column.type === 'status' && typeof value === 'string') return REPORT_STATUS_LABELS[value] ?? value;
  return value;
}

/** Read-only and on one snapshot, so the figures of one answer agree with each other. */
function snapshot<T>(db: Db, fn: (tx: Tx) => Promise<T>) {
  return withTx(db, async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return fn(tx);
  });
}

export function createReportsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function toRows(kind: ReportKind, rows: repo.ReportRow[]) {
    const def = KINDS[kind];
    return rows.map((row) =>
      Object.fromEntries(def.columns.map((c) => [c.key, jsonCell(def, c, row[c.key])])),
    );
  }

  async function report(kind: ReportKind, f: ReportFilter): Promise<Report> {
    const def = KINDS[kind];
    const period = resolvePeriod(f, clock.now());
    const { grouped, page } = await snapshot(db, async (tx) => ({
      grouped: await repo.series(tx, kind, { ...period, group: f.group }),
      page: await repo.rows(tx, kind, { ...period, limit: f.limit, offset: (f.page - 1) * f.limit }),
    }));
    const byPeriod = new Map(grouped.map((g) => [g.period, g]));
    const partTotals = new Map(def.parts.map((p) => [p.key, 0n]));
    const partCounts = new Map(def.parts.map((p) => [p.key, 0]));
    let count = 0;
    let headlineCount = 0;
    let amount = 0n;
    const series = period.starts.map((start) => {
      const g = byPeriod.get(start);
      count += g?.n ?? 0;
      headlineCount += g?.n_headline ?? 0;
      amount += g?.amount ?? 0n;
      const parts: Record<string, number> = {};
      for (const p of def.parts) {
        const value = g?.[`part_${p.key}`] ?? 0n;
        partTotals.set(p.key, partTotals.get(p.key)! + value);
        partCounts.set(p.key, partCounts.get(p.key)! + (g?.[`count_${p.key}`] ?? 0));
        parts[p.key] = fromMicro(value);
      }
      return { period: start, count: g?.n ?? 0, amount: fromMicro(g?.amount ?? 0n), parts };
    });
    return {
      kind,
      from: period.from,
      to: period.to,
      group: f.group,
      amount_label: def.amountLabel,
      columns: def.columns,
      parts: def.parts,
      series,
      totals: {
        count,
        headline_count: headlineCount,
        amount: fromMicro(amount),
        parts: Object.fromEntries([...partTotals].map(([k, v]) => [k, fromMicro(v)])),
        part_counts: Object.fromEntries(partCounts),
      },
      rows: toRows(kind, page),
      ...pageFacts(count, f),
    };
  }

  /** Every row of the filter (not only the page on screen), with the table's columns. */
  async function csv(kind: ReportKind, f: ReportFilter) {
    const def = KINDS[kind];
    const period = resolvePeriod(f, clock.now());
    const all = await repo.rows(db, kind, { ...period, limit: MAX_CSV_ROWS + 1, offset: 0 });
    if (all.length > MAX_CSV_ROWS) {
      throw badRequest(
        `This export has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows: choose a shorter period`,
      );
    }
    const lines = toRows(kind, all).map((row) => def.columns.map((c) => csvCell(c, row[c.key] ?? null)));
    return {
      fileName: `${def.fileName}_${period.from}_${period.to}.csv`,
      content: toCsv(
        def.columns.map((c) => c.label),
        lines,
      ),
    };
  }

  /**
   * The dashboard's money figures. Liabilities: every member account balance (what members could
   * spend plus what pending withdrawals hold). Reserves: what came into `platform:cash` less what
   * left through `platform:payouts` (docs/decisions/operations.md, Dashboard figures).
   */
  async function overview(): Promise<Overview> {
    const now = clock.now();
    const today = dayOf(now);
    const todayRange = { since: startOf(today), until: startOf(addDays(today, 1)) };
    const firstDay = addDays(today, -(CHART_DAYS - 1));
    const f = await snapshot(db, async (tx) => ({
      deposits: await repo.depositTotals(tx, todayRange),
      withdrawals: await repo.withdrawalTotals(tx, todayRange),
      accounts: await repo.memberAccounts(tx),
      platform: await repo.platformBalances(tx),
      perDay: await repo.moneyPerDay(tx, startOf(firstDay), todayRange.until),
    }));

    const byWallet = Object.fromEntries(
      MEMBER_ACCOUNTS.map((k) => [k, 0]),
    ) as Overview['liabilities']['by_wallet'];
    let balance = 0n;
    let held = 0n;
    for (const a of f.accounts) {
      balance += a.balance;
      held += a.pending;
      if (a.kind in byWallet) byWallet[a.kind as keyof typeof byWallet] = fromMicro(a.balance);
    }
    const { received, paidOut, reserves } = reservesOf(f.platform);

    return {
      as_of: now.toISOString(),
      deposits: {
        approved_total: fromMicro(f.deposits.approved_total),
        approved_count: f.deposits.approved_count,
        approved_today: fromMicro(f.deposits.approved_today),
        approved_today_count: f.deposits.approved_today_count,
        pending_amount: fromMicro(f.deposits.pending_amount),
        pending_count: f.deposits.pending_count,
        awaiting_approval_amount: fromMicro(f.deposits.awaiting_amount),
        awaiting_approval_count: f.deposits.awaiting_count,
        by_channel: Object.fromEntries(
          Object.entries(f.deposits.byChannel).map(([c, v]) => [
            c,
            { total: fromMicro(v.total), count: v.count },
          ]),
        ) as Overview['deposits']['by_channel'],
      },
      withdrawals: {
        paid_total: fromMicro(f.withdrawals.approved_total),
        paid_count: f.withdrawals.approved_count,
        paid_today: fromMicro(f.withdrawals.approved_today),
        paid_today_count: f.withdrawals.approved_today_count,
        fees_total: fromMicro(f.withdrawals.fees_total),
        pending_amount: fromMicro(f.withdrawals.pending_amount),
        pending_count: f.withdrawals.pending_count,
      },
      liabilities: {
        total: fromMicro(balance),
        available: fromMicro(balance - held),
        held: fromMicro(held),
        by_wallet: byWallet,
      },
      reserves: { total: fromMicro(reserves), received: fromMicro(received), paid_out: fromMicro(paidOut) },
      coverage: coverage(reserves, balance),
      per_day: Array.from({ length: CHART_DAYS }, (_, i) => {
        const day = addDays(firstDay, i);
        const m = f.perDay.get(day);
        return {
          day,
          deposits: fromMicro(m?.deposits ?? 0n),
          withdrawals: fromMicro(m?.withdrawals ?? 0n),
        };
      }),
    };
  }

  return { report, csv, overview };
}

export type ReportsService = ReturnType<typeof createReportsService>;
