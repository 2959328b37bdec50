import { pageClause } from '../../../db/paging.js';
import { membersChanged, type Queryable } from '../../../db/pool.js';

export interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  username: string;
  kind: 'profit' | 'roi' | 'principal' | 'compound';
  amount: bigint;
  fee: bigint;
  net: bigint;
  fee_percent: string;
  network: 'BEP20' | 'TRC20';
  address: string;
  status: 'pending' | 'approved' | 'rejected';
  hold_transfer: string | null;
  tx_hash: string | null;
  reason: string | null;
  decided_by: bigint | null;
  decided_at: Date | null;
  created_at: Date;
  /** Four eyes: the sign-off (the first that still counts, else the first), if any. */
  sign_off_admin_id: bigint | null;
  sign_off_name: string | null;
  sign_off_email: string | null;
  sign_off_at: Date | null;
  /** Its admin still holds finance (or owner) and is not blocked: it counts for a payment now. */
  sign_off_counts: boolean | null;
  payout_status: 'signed' | 'sent' | 'confirmed' | 'failed' | null;
  payout_tx_hash: string | null;
  payout_error: string | null;
  payout_created_by: bigint | null;
}

/** A sign-off counts while its admin may still do finance work. */
const SIGN_OFF_COUNTS = `(au.role = 'admin' AND au.status = 'unblock' AND au.admin_roles && '{owner,finance}')`;

/** A withdrawal with its member, its sign-off (four eyes) and its latest on-chain payout. */
const SELECT = `SELECT w.*, u.username,
         s.admin_id AS sign_off_admin_id, s.name AS sign_off_name, s.email AS sign_off_email,
         s.created_at AS sign_off_at, s.counts AS sign_off_counts,
         p.status AS payout_status, p.tx_hash AS payout_tx_hash, p.error AS payout_error,
         p.created_by AS payout_created_by
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    LEFT JOIN LATERAL (SELECT a.admin_id, coalesce(nullif(au.fullname, ''), au.username) AS name, au.email,
                              a.created_at, ${SIGN_OFF_COUNTS} AS counts
                         FROM withdrawal_approvals a JOIN users au ON au.id = a.admin_id
                        WHERE a.withdrawal_id = w.id AND a.step = 'sign_off'
                        ORDER BY ${SIGN_OFF_COUNTS} DESC, a.created_at, a.admin_id LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT status, tx_hash, error, created_by FROM payouts
                        WHERE withdrawal_id = w.id ORDER BY id DESC LIMIT 1) p ON true`;

export interface RequesterRow {
  id: bigint;
  status: 'unblock' | 'block';
  verify_at: Date | null;
  bep20: string;
  trc20: string;
  activation_date: Date | null;
}

export async function requester(q: Queryable, userId: number): Promise<RequesterRow | null> {
  const { rows } = await q.query<RequesterRow>(
    `SELECT id, status, verify_at, bep20, trc20, activation_date FROM users WHERE id = $1 AND role = 'user' FOR NO KEY UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function insert(
  q: Queryable,
  w: Pick<WithdrawalRow, 'kind' | 'amount' | 'fee' | 'net' | 'fee_percent' | 'network' | 'address'> & {
    userId: number;
    now: Date;
  },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO withdrawals (user_id, kind, amount, fee, net, fee_percent, network, address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [w.userId, w.kind, w.amount, w.fee, w.net, w.fee_percent, w.network, w.address, w.now],
  );
  return rows[0]!.id;
}

export async function setHold(q: Queryable, id: bigint, transferId: string) {
  await q.query('UPDATE withdrawals SET hold_transfer = $2 WHERE id = $1', [id, transferId]);
}

export async function find(q: Queryable, id: number | bigint, lock = false): Promise<WithdrawalRow | null> {
  const { rows } = await q.query<WithdrawalRow>(
    `${SELECT} WHERE w.id = $1 ${lock ? 'FOR UPDATE OF w' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function decide(
  q: Queryable,
  id: bigint,
  d: { status: 'approved' | 'rejected'; by: number; now: Date; txHash: string | null; reason: string | null },
) {
  await q.query(
    'UPDATE withdrawals SET status = $2, decided_by = $3, decided_at = $4, tx_hash = $5, reason = $6 WHERE id = $1',
    [id, d.status, d.by, d.now, d.txHash, d.reason],
  );
}

export async function list(
  q: Queryable,
  f: {
    page: number;
    limit: number;
    kind?: string | undefined;
    status?: string | undefined;
    userId?: number | undefined;
  },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.kind) where.push(`w.kind = $${params.push(f.kind)}`);
  if (f.status) where.push(`w.status = $${params.push(f.status)}`);
  if (f.userId) where.push(`w.user_id = $${params.push(f.userId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const totals = await q.query<{ n: number; amount: bigint | null; fee: bigint | null; net: bigint | null }>(
    `SELECT count(*)::int AS n, sum(amount)::bigint AS amount, sum(fee)::bigint AS fee, sum(net)::bigint AS net
       FROM withdrawals w ${filter}`,
    params,
  );
  const { rows } = await q.query<WithdrawalRow>(
    `${SELECT} ${filter} ORDER BY w.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, totals: totals.rows[0]! };
}

export async function setCompoundShare(q: Queryable, userId: number, percent: number, now: Date) {
  await q.query('UPDATE users SET compound_percent = $2, updated_at = $3 WHERE id = $1', [
    userId,
    percent,
    now,
  ]);
  membersChanged(q, [userId]);
}

export async function setActive(q: Queryable, userId: number, active: boolean, now: Date) {
  await q.query(`UPDATE users SET is_active = $2, updated_at = $3 WHERE id = $1 AND is_active <> $2`, [
    userId,
    active ? 'active' : 'inactive',
    now,
  ]);
  membersChanged(q, [userId]);
}

/** Where the member is told of a decision. */
export async function contactOf(q: Queryable, userId: number | bigint) {
  const { rows } = await q.query<{
    email: string;
    fullname: string;
    username: string;
    locale: string | null;
  }>('SELECT email, fullname, username, locale FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

/** A finance admin's sign-off (four eyes, first step); false when this admin had already signed it off. */
export async function addSignOff(q: Queryable, id: bigint, adminId: number, now: Date) {
  // a payer's row kept from before sign-offs were told apart from payers (migration 029) becomes a sign-off
  const { rowCount } = await q.query(
    `INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, created_at, step) VALUES ($1, $2, $3, 'sign_off')
     ON CONFLICT (withdrawal_id, admin_id) DO UPDATE SET step = 'sign_off', created_at = EXCLUDED.created_at
      WHERE withdrawal_approvals.step <> 'sign_off'`,
    [id, adminId, now],
  );
  return rowCount === 1;
}

/**
 * Another withdrawal this payout transaction hash already approves (or pays on chain), compared
 * without case or surrounding space; null when it is free.
 */
export async function hashUsedBy(q: Queryable, hash: string, exceptId: bigint): Promise<number | null> {
  const { rows } = await q.query<{ id: bigint }>(
    `SELECT id FROM withdrawals WHERE tx_hash IS NOT NULL AND lower(tx_hash) = lower($1) AND id <> $2
     UNION ALL
     SELECT withdrawal_id FROM payouts WHERE tx_hash = lower($1) AND withdrawal_id <> $2
     LIMIT 1`,
    [hash.trim(), exceptId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
