import { prepared, type Queryable } from '../db/pool.js';
import type { AccountRef } from './accounts.js';

export interface TransferRow {
  id: string;
  idempotency_key: string;
  posting_key: string;
  /** The posting's request hash, on its first transfer (#0) only (issue 30: 64 bytes a row less). */
  request_hash: string | null;
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

/**
 * Every account of a posting by (owner, kind), in one statement: the ones in `lock` (member accounts
 * whose balance the posting checks) are locked FOR NO KEY UPDATE in id order, so two postings never
 * wait on each other in a cycle. With `tryLock`, the other member accounts are locked too when no one
 * holds them (SKIP LOCKED: never waiting), so their credits change their rows instead of appending a
 * delta that is written, deleted and folded (issue 30); a held one, and every platform account (every
 * posting of its kind touches it, and the fold must find it free), is only read: credits never wait.
 * NO KEY UPDATE, not UPDATE: a transfer inserted meanwhile checks its foreign key to the account with
 * a KEY SHARE lock, which must not wait behind a debit.
 */
const resolveSql = prepared(
  'ledger_resolve_accounts',
  `WITH want AS (SELECT coalesce(o, 0) AS o, k, l FROM unnest($1::bigint[], $2::text[], $3::bool[]) AS x(o, k, l)),
        locked AS (
          SELECT id, owner_user_id, kind FROM ledger_accounts
           WHERE (coalesce(owner_user_id, 0), kind) IN (SELECT o, k FROM want WHERE l)
           ORDER BY id FOR NO KEY UPDATE),
        free AS (
          SELECT id, owner_user_id, kind FROM ledger_accounts
           WHERE (coalesce(owner_user_id, 0), kind) IN (SELECT o, k FROM want WHERE NOT l)),
        taken AS (
          SELECT a.id FROM ledger_accounts a JOIN free f ON f.id = a.id
           WHERE f.owner_user_id IS NOT NULL AND $4::bool
           ORDER BY a.id FOR NO KEY UPDATE OF a SKIP LOCKED)
   SELECT id, owner_user_id, kind, true AS locked FROM locked
   UNION ALL
   SELECT f.id, f.owner_user_id, f.kind, t.id IS NOT NULL FROM free f LEFT JOIN taken t ON t.id = f.id`,
);

export interface ResolvedAccount {
  id: bigint;
  owner_user_id: bigint | null;
  kind: string;
  locked: boolean;
}

/**
 * The accounts of `refs` (distinct), creating the ones that do not exist yet; those of `lock` are
 * locked, and with `tryLock` the other member accounts that no one holds. The common case (all
 * exist) is a single statement.
 */
export async function resolveAccounts(
  q: Queryable,
  refs: AccountRef[],
  lock: (ref: AccountRef) => boolean,
  tryLock = false,
): Promise<ResolvedAccount[]> {
  const owners = refs.map((r) => r.owner);
  const kinds = refs.map((r) => r.kind);
  const locks = refs.map(lock);
  const found = await q.query<ResolvedAccount>(resolveSql([owners, kinds, locks, tryLock]));
  if (found.rows.length === refs.length) return found.rows;
  await q.query(
    `INSERT INTO ledger_accounts (owner_user_id, kind)
     SELECT * FROM unnest($1::bigint[], $2::text[])
     ON CONFLICT ((coalesce(owner_user_id, 0)), kind) DO NOTHING`,
    [owners, kinds],
  );
  return (await q.query<ResolvedAccount>(resolveSql([owners, kinds, locks, tryLock]))).rows;
}

/** Locks member accounts (creating missing ones) before a transaction goes on to pay incomes: see roi claims. */
export async function lockAccounts(q: Queryable, refs: AccountRef[]) {
  return resolveAccounts(q, refs, () => true);
}

export async function lockAccountsById(q: Queryable, ids: bigint[]) {
  const { rows } = await q.query<{ id: bigint; owner_user_id: bigint | null }>(
    'SELECT id, owner_user_id FROM ledger_accounts WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  );
  return rows;
}

export async function accountOwners(q: Queryable, ids: bigint[]) {
  const { rows } = await q.query<{ id: bigint; owner_user_id: bigint | null; kind: string }>(
    'SELECT id, owner_user_id, kind FROM ledger_accounts WHERE id = ANY($1) ORDER BY id',
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

/** An income to a member counts to their running total of its kind, all time and in its month (UTC). */
export interface IncomeTag {
  kind: string;
  /** 'YYYY-MM' */
  period: string;
}

/**
 * What a posting changes besides its transfers:
 * - `locked`: balance and pending changes of the accounts it locked (applied to their rows, together
 *   with every delta of theirs not folded yet, so the row check `balance - pending >= 0` of member
 *   accounts stays meaningful);
 * - `free`: balance changes of every other account, appended to `ledger_deltas` without a lock; an
 *   income credited to a member is a delta of its own that carries its kind and month, so the same
 *   row also counts to the member's income totals (the fold adds both to the account row);
 * - `incomes`: incomes credited to locked accounts (account, kind, month), added to the income totals
 *   the account row keeps (`income_totals`, migration 033) as its balance changes.
 */
export interface Changes {
  locked: Map<bigint, { balance: bigint; pending: bigint }>;
  free: Map<string, { accountId: bigint; amount: bigint; income: IncomeTag | null }>;
  incomes: Map<string, { accountId: bigint; kind: string; period: string; amount: bigint }>;
}

export const noChanges = (): Changes => ({ locked: new Map(), free: new Map(), incomes: new Map() });

/**
 * The posting statement. `checked`: some member accounts are locked (those a posting debits, and
 * those it credits that no one held), so it checks their balance (`short`) and applies their changes
 * and unfolded deltas to their rows (`folded`, `applied`). A posting that locks nothing (incomes to
 * members whose rows are all held) runs the statement without those parts, a separate prepared
 * statement: PostgreSQL then plans it once (a generic plan), where the full one, whose plan depends
 * on how many accounts are locked, is planned again on every call (0.76 ms a posting, measured on
 * the claims benchmark) unless the transaction runs on generic plans, as member money actions and
 * claims do (db/pool.ts).
 * Parameters: $1-$3 the posting, $4-$12 its transfers, $13-$16 deltas (account, amount, income kind
 * and month); checked only: $17-$20 incomes to locked accounts (account, kind, month, amount),
 * $21-$23 the locked accounts' changes. Deltas of a locked account that carry an income are folded
 * into its row with the rest; what they count to the member's income totals moves to
 * `income_total_deltas` in the same statement.
 */
function postingSql(checked: boolean) {
  const when = (sql: string) => (checked ? sql : '');
  return `WITH prior AS (
     SELECT * FROM transfers WHERE posting_key = $1
   ),${when(` short AS (
     SELECT a.id, a.kind FROM ledger_accounts a
       JOIN unnest($21::bigint[], $22::bigint[], $23::bigint[]) AS d(id, balance, pending) ON d.id = a.id
      WHERE a.owner_user_id IS NOT NULL
        AND a.balance + coalesce((SELECT sum(x.amount) FROM ledger_deltas x WHERE x.account_id = a.id), 0)
            + d.balance - a.pending - d.pending < 0
   ),`)} inserted AS (
     INSERT INTO transfers (idempotency_key, posting_key, request_hash, kind, debit_account, credit_account,
                            amount, status, ref_type, ref_id, meta, created_at)
     SELECT t.key, $1, CASE WHEN t.n = 1 THEN $2 END, t.kind, t.debit, t.credit, t.amount, t.status, t.ref_type,
            t.ref_id, t.meta::jsonb, $3
       FROM unnest($4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[],
                   $11::text[], $12::text[]) WITH ORDINALITY
            AS t(key, kind, debit, credit, amount, status, ref_type, ref_id, meta, n)
      WHERE NOT EXISTS (SELECT 1 FROM prior)${when(' AND NOT EXISTS (SELECT 1 FROM short)')}
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *
   ), complete AS (
     SELECT count(*) = cardinality($4::text[]) AS ok FROM inserted
   ),${when(` folded AS (
     DELETE FROM ledger_deltas x WHERE x.account_id = ANY($21::bigint[]) AND (SELECT ok FROM complete)
     RETURNING x.account_id, x.amount, x.income_kind, x.period
   ), folded_totals AS (
     INSERT INTO income_total_deltas (user_id, kind, period, amount)
     SELECT a.owner_user_id, f.income_kind, f.period, sum(f.amount)::bigint
       FROM folded f JOIN ledger_accounts a ON a.id = f.account_id
      WHERE f.income_kind IS NOT NULL
      GROUP BY 1, 2, 3
   ), own AS (
     SELECT id, array_agg(kind) AS kinds, array_agg(period) AS periods, array_agg(amount) AS amounts
       FROM unnest($17::bigint[], $18::text[], $19::text[], $20::bigint[]) AS i(id, kind, period, amount)
      GROUP BY id
   ), applied AS (
     UPDATE ledger_accounts a
        SET balance = a.balance + d.balance
                      + coalesce((SELECT sum(f.amount) FROM folded f WHERE f.account_id = a.id), 0),
            pending = a.pending + d.pending, version = a.version + 1,
            income_totals = income_totals_add(a.income_totals, o.kinds, o.periods, o.amounts)
       FROM unnest($21::bigint[], $22::bigint[], $23::bigint[]) AS d(id, balance, pending)
       LEFT JOIN own o ON o.id = d.id
      WHERE a.id = d.id AND (SELECT ok FROM complete)
   ),`)} credited AS (
     INSERT INTO ledger_deltas (account_id, amount, income_kind, period)
     SELECT * FROM unnest($13::bigint[], $14::bigint[], $15::text[], $16::text[]) WHERE (SELECT ok FROM complete)
   )
   SELECT x.*, ${checked ? '(SELECT kind FROM short ORDER BY id LIMIT 1)' : 'NULL::text'} AS short_kind
     FROM (SELECT 1) AS one
     LEFT JOIN (SELECT *, true AS replayed FROM prior UNION ALL SELECT *, false FROM inserted) AS x ON true
    ORDER BY length(x.idempotency_key), x.idempotency_key`;
}

const writePostingSql = prepared('ledger_write_posting', postingSql(true));
const writeCreditsSql = prepared('ledger_write_credits', postingSql(false));

export type WriteOutcome =
  | { outcome: 'written'; transfers: TransferRow[] }
  | { outcome: 'replayed'; transfers: TransferRow[] }
  /** A locked member account would go below zero: nothing was written. */
  | { outcome: 'short'; kind: string }
  /** Some transfer keys were taken by a posting that committed meanwhile (rows of this one may remain). */
  | { outcome: 'taken'; inserted: number };

/**
 * Inserts a posting's transfers and applies its changes in one statement, run after the posting's
 * accounts are locked (a fresh snapshot: whatever held those locks before has committed). Nothing
 * is written when a posting with the same key exists (its transfers come back: a replay) or when a
 * locked member account would go below zero. A posting that locks nothing may race a same-key twin:
 * the unique key makes the second one wait for the first and write nothing ('taken').
 */
export async function writePosting(
  q: Queryable,
  posting: { key: string; requestHash: string; createdAt: Date },
  transfers: NewTransfer[],
  changes: Changes,
): Promise<WriteOutcome> {
  const arrays = changeArrays(changes);
  const values = [
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
    ...arrays.free,
  ];
  const { rows } = await q.query<TransferRow & { replayed: boolean | null; short_kind: string | null }>(
    changes.locked.size === 0
      ? writeCreditsSql(values)
      : writePostingSql([...values, ...arrays.incomes, ...arrays.locked]),
  );
  const strip = (list: typeof rows) =>
    list.map(({ replayed: _r, short_kind: _s, ...row }) => row as TransferRow);
  const written = rows.filter((r) => r.replayed !== null);
  if (written.some((r) => r.replayed)) return { outcome: 'replayed', transfers: strip(written) };
  if (rows[0]?.short_kind) return { outcome: 'short', kind: rows[0].short_kind };
  if (written.length === transfers.length) return { outcome: 'written', transfers: strip(written) };
  return { outcome: 'taken', inserted: written.length };
}

const applyChangesSql = prepared(
  'ledger_apply_changes',
  `WITH applied AS (
     UPDATE ledger_accounts a SET balance = a.balance + d.balance, pending = a.pending + d.pending,
                                  version = a.version + 1
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS d(id, balance, pending)
      WHERE a.id = d.id
   )
   INSERT INTO ledger_deltas (account_id, amount, income_kind, period)
   SELECT * FROM unnest($4::bigint[], $5::bigint[], $6::text[], $7::text[])`,
);

/** Applies changes outside a posting (a pending transfer settled); `locked` accounts must be locked. */
export async function applyChanges(q: Queryable, changes: Changes) {
  const arrays = changeArrays(changes);
  // settle credits through a delta; an income to a locked row outside a posting has no statement
  if (changes.incomes.size > 0) throw new Error('applyChanges cannot credit an income to a locked account');
  await q.query(applyChangesSql([...arrays.locked, ...arrays.free]));
}

/** The statement parameters of `changes`: one array per column, as the statements unnest them. */
function changeArrays(changes: Changes) {
  const locked = [...changes.locked.keys()];
  const free = [...changes.free.values()];
  const incomes = [...changes.incomes.values()];
  return {
    locked: [
      locked,
      locked.map((id) => changes.locked.get(id)!.balance),
      locked.map((id) => changes.locked.get(id)!.pending),
    ],
    free: [
      free.map((d) => d.accountId),
      free.map((d) => d.amount),
      free.map((d) => d.income?.kind ?? null),
      free.map((d) => d.income?.period ?? null),
    ],
    incomes: [
      incomes.map((i) => i.accountId),
      incomes.map((i) => i.kind),
      incomes.map((i) => i.period),
      incomes.map((i) => i.amount),
    ],
  };
}

export async function lockTransfer(q: Queryable, id: string): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>('SELECT * FROM transfers WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function setTransferStatus(q: Queryable, id: string, status: 'posted' | 'voided', at: Date) {
  await q.query('UPDATE transfers SET status = $2, settled_at = $3 WHERE id = $1', [id, status, at]);
}

/** What a member can use across some of their accounts: balances (with unfolded deltas) less holds. */
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
