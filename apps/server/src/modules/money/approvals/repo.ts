import type { ApprovalKind } from '@app/contracts/approvals';
import { fromMicro } from '@app/contracts/money';
import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface ApprovalRow {
  id: bigint;
  kind: ApprovalKind;
  user_id: bigint | null;
  username: string | null;
  amount: bigint | null;
  payload: Record<string, unknown>;
  summary: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  requested_by: bigint;
  requested_name: string;
  requested_email: string;
  requested_at: Date;
  decided_by: bigint | null;
  decided_name: string | null;
  decided_email: string | null;
  decided_at: Date | null;
  reason: string | null;
  result: string | null;
}

const name = (alias: string) => `coalesce(nullif(${alias}.fullname, ''), ${alias}.username)`;

const SELECT = `SELECT a.*, m.username,
         ${name('r')} AS requested_name, r.email AS requested_email,
         ${name('d')} AS decided_name, d.email AS decided_email
    FROM staff_approvals a
    JOIN users r ON r.id = a.requested_by
    LEFT JOIN users d ON d.id = a.decided_by
    LEFT JOIN users m ON m.id = a.user_id`;

export async function insert(
  q: Queryable,
  a: {
    kind: ApprovalKind;
    userId: number | null;
    amount: bigint | null;
    payload: unknown;
    summary: string;
    requestKey: string | null;
    requestedBy: number;
    now: Date;
  },
): Promise<{ id: bigint; created: boolean } | null> {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO staff_approvals (kind, user_id, amount, payload, summary, request_key, requested_by, requested_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (request_key) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [
      a.kind,
      a.userId,
      a.amount,
      // amounts are micro-units in the parsed request: stored as the USDT the admin typed, which the
      // request's contract parses again when the action runs
      JSON.stringify(a.payload, (_k, v) => (typeof v === 'bigint' ? fromMicro(v) : v)),
      a.summary,
      a.requestKey,
      a.requestedBy,
      a.now,
    ],
  );
  if (rows[0]) return { id: rows[0].id, created: true };
  const { rows: existing } = await q.query<{ id: bigint }>(
    `SELECT id FROM staff_approvals WHERE request_key = $1 AND status = 'pending'`,
    [a.requestKey],
  );
  // null: the pending request of that key was decided between the two statements
  return existing[0] ? { id: existing[0].id, created: false } : null;
}

export async function find(q: Queryable, id: number | bigint, lock = false): Promise<ApprovalRow | null> {
  if (lock) await q.query('SELECT 1 FROM staff_approvals WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await q.query<ApprovalRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function list(q: Queryable, f: PageRequest & { status: string }) {
  const params: unknown[] = [];
  const where = f.status === 'all' ? '' : `WHERE a.status = $${params.push(f.status)}`;
  const { rows: count } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM staff_approvals a ${where}`,
    params,
  );
  const { rows } = await q.query<ApprovalRow>(
    `${SELECT} ${where} ORDER BY a.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total: Number(count[0]!.n) };
}

export async function decide(
  q: Queryable,
  id: bigint,
  d: {
    status: 'approved' | 'rejected' | 'cancelled';
    by: number;
    now: Date;
    reason?: string;
    result?: string;
  },
) {
  await q.query(
    `UPDATE staff_approvals SET status = $2, decided_by = $3, decided_at = $4, reason = $5, result = $6
      WHERE id = $1 AND status = 'pending'`,
    [id, d.status, d.by, d.now, d.reason ?? null, d.result ?? null],
  );
}

/** What one admin approved alone, and what reached one member through solo approvals, since `since`. */
export async function soloTotals(q: Queryable, adminId: number, userId: number, since: Date) {
  const { rows } = await q.query<{ admin: string; member: string }>(
    `SELECT (SELECT coalesce(sum(amount), 0) FROM staff_solo_actions WHERE admin_id = $1 AND at > $3) AS admin,
            (SELECT coalesce(sum(amount), 0) FROM staff_solo_actions WHERE user_id = $2 AND at > $3) AS member`,
    [adminId, userId, since],
  );
  return { admin: BigInt(rows[0]!.admin), member: BigInt(rows[0]!.member) };
}

export async function recordSolo(
  q: Queryable,
  s: { adminId: number; userId: number; amount: bigint; kind: string; ref: string; now: Date },
) {
  await q.query(
    `INSERT INTO staff_solo_actions (admin_id, user_id, amount, kind, ref, at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (kind, ref) DO NOTHING`,
    [s.adminId, s.userId, s.amount, s.kind, s.ref, s.now],
  );
}
