import type { Queryable } from '../../../db/pool.js';

export interface PayoutRow {
  id: bigint;
  withdrawal_id: bigint;
  kind: 'profit' | 'roi' | 'principal' | 'compound';
  chain_id: number;
  from_address: string;
  to_address: string;
  amount: bigint;
  nonce: bigint;
  tx_hash: `0x${string}`;
  raw_tx: `0x${string}`;
  status: 'signed' | 'sent' | 'confirmed' | 'failed';
  created_by: bigint;
}

/** Payouts are signed one at a time per hot wallet: nonces and the daily limit are decided in order. */
export async function lockWallet(q: Queryable, chainId: number, from: string) {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payout:${chainId}:${from.toLowerCase()}`]);
}

export async function nextNonce(q: Queryable, chainId: number, from: string): Promise<bigint> {
  const { rows } = await q.query<{ next: bigint }>(
    'SELECT coalesce(max(nonce) + 1, 0)::bigint AS next FROM payouts WHERE chain_id = $1 AND from_address = $2',
    [chainId, from.toLowerCase()],
  );
  return rows[0]!.next;
}

/** Sent or on its way since `since` (failed ones moved nothing). */
export async function paidSince(q: Queryable, since: Date): Promise<bigint> {
  const { rows } = await q.query<{ total: bigint }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS total FROM payouts WHERE status <> 'failed' AND created_at >= $1`,
    [since],
  );
  return rows[0]!.total;
}

/** Payouts that may still take money or gas from the wallet: signed or sent, not yet confirmed. */
export async function inFlight(q: Queryable) {
  const { rows } = await q.query<{ n: number; amount: bigint }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount
       FROM payouts WHERE status IN ('signed', 'sent')`,
  );
  return rows[0]!;
}

export async function insert(
  q: Queryable,
  p: Omit<PayoutRow, 'id' | 'kind' | 'status'> & { token: string; now: Date },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO payouts (withdrawal_id, chain_id, from_address, to_address, token, amount, nonce, tx_hash,
                          raw_tx, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      p.withdrawal_id,
      p.chain_id,
      p.from_address.toLowerCase(),
      p.to_address.toLowerCase(),
      p.token.toLowerCase(),
      p.amount,
      p.nonce,
      p.tx_hash,
      p.raw_tx,
      p.created_by,
      p.now,
    ],
  );
  return rows[0]!.id;
}

/** Signed or sent payouts, oldest first (nonces in order), with their withdrawal's kind. */
export async function open(q: Queryable): Promise<PayoutRow[]> {
  const { rows } = await q.query<PayoutRow>(
    `SELECT p.*, w.kind FROM payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
      WHERE p.status IN ('signed', 'sent') ORDER BY p.id`,
  );
  return rows;
}

export async function markSent(q: Queryable, id: bigint, now: Date) {
  await q.query(
    `UPDATE payouts SET status = 'sent', sent_at = coalesce(sent_at, $2), error = NULL
      WHERE id = $1 AND status = 'signed'`,
    [id, now],
  );
}

/** Why the last send did not go through; the payout stays signed and is sent again. */
export async function noteError(q: Queryable, id: bigint, error: string) {
  await q.query('UPDATE payouts SET error = $2 WHERE id = $1', [id, error]);
}

export async function markFailed(q: Queryable, id: bigint, error: string) {
  await q.query(
    `UPDATE payouts SET status = 'failed', error = $2 WHERE id = $1 AND status IN ('signed', 'sent')`,
    [id, error],
  );
}

export async function markConfirmed(q: Queryable, id: bigint, block: bigint, now: Date) {
  await q.query(
    `UPDATE payouts SET status = 'confirmed', block_number = $2, confirmed_at = $3, error = NULL,
                        sent_at = coalesce(sent_at, $3)
      WHERE id = $1 AND status IN ('signed', 'sent')`,
    [id, block, now],
  );
}
