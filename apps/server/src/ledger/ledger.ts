/**
 * The one way money moves. `post` writes a set of transfers atomically inside the caller's
 * transaction: it creates missing accounts, locks the member accounts it debits (in id order: their
 * balance is checked), replays an earlier posting with the same idempotency key, checks that no
 * member account would go below zero, inserts the transfers and applies the balance changes.
 * Credits, and every change of a platform account, take no lock: they are appended to
 * `ledger_deltas` and folded later (ledger/fold.ts), so no account is a row every posting waits on.
 * `settle` posts or voids a pending transfer.
 */
import { createHash } from 'node:crypto';
import { type Db, membersChanged, type Tx, withTx } from '../db/pool.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { countTransfers } from '../metrics.js';
import { type AccountRef, INCOME_TRANSFER_KINDS, refKey, type TransferKind } from './accounts.js';
import * as repo from './repo.js';

export interface TransferSpec {
  kind: TransferKind;
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  /** A pending transfer holds the amount on the debit account until it is settled. */
  pending?: boolean;
  refType?: string;
  refId?: string | number;
  meta?: Record<string, unknown>;
}

export interface Posting {
  idempotencyKey: string;
  transfers: TransferSpec[];
  /**
   * What makes two requests "the same" for the idempotency check, when the transfers carry ids
   * created by the attempt itself (a new purchase row per attempt). Defaults to the transfers.
   */
  fingerprint?: Record<string, unknown>;
}

export interface PostResult {
  transfers: repo.TransferRow[];
  /** True when the key had been used by the same request before: nothing new was written. */
  replayed: boolean;
}

/**
 * A posting that credits more member accounts than this (a CTO pool shared by every qualified
 * member, a batch) appends deltas without trying their rows: it would hold them all until it commits,
 * and their owners' own debits would wait for it. A claim credits 11, a purchase 2 or 3.
 */
const TRY_LOCK_AT_MOST = 16;

export const insufficientFunds = (kind: string) =>
  new AppError('insufficient_funds', `Insufficient balance in your ${kind} wallet`, 400, {
    code: 'funds.insufficient',
    params: { wallet: kind },
  });

export async function post(tx: Tx, posting: Posting, now: Date): Promise<PostResult> {
  validate(posting);
  const requestHash = hashPosting(posting);
  // member accounts that pay (or hold) are the only ones whose balance is checked, so the only locks
  // others wait on. The payer's own accounts that this posting credits are locked with them and
  // changed on their rows: no one else waits on a member's own accounts while they act, and a
  // delta would cost a row written, deleted and folded (issue 30; a plan purchase's principal).
  const payers = posting.transfers.filter((t) => t.debit.owner !== null);
  const checked = new Set(payers.map((t) => refKey(t.debit)));
  const payerIds = new Set(payers.map((t) => t.debit.owner));
  const refs = dedupe(posting.transfers.flatMap((t) => [t.debit, t.credit]));
  const accounts = await repo.resolveAccounts(
    tx,
    refs,
    (ref) => checked.has(refKey(ref)) || (ref.owner !== null && payerIds.has(ref.owner)),
    refs.filter((r) => r.owner !== null).length <= TRY_LOCK_AT_MOST,
  );
  const byRef = new Map(accounts.map((a) => [`${a.owner_user_id ?? 0}:${a.kind}`, a]));

  const changes = repo.noChanges();
  const rows: repo.NewTransfer[] = posting.transfers.map((t, i) => {
    const debit = byRef.get(refKey(t.debit))!;
    const credit = byRef.get(refKey(t.credit))!;
    if (t.pending) change(changes, debit, 0n, t.amount);
    else {
      change(changes, debit, -t.amount, 0n);
      change(changes, credit, t.amount, 0n, incomeOf(credit, t.kind, now));
    }
    return {
      idempotency_key: `${posting.idempotencyKey}#${i}`,
      kind: t.kind,
      debit_account: debit.id,
      credit_account: credit.id,
      amount: t.amount,
      status: t.pending ? 'pending' : 'posted',
      ref_type: t.refType ?? null,
      ref_id: t.refId === undefined ? null : String(t.refId),
      meta: t.meta ?? {},
      created_at: now,
    };
  });

  const written = await repo.writePosting(
    tx,
    { key: posting.idempotencyKey, requestHash, createdAt: now },
    rows,
    changes,
  );
  switch (written.outcome) {
    case 'written':
      countTransfers(written.transfers);
      membersChanged(
        tx,
        posting.transfers.flatMap((t) => [t.debit.owner, t.credit.owner]),
      );
      return { transfers: written.transfers, replayed: false };
    case 'replayed':
      return replayOf(written.transfers, requestHash);
    case 'short':
      throw insufficientFunds(written.kind);
    case 'taken': {
      // a posting with this key committed while this one ran (neither locked an account)
      if (written.inserted > 0)
        throw conflict('This idempotency key was already used for a different request');
      const earlier = await repo.findPosting(tx, posting.idempotencyKey);
      if (earlier.length === 0)
        throw conflict('This idempotency key was already used for a different request');
      return replayOf(earlier, requestHash);
    }
  }
}

/**
 * Adds a balance or hold change to the account's row (locked) or to its deltas (not locked). An
 * income credited to a member also counts to their running totals by kind and month (member
 * figures): the row keeps them beside its balance, and a delta carries them until it is folded, so
 * no row is written for the totals alone (issue 30).
 */
