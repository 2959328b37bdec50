import { fromMicro } from '@app/contracts/money';
import { TABLE_SOURCES, type TableName, type Transaction, tableNameOf } from '@app/contracts/transactions';
import type { WithdrawalKind } from '@app/contracts/withdrawals';
import { pageFacts } from '../../../db/paging.js';
import type { Db } from '../../../db/pool.js';
import { conflict, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import type { WithdrawalsService } from '../withdrawals/service.js';
import * as repo from './repo.js';

/** The member ids an entry's recorded facts name (ledger meta written by the income and top-up rules). */
const NAMED_IDS = ['source_user_id', 'from_user_id', 'payer_id'] as const;

function namedIds(e: repo.EntryRow): number[] {
  const ids = NAMED_IDS.map((k) => Number(e.meta[k])).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (e.other_user_id !== null) ids.push(Number(e.other_user_id));
  return ids;
}

const dto = (e: repo.EntryRow, names: Map<number, string>): Transaction => ({
  transaction_id: e.transaction_id,
  user_id: Number(e.user_id),
  username: e.username,
  table_name: tableNameOf(e.source),
  transaction_type: e.transaction_type,
  source: e.source,
  wallet: e.wallet,
  amount: fromMicro(e.amount),
  status: e.status,
  details: e.meta,
  ref_type: e.ref_type,
  ref_id: e.ref_id,
  created_at: e.created_at.toISOString(),
  internal: e.internal,
  counterparty:
    e.other_user_id === null
      ? null
      : { id: Number(e.other_user_id), username: names.get(Number(e.other_user_id)) ?? '' },
  names: Object.fromEntries(
    NAMED_IDS.flatMap((k) => {
      const name = names.get(Number(e.meta[k]));
      return name === undefined ? [] : [[String(e.meta[k]), name]];
    }),
  ),
});

const totalsDto = (rows: Awaited<ReturnType<typeof repo.totalsBySource>>) =>
  rows.map((r) => ({
    source: r.source,
    credits: fromMicro(r.credits),
    debits: fromMicro(r.debits),
    count: r.count,
    moved: fromMicro(r.moved),
  }));

export interface TransactionFilter {
  page: number;
  limit: number;
  transaction_type?: 'credit' | 'debit' | undefined;
  source?: string | undefined;
  status?: 'posted' | 'pending' | 'voided' | undefined;
  search?: string | undefined;
  table_name?: TableName | undefined;
}

export function createTransactionsService(deps: { db: Db; withdrawals: WithdrawalsService }) {
  const { db } = deps;

  async function list(f: TransactionFilter, userId?: number) {
    const sources = f.table_name ? TABLE_SOURCES[f.table_name] : f.source ? [f.source] : undefined;
    const { rows, total } = await repo.list(db, {
      page: f.page,
      limit: f.limit,
      userId,
      sources,
      transactionType: f.transaction_type,
      status: f.status,
      search: f.search,
    });
    const names = await repo.usernames(db, [...new Set(rows.flatMap(namedIds))]);
    return {
      transactions: rows.map((e) => dto(e, names)),
      ...pageFacts(total, f),
    };
  }

  return {
    /** All members' entries (admin). */
    all: (f: TransactionFilter) => list(f),
    /** One member's entries: the member themselves or an admin. */
    forUser(actor: Actor, userId: number, f: TransactionFilter) {
      assertSelfOrAdmin(actor, userId);
      return list(f, userId);
    },
    /** The caller's own entries, or anyone's for an admin. */
    mine(actor: Actor, f: TransactionFilter) {
      return list(f, actor.audience === 'admin' ? undefined : actor.userId);
    },
    async matrix(month: string | undefined, now: Date) {
      const key = month ?? now.toISOString().slice(0, 7);
      const from = new Date(`${key}-01T00:00:00Z`);
      const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
      return { month: key, matrix: totalsDto(await repo.totalsBySource(db, { from, to })) };
    },
    async details(actor: Actor, userId: number) {
      assertSelfOrAdmin(actor, userId);
      return { user_id: userId, totals: totalsDto(await repo.totalsBySource(db, { userId })) };
    },
    /**
     * The status of a request changes through its own rules; a posted amount never changes. A
     * pending withdrawal hold is decided as the withdrawal itself.
     */
    async setStatus(
      actor: Actor,
      transactionId: string,
      body: { status: 'approved' | 'rejected'; tx_hash?: string | undefined; reason?: string | undefined },
    ) {
      const ref = await repo.transferRef(db, transactionId);
      if (!ref) throw notFound('Transaction not found');
      if (ref.status !== 'pending' || ref.ref_type !== 'withdrawal' || !ref.ref_id) {
        throw conflict(
          'Only a pending request can change status; a posted amount never changes (record an adjustment instead)',
        );
      }
      const w = await deps.withdrawals.get(actor, Number(ref.ref_id));
      return deps.withdrawals.decide(actor, w.id, w.kind as WithdrawalKind, body);
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
