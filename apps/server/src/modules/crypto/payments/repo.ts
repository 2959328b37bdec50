import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface PaymentRow {
  id: bigint;
  provider: 'sandbox' | 'nowpayments';
  payment_id: string;
  parent_id: bigint | null;
  parent_payment_id: string | null;
  user_id: bigint;
  username: string;
  order_id: string;
  status: string;
  price_amount: bigint;
  price_currency: string;
  pay_currency: string;
  pay_amount: string;
  actually_paid: string | null;
  pay_address: string;
  expires_at: Date | null;
  expired_locally: boolean;
  review: string | null;
  transfer_id: string | null;
  credited_amount: bigint | null;
  credited_at: Date | null;
  last_checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface EventRow {
  id: bigint;
  source: 'create' | 'ipn' | 'poll' | 'admin' | 'expiry' | 'settle';
  status: string | null;
  accepted: boolean;
  note: string;
  actually_paid: string | null;
  created_at: Date;
}

const SELECT = 'SELECT p.*, u.username FROM provider_payments p JOIN users u ON u.id = p.user_id';
const FINAL = `('finished', 'failed', 'refunded', 'expired')`;

export interface NewPayment {
  provider: string;
  paymentId: string;
  parentId?: bigint | null;
  parentPaymentId?: string | null;
  userId: number | bigint;
  orderId: string;
  status: string;
  priceAmount: bigint;
  priceCurrency: string;
  payCurrency: string;
  payAmount: string;
  actuallyPaid: string | null;
  payAddress: string;
  expiresAt: Date | null;
  review?: string | null;
  now: Date;
}

export async function insert(q: Queryable, p: NewPayment): Promise<bigint> {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO provider_payments (provider, payment_id, parent_id, parent_payment_id, user_id, order_id, status,
       price_amount, price_currency, pay_currency, pay_amount, actually_paid, pay_address, expires_at, review,
       last_checked_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16) RETURNING id`,
    [
      p.provider,
      p.paymentId,
      p.parentId ?? null,
      p.parentPaymentId ?? null,
      p.userId,
      p.orderId,
      p.status,
      p.priceAmount,
      p.priceCurrency,
      p.payCurrency,
      p.payAmount,
      p.actuallyPaid,
      p.payAddress,
      p.expiresAt,
      p.review ?? null,
      p.now,
    ],
  );
  return rows[0]!.id;
}

export async function findByPaymentId(
  q: Queryable,
  provider: string,
  paymentId: string,
  lock = false,
): Promise<PaymentRow | null> {
  const { rows } = await q.query<PaymentRow>(
    `${SELECT} WHERE p.provider = $1 AND p.payment_id = $2 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [provider, paymentId],
  );
  return rows[0] ?? null;
}

export async function findById(q: Queryable, id: bigint, lock = false): Promise<PaymentRow | null> {
  const { rows } = await q.query<PaymentRow>(`${SELECT} WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function children(q: Queryable, parentId: bigint): Promise<PaymentRow[]> {
  const { rows } = await q.query<PaymentRow>(`${SELECT} WHERE p.parent_id = $1 ORDER BY p.id`, [parentId]);
  return rows;
}

export async function update(
  q: Queryable,
  id: bigint,
  c: {
    status: string;
    actuallyPaid: string | null;
    expiredLocally: boolean;
    review: string | null;
    now: Date;
  },
) {
  await q.query(
    `UPDATE provider_payments SET status = $2, actually_paid = $3, expired_locally = $4, review = $5, updated_at = $6
     WHERE id = $1`,
    [id, c.status, c.actuallyPaid, c.expiredLocally, c.review, c.now],
  );
}

export async function setReview(q: Queryable, id: bigint, review: string | null) {
  await q.query('UPDATE provider_payments SET review = $2 WHERE id = $1', [id, review]);
}

export async function markCredited(q: Queryable, id: bigint, transferId: string, amount: bigint, now: Date) {
  await q.query(
    `UPDATE provider_payments SET transfer_id = $2, credited_amount = $3, credited_at = $4, review = NULL
     WHERE id = $1`,
    [id, transferId, amount, now],
  );
}

export async function markChecked(q: Queryable, id: bigint, now: Date) {
  await q.query('UPDATE provider_payments SET last_checked_at = $2 WHERE id = $1', [id, now]);
}

export async function insertEvent(
  q: Queryable,
  e: {
    paymentRef: bigint | null;
    provider: string;
    paymentId: string | null;
    source: EventRow['source'];
    status: string | null;
    accepted: boolean;
    note?: string;
    actuallyPaid?: string | null;
    payload?: unknown;
    now: Date;
  },
) {
  await q.query(
    `INSERT INTO provider_payment_events (payment_ref, provider, payment_id, source, status, accepted, note,
       actually_paid, payload, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      e.paymentRef,
      e.provider,
      e.paymentId,
      e.source,
      e.status,
      e.accepted,
      e.note ?? '',
      e.actuallyPaid ?? null,
      e.payload === undefined ? null : JSON.stringify(e.payload),
      e.now,
    ],
  );
}

export async function events(q: Queryable, paymentRef: bigint): Promise<EventRow[]> {
  const { rows } = await q.query<EventRow>(
    `SELECT id, source, status, accepted, note, actually_paid, created_at FROM provider_payment_events
     WHERE payment_ref = $1 ORDER BY id`,
    [paymentRef],
  );
  return rows;
}

export async function list(
  q: Queryable,
  f: {
    page: number;
    limit: number;
    status?: string | undefined;
    userId?: number | undefined;
    review?: boolean | undefined;
  },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status) where.push(`p.status = $${params.push(f.status)}`);
  if (f.userId) where.push(`p.user_id = $${params.push(f.userId)}`);
  if (f.review === true) where.push('p.review IS NOT NULL');
  if (f.review === false) where.push('p.review IS NULL');
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM provider_payments p ${filter}`, params)
  ).rows[0]!.n;
  const { rows } = await q.query<PaymentRow>(
    `${SELECT} ${filter} ORDER BY p.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

/** Open payments not heard of for `staleBefore`, least recently checked first. */
export async function stale(q: Queryable, staleBefore: Date, limit: number): Promise<PaymentRow[]> {
  const { rows } = await q.query<PaymentRow>(
    `${SELECT} WHERE p.status NOT IN ${FINAL} AND p.updated_at < $1
       AND (p.last_checked_at IS NULL OR p.last_checked_at < $1)
     ORDER BY p.last_checked_at NULLS FIRST, p.id LIMIT $2`,
    [staleBefore, limit],
  );
  return rows;
}