function change(
  changes: repo.Changes,
  account: repo.ResolvedAccount,
  balance: bigint,
  pending: bigint,
  income: repo.IncomeTag | null = null,
) {
  if (account.locked) {
    const c = changes.locked.get(account.id) ?? { balance: 0n, pending: 0n };
    c.balance += balance;
    c.pending += pending;
    changes.locked.set(account.id, c);
    if (income) {
      const key = `${account.id}:${income.kind}:${income.period}`;
      const total = changes.incomes.get(key) ?? { accountId: account.id, ...income, amount: 0n };
      total.amount += balance;
      changes.incomes.set(key, total);
    }
  } else {
    if (pending !== 0n) throw new Error(`a hold needs the account locked (${account.kind})`);
    const key = income ? `${account.id}:${income.kind}:${income.period}` : `${account.id}`;
    const delta = changes.free.get(key) ?? { accountId: account.id, amount: 0n, income };
    delta.amount += balance;
    changes.free.set(key, delta);
  }
}

/**
 * What an income credited to `credit` counts to, or null: member figures keep running totals of
 * incomes by kind, all time and per month (UTC) of the transfer. A delta carries the month; the
 * all-time total is made from it by the fold and by the member read.
 */
function incomeOf(credit: repo.ResolvedAccount, kind: string, at: Date): repo.IncomeTag | null {
  if (credit.owner_user_id === null || !INCOME_TRANSFER_KINDS.has(kind)) return null;
  return { kind, period: at.toISOString().slice(0, 7) };
}

function replayOf(earlier: repo.TransferRow[], requestHash: string): PostResult {
  if (earlier[0]!.request_hash !== requestHash)
    throw conflict('This idempotency key was already used for a different request');
  return { transfers: earlier, replayed: true };
}

/** Posts (the held amount moves) or voids (the hold is released) a pending transfer, once. */
export async function settle(tx: Tx, transferId: string, outcome: 'posted' | 'voided', now: Date) {
  const transfer = await repo.lockTransfer(tx, transferId);
  if (!transfer) throw notFound('Transfer not found');
  if (transfer.status === outcome) return { transfer, replayed: true };
  if (transfer.status !== 'pending') throw conflict(`This transfer is already ${transfer.status}`);
  // the held account changes its row (its hold shrinks); the receiving one gets a delta, as in `post`
  const [held] = await repo.lockAccountsById(tx, [transfer.debit_account]);
  const changes = repo.noChanges();
  const owners = [held?.owner_user_id ?? null];
  if (outcome === 'posted') {
    changes.locked.set(transfer.debit_account, { balance: -transfer.amount, pending: -transfer.amount });
    const owner = (await repo.accountOwners(tx, [transfer.credit_account]))[0]!;
    const credit = { ...owner, locked: false };
    change(changes, credit, transfer.amount, 0n, incomeOf(credit, transfer.kind, now));
    owners.push(credit.owner_user_id);
  } else {
    changes.locked.set(transfer.debit_account, { balance: 0n, pending: -transfer.amount });
  }
  if (!held) throw notFound('Account not found');
  await repo.applyChanges(tx, changes);
  membersChanged(tx, owners);
  await repo.setTransferStatus(tx, transferId, outcome, now);
  return { transfer: { ...transfer, status: outcome, settled_at: now }, replayed: false };
}

function validate(posting: Posting) {
  if (!posting.idempotencyKey || posting.idempotencyKey.length > 200)
    throw badRequest('A valid idempotency key is required');
  if (posting.transfers.length === 0) throw badRequest('A posting needs at least one transfer');
  for (const t of posting.transfers) {
    if (typeof t.amount !== 'bigint' || t.amount <= 0n) throw badRequest('Amount must be greater than zero');
    if (refKey(t.debit) === refKey(t.credit)) throw badRequest('A transfer needs two different accounts');
  }
}

export function dedupe(refs: AccountRef[]) {
  return [...new Map(refs.map((r) => [refKey(r), r])).values()];
}

/** Same request = same transfers, amounts, accounts and references (meta included). */
function hashPosting(posting: Posting) {
  const canonical = JSON.stringify(posting.fingerprint ?? posting.transfers, (_k, v) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** Thrown inside a transaction whose posting was a replay, so the attempt's own rows roll back. */
export class Replayed extends Error {
  constructor(readonly transfers: repo.TransferRow[]) {
    super('replayed');
  }
}

/** `post`, but a replay aborts the caller's transaction with `Replayed` (see above). */
export async function postOnce(tx: Tx, posting: Posting, now: Date) {
  const result = await post(tx, posting, now);
  if (result.replayed) throw new Replayed(result.transfers);
  return result.transfers;
}

/**
 * Runs a money action that creates its own rows in one transaction. When its posting turns out to
 * replay an earlier request (`postOnce` threw `Replayed`), this attempt has rolled back and the
 * caller answers with the first result, read from the earlier transfers. These are the member money
 * actions (purchase, withdrawal request): they run on generic plans (TxOptions in db/pool.ts).
 */
export async function withReplay<T>(
  db: Db,
  run: (tx: Tx) => Promise<T>,
  first: (transfers: repo.TransferRow[]) => Promise<T>,
): Promise<T> {
  try {
    return await withTx(db, run, { genericPlans: true });
  } catch (error) {
    if (!(error instanceof Replayed)) throw error;
    return first(error.transfers);
  }
}
