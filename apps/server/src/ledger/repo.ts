import { prepared, type Queryable } from '../db/pool.js';
import type { AccountRef } from './accounts.js';

export interface AccountRow {
  id: bigint;
  owner_user_id: bigint | null;
  kind: string;
  balance: bigint;
  pending: bigint;
}

export interface TransferRow {
  id: string;
  idempotency_key: string;
  posting_key: string;
  request_hash: string;
  kind: string;
  debit_account: bigint;
  credit_account: bigint;
  amount: bigint;
  status: 'posted' | 'pending' | 'voided';
  ref_type: string | null;
  ref_id: string | null;
  meta: Record<string, unknown>;
  created_at: Date;
  settled_at: Date | null;
}

const selectForUpdate = prepared(
  'ledger_lock_accounts',
  `SELECT id, owner_user_id, kind, balance, pending FROM accounts
    WHERE (coalesce(owner_user_id, 0), kind) IN (SELECT coalesce(o, 0), k FROM unnest($1::bigint[], $2::text[]) AS x(o, k))
    ORDER BY id FOR UPDATE`,
);

/**
 * Locks every account of `refs` in id order (no deadlocks), creating the ones that do not exist
 * yet. The common case (all exist) is a single statement.
 */
export async function lockAccounts(q: Queryable, refs: AccountRef[]): Promise<AccountRow[]> {
  const owners = refs.map((r) => r.owner);
  const kinds = refs.map((r) => r.kind);
  const found = await q.query<AccountRow>(selectForUpdate([owners, kinds]));
  if (found.rows.length === refs.length) return found.rows;
  await q.query(
    `INSERT INTO accounts (owner_user_id, kind)
     SELECT * FROM unnest($1::bigint[], $2::text[])
     ON CONFLICT ((coalesce(owner_user_id, 0)), kind) DO NOTHING`,
    [owners, kinds],
  );
  return (await q.query<AccountRow>(selectForUpdate([owners, kinds]))).rows;
}

export async function lockAccountsById(q: Queryable, ids: bigint[]): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    'SELECT id, owner_user_id, kind, balance, pending FROM accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE',
    [ids],
  );
  return rows;
}

/** The transfers of a posting, in the order they were given (keys end in #0, #1 … #10). */
export async function findPosting(q: Queryable, postingKey: string): Promise<TransferRow[]> {
  const { rows } = await q.query<TransferRow>(
    'SELECT * FROM transfers WHERE posting_key = $1 ORDER BY length(idempotency_key), idempotency_key',
    [postingKey],
  );
  return rows;
}

export type NewTransfer = Omit<TransferRow, 'id' | 'settled_at' | 'posting_key' | 'request_hash'>;
export type Deltas = Map<bigint, { balance: bigint; pending: bigint }>;

const writePostingSql = prepared(
  'ledger_write_posting',
  `WITH prior AS (
     SELECT * FROM transfers WHERE posting_key = $1
   ), inserted AS (
     INSERT INTO transfers (idempotency_key, posting_key, request_hash, kind, debit_account, credit_account,
                            amount, status, ref_type, ref_id, meta, created_at)
     SELECT t.key, $1, $2, t.kind, t.debit, t.credit, t.amount, t.status, t.ref_type, t.ref_id, t.meta::jsonb, $3
       FROM unnest($4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[],
                   $11::text[], $12::text[]) AS t(key, kind, debit, credit, amount, status, ref_type, ref_id, meta)
      WHERE NOT EXISTS (SELECT 1 FROM prior)
     RETURNING *
   ), balances AS (
     UPDATE accounts a SET balance = a.balance + d.balance, pending = a.pending + d.pending, version = a.version + 1
       FROM unnest($13::bigint[], $14::bigint[], $15::bigint[]) AS d(id, balance, pending)
      WHERE a.id = d.id AND NOT EXISTS (SELECT 1 FROM prior)
   )
   SELECT * FROM (SELECT *, false AS replayed FROM inserted UNION ALL SELECT *, true FROM prior) AS posting
    ORDER BY length(idempotency_key), idempotency_key`,
);

/**
 * Inserts a posting's transfers and applies their deltas in one statement, unless a posting with
 * the same key exists: then nothing is written and the earlier transfers come back (`replayed`).
 * Run after the accounts are locked, so a concurrent request with the same key has committed.
 */
export async function writePosting(
  q: Queryable,
  posting: { key: string; requestHash: string; createdAt: Date },
  transfers: NewTransfer[],
  deltas: Deltas,
) {
  const ids = [...deltas.keys()];
  const { rows } = await q.query<TransferRow & { replayed: boolean }>(
    writePostingSql([
      posting.key,
      posting.requestHash,
      posting.createdAt,
      transfers.map((t) => t.idempotency_key),
      transfers.map((t) => t.kind),
      transfers.map((t) => t.debit_account),
      transfers.map((t) => t.credit_account),
      transfers.map((t) => t.amount),
      transfers.map((t) => t.status),
      transfers.map((t) => t.ref_type),
      transfers.map((t) => t.ref_id),
      transfers.map((t) => JSON.stringify(t.meta, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
      ids,
      ids.map((id) => deltas.get(id)!.balance),
      ids.map((id) => deltas.get(id)!.pending),
    ]),
  );
  const replayed = rows[0]?.replayed ?? false;
  return {
    replayed,
    transfers: rows.map(({ replayed: _, ...row }) => row as TransferRow),
  };
}

export async function applyDeltas(q: Queryable, deltas: Deltas) {
  const ids = [...deltas.keys()];
  if (ids.length === 0) return;
  await q.query(
    `UPDATE accounts a SET balance = a.balance + d.balance, pending = a.pending + d.pending, version = a.version + 1
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS d(id, balance, pending)
      WHERE a.id = d.id`,
    [ids, ids.map((id) => deltas.get(id)!.balance), ids.map((id) => deltas.get(id)!.pending)],
  );
}

export async function lockTransfer(q: Queryable, id: string): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>('SELECT * FROM transfers WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function setTransferStatus(q: Queryable, id: string, status: 'posted' | 'voided', at: Date) {
  await q.query('UPDATE transfers SET status = $2, settled_at = $3 WHERE id = $1', [id, status, at]);
}

/** What a member can use across some of their accounts: balances less amounts on hold. */
export async function availableBalance(q: Queryable, ownerId: number, kinds: string[]): Promise<bigint> {
  const { rows } = await q.query<{ total: bigint | null }>(
    'SELECT sum(balance - pending)::bigint AS total FROM accounts WHERE owner_user_id = $1 AND kind = ANY($2)',
    [ownerId, kinds],
  );
  return rows[0]!.total ?? 0n;
}

/** The active plan of DOMAIN.md: principal + compound, less what is on its way out. */
export const activePlanOf = (q: Queryable, ownerId: number) =>
  availableBalance(q, ownerId, ['principal', 'compound']);
