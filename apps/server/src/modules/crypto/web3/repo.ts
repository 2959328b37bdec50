import type { Queryable } from '../../../db/pool.js';

export interface WalletRow {
  id: bigint;
  user_id: bigint;
  address: string;
  created_at: Date;
}

export interface NonceRow {
  id: bigint;
  user_id: bigint;
  address: string;
  message: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface DepositRow {
  id: bigint;
  user_id: bigint;
  username: string;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: bigint;
  block_hash: string;
  from_address: string;
  to_address: string;
  token_address: string;
  amount: bigint;
  amount_raw: string;
  status: 'confirming' | 'credited';
  confirmations: number;
  required_confirmations: number;
  transfer_id: string | null;
  created_at: Date;
  checked_at: Date;
  credited_at: Date | null;
}

// ---------------------------------------------------------------------------------------------
// Linked wallets

export async function walletsOf(q: Queryable, userId: number | undefined) {
  const { rows } = await q.query<WalletRow>(
    `SELECT * FROM wallet_addresses ${userId ? 'WHERE user_id = $1' : ''} ORDER BY id LIMIT 500`,
    userId ? [userId] : [],
  );
  return rows;
}

export async function findWallet(q: Queryable, id: number) {
  const { rows } = await q.query<WalletRow>('SELECT * FROM wallet_addresses WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function walletByAddress(q: Queryable, address: string) {
  const { rows } = await q.query<WalletRow>('SELECT * FROM wallet_addresses WHERE address = $1', [address]);
  return rows[0] ?? null;
}

export async function countWallets(q: Queryable, userId: number) {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM wallet_addresses WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

/** Inserts the link; null when the address is linked already (to anyone). */
export async function insertWallet(q: Queryable, userId: number, address: string, now: Date) {
  const { rows } = await q.query<WalletRow>(
    `INSERT INTO wallet_addresses (user_id, address, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (address) DO NOTHING RETURNING *`,
    [userId, address, now],
  );
  return rows[0] ?? null;
}

export async function deleteWallet(q: Queryable, id: bigint) {
  await q.query('DELETE FROM wallet_addresses WHERE id = $1', [id]);
}

export async function insertNonce(
  q: Queryable,
  n: { userId: number; address: string; message: string; now: Date; expiresAt: Date },
) {
  // a new message replaces the open ones for the same address
  await q.query(
    'UPDATE wallet_link_nonces SET used_at = $3 WHERE user_id = $1 AND address = $2 AND used_at IS NULL',
    [n.userId, n.address, n.now],
  );
  await q.query(
    `INSERT INTO wallet_link_nonces (user_id, address, message, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [n.userId, n.address, n.message, n.now, n.expiresAt],
  );
}

/** The open message for (member, address), locked so two link attempts use it once. */
export async function openNonce(q: Queryable, userId: number, address: string, now: Date) {
  const { rows } = await q.query<NonceRow>(
    `SELECT * FROM wallet_link_nonces
      WHERE user_id = $1 AND address = $2 AND used_at IS NULL AND expires_at > $3
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [userId, address, now],
  );
  return rows[0] ?? null;
}

export async function useNonce(q: Queryable, id: bigint, now: Date) {
  await q.query('UPDATE wallet_link_nonces SET used_at = $2 WHERE id = $1', [id, now]);
}

// ---------------------------------------------------------------------------------------------
// Wallet deposits

const SELECT = 'SELECT d.*, u.username FROM web3_deposits d JOIN users u ON u.id = d.user_id';

export interface NewDeposit {
  userId: number;
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  from: string;
  to: string;
  token: string;
  amount: bigint;
  amountRaw: bigint;
  confirmations: number;
  required: number;
  now: Date;
}

/** Records a verified transfer once; an existing row for the same (chain, tx, log) is kept as it is. */
export async function insertDeposit(q: Queryable, d: NewDeposit) {
  await q.query(
    `INSERT INTO web3_deposits (user_id, chain_id, tx_hash, log_index, block_number, block_hash, from_address,
       to_address, token_address, amount, amount_raw, confirmations, required_confirmations, created_at, checked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING`,
    [
      d.userId,
      d.chainId,
      d.txHash,
      d.logIndex,
      d.blockNumber,
      d.blockHash,
      d.from,
      d.to,
      d.token,
      d.amount,
      d.amountRaw.toString(),
      d.confirmations,
      d.required,
      d.now,
    ],
  );
}

export async function findByLog(
  q: Queryable,
  chainId: number,
  txHash: string,
  logIndex: number,
  lock = false,
) {
  const { rows } = await q.query<DepositRow>(
    `${SELECT} WHERE d.chain_id = $1 AND d.tx_hash = $2 AND d.log_index = $3 ${lock ? 'FOR UPDATE OF d' : ''}`,
    [chainId, txHash, logIndex],
  );
  return rows[0] ?? null;
}

export async function findDeposit(q: Queryable, id: number | bigint, lock = false) {
  const { rows } = await q.query<DepositRow>(`${SELECT} WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function updateChecked(
  q: Queryable,
  id: bigint,
  c: { confirmations: number; blockNumber: bigint; blockHash: string; logIndex: number; now: Date },
) {
  await q.query(
    `UPDATE web3_deposits SET confirmations = $2, block_number = $3, block_hash = $4, log_index = $5, checked_at = $6
      WHERE id = $1`,
    [id, c.confirmations, c.blockNumber, c.blockHash, c.logIndex, c.now],
  );
}

export async function markCredited(q: Queryable, id: bigint, transferId: string, now: Date) {
  await q.query(
    `UPDATE web3_deposits SET status = 'credited', transfer_id = $2, credited_at = $3 WHERE id = $1`,
    [id, transferId, now],
  );
}

export async function confirmingIds(q: Queryable, limit: number) {
  const { rows } = await q.query<{ id: bigint }>(
    `SELECT id FROM web3_deposits WHERE status = 'confirming' ORDER BY checked_at, id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

export async function listDeposits(
  q: Queryable,
  f: { page: number; limit: number; status?: string | undefined; userId?: number | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status) where.push(`d.status = $${params.push(f.status)}`);
  if (f.userId) where.push(`d.user_id = $${params.push(f.userId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM web3_deposits d ${filter}`, params)
  ).rows[0]!.n;
  const { rows } = await q.query<DepositRow>(
    `${SELECT} ${filter} ORDER BY d.id DESC LIMIT $${params.push(f.limit)} OFFSET $${params.push((f.page - 1) * f.limit)}`,
    params,
  );
  return { rows, total };
}

export async function depositTotals(q: Queryable) {
  const { rows } = await q.query<{
    credited_amount: bigint;
    credited_count: number;
    confirming_count: number;
  }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status = 'credited'), 0)::bigint AS credited_amount,
            (count(*) FILTER (WHERE status = 'credited'))::int AS credited_count,
            (count(*) FILTER (WHERE status = 'confirming'))::int AS confirming_count
       FROM web3_deposits`,
  );
  return rows[0]!;
}
