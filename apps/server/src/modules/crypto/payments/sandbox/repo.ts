/** The sandbox provider's own table (sandbox_payments); only the sandbox reads or writes it. */
import type { Queryable } from '../../../../db/pool.js';

export interface SandboxRow {
  payment_id: bigint;
  status: string;
  price_amount: string;
  price_currency: string;
  pay_currency: string;
  pay_amount: string;
  actually_paid: string;
  pay_address: string;
  order_id: string | null;
  order_description: string | null;
  ipn_callback_url: string | null;
  purchase_id: string;
  auto: boolean;
  step: number;
  ipn_sent_status: string | null;
  ipn_attempts: number;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
}

export async function insert(
  q: Queryable,
  p: {
    priceAmount: string;
    priceCurrency: string;
    payCurrency: string;
    payAmount: string;
    payAddress: string;
    orderId: string | null;
    orderDescription: string | null;
    ipnCallbackUrl: string | null;
    purchaseId: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<SandboxRow> {
  const { rows } = await q.query<SandboxRow>(
    `INSERT INTO sandbox_payments (status, price_amount, price_currency, pay_currency, pay_amount, pay_address,
       order_id, order_description, ipn_callback_url, purchase_id, created_at, updated_at, expires_at)
     VALUES ('waiting', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) RETURNING *`,
    [
      p.priceAmount,
      p.priceCurrency,
      p.payCurrency,
      p.payAmount,
      p.payAddress,
      p.orderId,
      p.orderDescription,
      p.ipnCallbackUrl,
      p.purchaseId,
      p.now,
      p.expiresAt,
    ],
  );
  return rows[0]!;
}

export async function find(q: Queryable, id: string, lock = false): Promise<SandboxRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await q.query<SandboxRow>(
    `SELECT * FROM sandbox_payments WHERE payment_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setStatus(
  q: Queryable,
  id: bigint,
  c: { status: string; actuallyPaid: string; step: number; auto: boolean; now: Date },
): Promise<SandboxRow> {
  const { rows } = await q.query<SandboxRow>(
    `UPDATE sandbox_payments SET status = $2, actually_paid = $3, step = $4, auto = $5, updated_at = $6,
       ipn_attempts = 0
     WHERE payment_id = $1 RETURNING *`,
    [id, c.status, c.actuallyPaid, c.step, c.auto, c.now],
  );
  return rows[0]!;
}

/** The IPN of `status` reached the product (or was refused by it, which a retry would not change). */
export async function markSent(q: Queryable, id: bigint, status: string) {
  await q.query(
    'UPDATE sandbox_payments SET ipn_sent_status = $2, ipn_attempts = 0 WHERE payment_id = $1 AND status = $2',
    [id, status],
  );
}

export async function markFailed(q: Queryable, id: bigint) {
  await q.query('UPDATE sandbox_payments SET ipn_attempts = ipn_attempts + 1 WHERE payment_id = $1', [id]);
}

/** Payments with a step due, a wait that has expired, or an IPN still to deliver. */
export async function due(q: Queryable, now: Date, stepSeconds: number, maxAttempts: number) {
  const { rows } = await q.query<{ payment_id: bigint }>(
    `SELECT payment_id FROM sandbox_payments
     WHERE (auto AND $2 > 0 AND status IN ('waiting', 'confirming', 'confirmed', 'sending')
            AND created_at + make_interval(secs => $2 * (step + 1)) <= $1)
        OR (status = 'waiting' AND expires_at <= $1)
        OR (ipn_sent_status IS DISTINCT FROM status AND ipn_attempts < $3)
     ORDER BY payment_id LIMIT 200`,
    [now, stepSeconds, maxAttempts],
  );
  return rows.map((r) => r.payment_id);
}
